import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataPNG
import StrataRender
import Testing

/// Every golden scene on the GPU against the CPU renderer.
///
/// Tolerance (cross-backend): at most 0.5% of pixels may differ by more than 2 levels in
/// some channel, and the mean absolute difference of each channel must stay below 0.5/255.
/// What remains is honest: hard layer edges whose pixel centres lie exactly on an edge, and
/// float rounding of perspective maps; both backends evaluate the same coverage and
/// sampling formulas.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLGoldenTests {
  @Test(arguments: GoldenScenes.names)
  func sceneMatchesCPU(_ name: String) throws {
    let gl = try GPU.renderer()
    let s = GoldenScenes.named(name)
    let list = RenderListCompiler(width: s.width, height: s.height, scale: s.scale, background: s.background)
      .compile(s.root.snapshot())
    let cpu = CPURenderer().render(list)
    let gpu = try gl.render(list)
    let d = Difference(gpu, cpu)
    print("\(name) [\(gl.info.backendKey)] vs cpu: \(d)")
    if d.shareOver2 > 0.005 || !d.meanAbsolute.allSatisfy({ $0 < 0.5 }) {
      let dir = FileManager.default.temporaryDirectory
      try PNG.write(gpu, to: dir.appendingPathComponent("\(name).gpu.png").path)
      try PNG.write(cpu, to: dir.appendingPathComponent("\(name).cpu.png").path)
      print("wrote \(dir.path)/\(name).gpu.png and .cpu.png")
    }
    #expect(d.shareOver2 <= 0.005, "\(name): \(d)")
    #expect(d.meanAbsolute.allSatisfy { $0 < 0.5 }, "\(name): \(d)")
  }
}

import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataPNG
import StrataRender
import StrataTesting
import Testing

/// Every golden scene on the GPU against the CPU renderer.
///
/// The tier is StrataTesting's default cross-backend tier, the one the golden tests and
/// `strata parity` apply (edges, envelope, clusters, flipped pixels, flat regions, bias),
/// with no budget file. A share of pixels allowed to differ (this suite used 0.5%) would
/// accept a 6x6 block of wrong pixels; `theTierRejectsABlockOfWrongPixels` keeps it honest.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLGoldenTests {
  /// The parity check of this suite.
  static func parity(cpu: PixelBuffer, gpu: PixelBuffer) -> ImageComparison {
    ImageComparator.compare(expected: cpu.image, actual: gpu.image, tolerance: .cross)
  }

  /// A 6x6 block of wrong pixels in an otherwise identical frame fails the check.
  @Test func theTierRejectsABlockOfWrongPixels() throws {
    let s = GoldenScenes.named(GoldenScenes.names[0])
    let list = RenderListCompiler(width: s.width, height: s.height, scale: s.scale, background: s.background)
      .compile(s.snapshot)
    let cpu = try CPURenderer().render(list)
    var wrong = cpu
    for y in 20..<26 {
      for x in 30..<36 {
        let i = (y * wrong.width + x) * 4
        wrong.pixels[i] = 255 &- wrong.pixels[i]; wrong.pixels[i + 1] = 40; wrong.pixels[i + 2] = 200; wrong.pixels[i + 3] = 255
      }
    }
    #expect(!Self.parity(cpu: cpu, gpu: wrong).passed)
  }

  @Test(arguments: GoldenScenes.names + PrimitiveScenes.names)
  func sceneMatchesCPU(_ name: String) throws {
    let gl = try GPU.renderer()
    let list: RenderList
    if PrimitiveScenes.names.contains(name) {
      list = PrimitiveScenes.named(name).list
    } else {
      let s = GoldenScenes.named(name)
      list = RenderListCompiler(width: s.width, height: s.height, scale: s.scale, background: s.background).compile(s.snapshot)
    }
    let cpu = try CPURenderer().render(list)
    let gpu = try gl.render(list)
    let result = Self.parity(cpu: cpu, gpu: gpu)
    print("\(name) [\(gl.info.backendKey)] vs cpu: \(result.summary)")
    if !result.passed {
      let dir = FileManager.default.temporaryDirectory
      try PNG.write(gpu, to: dir.appendingPathComponent("\(name).gpu.png").path)
      try PNG.write(cpu, to: dir.appendingPathComponent("\(name).cpu.png").path)
      print("wrote \(dir.path)/\(name).gpu.png and .cpu.png")
    }
    #expect(result.passed, "\(name): \(result.summary)")
  }
}

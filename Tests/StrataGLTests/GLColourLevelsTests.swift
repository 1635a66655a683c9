import Strata
import StrataCPU
import StrataGL
import StrataRender
import Testing

/// An opaque solid layer's pixels are its colour rounded to the nearest 8-bit level
/// (round(c · 255), as the CPU writes them), in every frame a renderer draws, not only the
/// first. llvmpipe's linear rasteriser, which takes screen-aligned solid rectangles once
/// their shader has run, converted the colour as trunc(c · 256): from the second frame on,
/// 0.77 became 197 (not 196) and 0.23 became 58 (not 59); a colour dodge over such a layer
/// was 3 levels off (strata-fuzz seed 774, which agreed when it was rendered first).
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLColourLevelsTests {
  /// Channels whose c · 255 lies well away from a tie; trunc(c · 256) differs from the
  /// rounding for 0.77, 0.23, 0.95 and 0.97.
  static let colours = [Color(0.77, 0.23, 0.95), Color(0.97, 0.45, 0.02), Color(0.2, 0.58, 0.83)]

  static func list(_ c: Color) throws -> RenderList {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 16, height: 12)
    root.anchorPoint = .zero
    let l = Layer()
    l.frame = Rect(x: 2, y: 2, width: 10, height: 6)
    l.backgroundColor = c
    try root.addSublayer(l)
    return RenderListCompiler(width: 16, height: 12, scale: 1, background: .clear).compile(root.snapshot(at: 0))
  }

  @Test func opaqueSolidsAreRoundedToTheNearestLevelInEveryFrame() throws {
    let gl = try GPU.renderer()
    for frame in 0..<3 {
      for c in Self.colours {
        let want = [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) } + [255]
        let cpu = try CPURenderer().render(try Self.list(c))
        let gpu = try gl.render(try Self.list(c))
        let i = (4 * 16 + 5) * 4
        #expect((0..<4).map { Int(cpu.pixels[i + $0]) } == want, "cpu, \(c)")
        #expect((0..<4).map { Int(gpu.pixels[i + $0]) } == want, "gpu frame \(frame), \(c)")
      }
    }
  }
}

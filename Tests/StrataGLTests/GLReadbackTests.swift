import Strata
import StrataCPU
import StrataRender
import Testing

@testable import StrataGL

/// Reading the frame back: from BGRA targets in their own order, red and blue swapped on
/// our side (`readBGRAPixelsAsRGBA`), the bytes an RGBA read gives.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLReadbackTests {
  /// Canvases whose byte counts are and are not multiples of the swap's 64-byte step, with
  /// every channel different: the CPU's bytes exactly (solid, pixel-aligned rectangles).
  @Test(arguments: [(16, 4), (7, 5), (33, 3)])
  func bgraTargetsReadAsRGBA(size: (Int, Int)) throws {
    let gl = try GPU.renderer()
    let (w, h) = size
    var list = RenderList(width: w, height: h, background: Color(1, 0.6, 0.2, 1).premultiplied)
    let canvas = PixelBounds(x0: 0, y0: 0, x1: w, y1: h)
    let d = try #require(
      Draw.make(
        label: "r", part: "r", map: PlaneMap(toDevice: Homography(1, 0, 0, 0, 1, 0, 0, 0, 1))!,
        rect: Rect(x: 0, y: 0, width: Double(w - 1), height: 1), shape: .rect,
        paint: .solid(Color(0.2, 0.4, 0.8, 1).premultiplied), opacity: 1, clip: nil, edges: [], canvas: canvas,
        clipBounds: canvas))
    list.commands.append(.draw(d))
    let gpu = try gl.render(list)
    #expect(Array(gpu.pixels[0..<4]) == [51, 102, 204, 255])
    #expect(Array(gpu.pixels[(w * h - 1) * 4..<(w * h) * 4]) == [255, 153, 51, 255])
    #expect(gpu.pixels == (try CPURenderer().render(list)).pixels)
  }

  /// Where llvmpipe offers it (the machines these tests run on), the BGRA read is the one taken.
  @Test func llvmpipeReadsBGRA() throws {
    let gl = try GPU.renderer()
    if gl.info.isSoftware && gl.info.renderer.lowercased().contains("llvmpipe") {
      #expect(gl.info.bgraTargets && gl.info.readsBGRA)
    }
  }
}

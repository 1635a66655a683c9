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

  /// A canvas read in several bands (`GLCalls.readBandBytes`: 63 rows of 1030 pixels, the
  /// last band partial, rows not a multiple of the 64-byte step): rows on both sides of each
  /// band's edge have colours of their own, so a band read to the wrong rows, or swapped
  /// twice or not at all, differs from the CPU's bytes.
  @Test func bandsOfALargeCanvasReadInOrder() throws {
    let gl = try GPU.renderer()
    let (w, h) = (1030, 200)
    let band = GLCalls.readBandBytes / (w * 4)
    #expect(band < h / 2 && h % band != 0)
    var list = RenderList(width: w, height: h, background: Color(1, 0.6, 0.2, 1).premultiplied)
    let canvas = PixelBounds(x0: 0, y0: 0, x1: w, y1: h)
    let rows = [0, band - 1, band, 2 * band - 1, 2 * band, h - 1]
    for (k, y) in rows.enumerated() {
      let c = Color(Double(k) / 5, 1 - Double(k) / 5, 0.4, 1).premultiplied
      let d = try #require(
        Draw.make(
          label: "r\(k)", part: "r", map: PlaneMap(toDevice: Homography(1, 0, 0, 0, 1, 0, 0, 0, 1))!,
          rect: Rect(x: Double(k), y: Double(y), width: Double(w - 2 * k), height: 1), shape: .rect,
          paint: .solid(c), opacity: 1, clip: nil, edges: [], canvas: canvas, clipBounds: canvas))
      list.commands.append(.draw(d))
    }
    let gpu = try gl.render(list)
    #expect(Array(gpu.pixels[(band * w + 2) * 4..<(band * w + 3) * 4]) == [102, 153, 102, 255])
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

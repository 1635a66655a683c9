import Foundation
import Strata
import StrataGL
import StrataRender
import Testing

/// The tables the primitives of layer kinds read (gradient stops, polygon edges) on a
/// renderer's first frame, when they are made.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLKindTablesTests {
  /// A gradient and a polygon in one batch on a fresh context: each reads its own table.
  /// (Making the polygon table once bound it over the gradient table's unit, and the first
  /// frame's gradients came out transparent.)
  @Test func theFirstFrameReadsEachTable() throws {
    let gl = try GLRenderer()
    let canvas = PixelBounds(x0: 0, y0: 0, x1: 16, y1: 16)
    let map = PlaneMap(toDevice: .identity)!
    let red = GradientPaint(kind: .axial, start: Point(0, 0), end: Point(1, 0), stops: [GradientStop(0, Color(1, 0, 0))], unitRect: Rect(0, 0, 8, 8))
    let square = try #require(ConvexPolygon([Point(8, 0), Point(16, 0), Point(16, 8), Point(8, 8)]))
    var list = RenderList(width: 16, height: 16, background: .clear)
    for (rect, paint, polygon) in [(Rect(0, 0, 8, 8), Paint.gradient(red), nil), (square.boundingRect, .solid(Color.white.premultiplied), square)] {
      let d = try #require(
        Draw.make(label: "t", part: "t", map: map, rect: rect, shape: .rect, paint: paint, opacity: 1, clip: nil, edges: [],
                  polygon: polygon, canvas: canvas, clipBounds: canvas))
      list.commands.append(.draw(d))
    }
    let out = try gl.render(list)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(out.pixels[(y * 16 + x) * 4..<(y * 16 + x) * 4 + 4]) }
    #expect(pixel(4, 4) == [255, 0, 0, 255])
    #expect(pixel(12, 4) == [255, 255, 255, 255])
  }
}

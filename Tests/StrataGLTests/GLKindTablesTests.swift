import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataRender
import StrataGoldenScenes
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

  /// More clips, gradients and polygons than the texture limit has rows: the tables wrap
  /// into blocks side by side (`TableLayout`), and the frame is drawn as with room to spare
  /// (200 crossing planes cut into 38,000 pieces, each a polygon clip, were refused).
  @Test func tablesLongerThanTheTextureLimitWrap() throws {
    let cells = (0..<100).map { i -> Layer in
      let g = GradientLayer(frame: Rect(Double(i % 10) * 12 + 1, Double(i / 10) * 12 + 1, 10, 10))
      g.colors = [Color(Double(i % 10) / 9, 0.2, 0.9), Color(0.1, Double(i / 10) / 9, 0.3)]
      g.cornerRadius = 3
      g.masksToBounds = true
      let inner = Layer(frame: Rect(2, 2, 8, 5))
      inner.backgroundColor = Color(1, 1, 1, 0.6)
      inner.transform = .rotation(0.3 + Double(i) * 0.05, 0, 0, 1)
      try! g.addSublayer(inner)
      return g
    }
    var list = RenderListCompiler(width: 120, height: 120, background: Color(0, 0, 0)).compile(root(120, 120, cells).snapshot())
    // And 100 convex polygons (triangles) of their own, their hard edges clear of pixel
    // centres (a centre exactly on one is decided by the float arithmetic of each backend).
    let canvas = PixelBounds(x0: 0, y0: 0, x1: 120, y1: 120)
    for i in 0..<100 {
      let x = Double(i % 10) * 12, y = Double(i / 10) * 12
      let tri = try #require(ConvexPolygon([Point(x + 1.2, y + 10.9), Point(x + 6.1, y + 5.8), Point(x + 10.8, y + 10.9)]))
      let d = try #require(
        Draw.make(label: "tri", part: "t", map: PlaneMap(toDevice: .identity)!, rect: tri.boundingRect, shape: .rect,
                  paint: .solid(Color(1, 0.5, 0, 0.7).premultiplied), opacity: 1, clip: nil, edges: [], polygon: tri,
                  canvas: canvas, clipBounds: canvas))
      list.commands.append(.draw(d))
    }
    #expect(list.clips.count > 64)
    let small = try GLRenderer(options: GLRenderer.Options(maxTextureSize: 64))
    let wrapped = try small.render(list)
    let roomy = try GLRenderer().render(list)
    let cpu = try CPURenderer().render(list)
    #expect(Difference(wrapped, roomy).largest <= 1, "\(Difference(wrapped, roomy))")
    #expect(Difference(wrapped, cpu).largest <= 3, "\(Difference(wrapped, cpu))")
  }
}

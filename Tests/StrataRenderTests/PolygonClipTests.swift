import Strata
import StrataRender
import Testing

/// `ClipShape.polygon`: the clip the compiler gives each piece of a plane that 3D sorting
/// split, and its line in the render list's text form.
@Suite struct PolygonClipTests {
  let canvas = PixelBounds(x0: 0, y0: 0, x1: 64, y1: 64)
  let flat = PlaneMap(toDevice: .identity)!
  let triangle = [Point(10, 10), Point(30, 10), Point(10, 30)]

  /// Hard edges: the pixels whose centres the outline can hold; soft: one more around.
  /// The rectangle is the polygon's box grown by 2 device pixels, so it never cuts.
  @Test func boundsComeFromTheOutline() throws {
    let poly = try #require(ConvexPolygon(triangle))
    let hard = try #require(ClipShape.polygon(poly, map: flat, parent: nil, parentBounds: nil, canvas: canvas))
    #expect(hard.deviceBounds == PixelBounds(x0: 10, y0: 10, x1: 30, y1: 30))
    #expect(hard.rect == Rect(8, 8, 24, 24))
    #expect(hard.radii.isZero && !hard.isPixelAligned && hard.parent == nil)
    let softPoly = try #require(ConvexPolygon(triangle, softEdges: [false, true, false]))
    let soft = try #require(ClipShape.polygon(softPoly, map: flat, parent: nil, parentBounds: nil, canvas: canvas))
    #expect(soft.deviceBounds == PixelBounds(x0: 9, y0: 9, x1: 31, y1: 31))
  }

  /// Nothing left: off the canvas, outside the parent, or behind the eye.
  @Test func nilWhenNothingIsLeft() throws {
    let poly = try #require(ConvexPolygon(triangle))
    let moved = try #require(PlaneMap(toDevice: Homography(1, 0, 100, 0, 1, 0, 0, 0, 1)))
    #expect(ClipShape.polygon(poly, map: moved, parent: nil, parentBounds: nil, canvas: canvas) == nil)
    #expect(ClipShape.polygon(
      poly, map: flat, parent: 0, parentBounds: PixelBounds(x0: 40, y0: 0, x1: 64, y1: 64), canvas: canvas) == nil)
    let inside = try #require(ClipShape.polygon(
      poly, map: flat, parent: 3, parentBounds: PixelBounds(x0: 20, y0: 0, x1: 64, y1: 64), canvas: canvas))
    #expect(inside.parent == 3 && inside.deviceBounds == PixelBounds(x0: 20, y0: 10, x1: 30, y1: 30))
    // w < 0 everywhere on the plane: behind the eye.
    let behind = try #require(PlaneMap(toDevice: Homography(1, 0, 0, 0, 1, 0, 0, 0, -1)))
    #expect(ClipShape.polygon(poly, map: behind, parent: nil, parentBounds: nil, canvas: canvas) == nil)
  }

  @Test func textFormShowsThePolygon() throws {
    var list = RenderList(width: 64, height: 64, background: .clear)
    let poly = try #require(ConvexPolygon(triangle, softEdges: [false, true, false]))
    list.clips.append(try #require(ClipShape.polygon(poly, map: flat, parent: nil, parentBounds: nil, canvas: canvas)))
    #expect(list.textDescription == """
      canvas 64x64 background #00000000
      clip #0 rect (8 8 24 24) polygon [10 10, 30 10 aa, 10 30] map [1 0 0 0 1 0] pixels [9 9 31 31]

      """)
  }
}

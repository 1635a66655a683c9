import Foundation
import Strata
import StrataCPU
import StrataRender
import Testing

@testable import StrataGL

/// The fans that draws cut to convex polygons are drawn with (`InstanceData+Fan`): they hold
/// their polygon grown by the margin, and no more than that where the polygon has up to
/// four corners (a thin wedge is not drawn as its rectangle or bounding box).
@Suite struct PolygonFanTests {
  static func area(_ p: [Point]) -> Double {
    var a = 0.0
    for i in p.indices {
      let q = p[i], r = p[(i + 1) % p.count]
      a += q.x * r.y - r.x * q.y
    }
    return abs(a) / 2
  }

  /// The signed distance from `p` to the convex polygon's outline, negative inside.
  static func distance(_ p: Point, to poly: [Point]) -> Double {
    let sign: Double = {
      var a = 0.0
      for i in poly.indices { a += poly[i].x * poly[(i + 1) % poly.count].y - poly[(i + 1) % poly.count].x * poly[i].y }
      return a > 0 ? 1 : -1
    }()
    var outside = -Double.infinity
    for i in poly.indices {
      let a = poly[i], b = poly[(i + 1) % poly.count]
      let dx = b.x - a.x, dy = b.y - a.y, len = (dx * dx + dy * dy).squareRoot()
      // Positive to the right of a → b: outside for a positive-area polygon.
      outside = max(outside, sign * (dy * (p.x - a.x) - dx * (p.y - a.y)) / len)
    }
    return outside
  }

  static func contains(_ fan: [Point], _ p: Point) -> Bool {
    var dedup: [Point] = []
    for q in fan where dedup.last.map({ $0.x != q.x || $0.y != q.y }) ?? true { dedup.append(q) }
    return distance(p, to: dedup) <= 1e-9
  }

  /// Thin wedges and quadrilaterals, under the identity map: every point within the margin
  /// of the polygon is in its fan, and the fan is the polygon grown, not its box.
  @Test(arguments: [0.02, 0.1, 0.5, 1.5])
  func fanHoldsTheGrownPolygon(angle: Double) throws {
    let map = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)
    let c = Point(x: 40.3, y: 30.7)
    let tip = [c, Point(x: c.x + 35 * cos(0.3), y: c.y + 35 * sin(0.3)), Point(x: c.x + 35 * cos(0.3 + angle), y: c.y + 35 * sin(0.3 + angle))]
    let quad = tip + [Point(x: c.x + 10 * cos(0.3 + angle / 2), y: c.y + 40 * sin(0.3 + angle / 2))]
    for points in [tip, [tip[0], tip[1], quad[3], tip[2]]] {
      guard let polygon = ConvexPolygon(points) else { continue }
      let fan = try #require(InstanceData.fan(polygon, rect: Rect(0, 0, 100, 80), expand: 0, map: map))
      #expect(fan.count == 4)
      let m = InstanceData.fanMargin
      var checked = 0
      for gy in stride(from: 20.0, through: 80, by: 0.37) {
        for gx in stride(from: 30.0, through: 80, by: 0.37) {
          let p = Point(x: gx, y: gy)
          if Self.distance(p, to: points) <= 0.99 * m {
            #expect(Self.contains(fan, p), "\(p) is within the margin of \(points) but not in \(fan)")
            checked += 1
          }
        }
      }
      #expect(checked > 10)
      // Grown by the margin along the outline (the miters of sharp corners are thin).
      let perimeter = points.indices.reduce(0.0) { s, i in
        let a = points[i], b = points[(i + 1) % points.count]
        return s + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      }
      #expect(Self.area(fan) <= Self.area(points) + perimeter * m + 2, "\(fan)")
    }
  }

  /// A polygon of more corners is drawn as its device bounding box, grown; one cut by the
  /// quad's rectangle as its part inside.
  @Test func moreCornersTakeTheBoundingBox() throws {
    let map = Homography(2, 0, 5, 0, 2, 7, 0, 0, 1)
    let hexagon = try #require(ConvexPolygon((0..<6).map { k in Point(x: 20 + 10 * cos(Double(k) * .pi / 3), y: 20 + 10 * sin(Double(k) * .pi / 3)) }))
    let fan = try #require(InstanceData.fan(hexagon, rect: Rect(0, 0, 100, 100), expand: 0, map: map))
    let m = InstanceData.fanMargin
    #expect(fan.map(\.x).min()! == 2 * 10 + 5 - m && fan.map(\.x).max()! == 2 * 30 + 5 + m)
    // Only its part inside the rectangle (x ≤ 20 of the plane: the left half) counts.
    let half = try #require(InstanceData.fan(hexagon, rect: Rect(0, 0, 20, 100), expand: 0, map: map))
    #expect(half.map(\.x).max()! < 2 * 20 + 5 + 1)
  }

  /// Under perspective, 120 wedges meeting at a point and covering a disc, drawn through
  /// their fans: every pixel inside the disc is drawn (the fans hold every pixel centre the
  /// wedges do), and the GPU's frame is the CPU's.
  @Test(.enabled(if: GPU.runs, GPU.skipReason)) func wedgesUnderPerspectiveHaveNoSeams() throws {
    let gl = try GPU.renderer()
    let canvas = PixelBounds(x0: 0, y0: 0, x1: 120, y1: 100)
    let t = Transform3D.translation(-50, -40, 0).concatenating(.rotation(0.7, 1, 0.4, 0))
      .concatenating(.perspective(250)).concatenating(.translation(60, 50, 0))
    let map = try #require(PlaneMap(toDevice: Homography(t)))
    let c = Point(x: 50.17, y: 40.29), r = 36.0, n = 120
    var list = RenderList(width: 120, height: 100, background: Color(0, 0, 0).premultiplied)
    for k in 0..<n {
      let a0 = 2 * Double.pi * Double(k) / Double(n), a1 = 2 * Double.pi * Double(k + 1) / Double(n)
      let wedge = try #require(ConvexPolygon([c, Point(x: c.x + r * cos(a0), y: c.y + r * sin(a0)), Point(x: c.x + r * cos(a1), y: c.y + r * sin(a1))]))
      let d = try #require(
        Draw.make(label: "wedge", part: "w", map: map, rect: Rect(0, 0, 100, 80), shape: .rect,
                  paint: .solid(Color(1, 1, 1).premultiplied), opacity: 1, clip: nil, edges: [], polygon: wedge,
                  canvas: canvas, clipBounds: canvas))
      list.commands.append(.draw(d))
    }
    let gpu = try gl.render(list)
    var inside = 0, missing = 0
    for y in 0..<100 {
      for x in 0..<120 {
        guard let p = map.fromDevice.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
        let dx = p.x - c.x, dy = p.y - c.y
        guard (dx * dx + dy * dy).squareRoot() < r * cos(Double.pi / Double(n)) - 1 else { continue }
        inside += 1
        if gpu.pixels[(y * 120 + x) * 4] != 255 { missing += 1 }
      }
    }
    #expect(inside > 2000)
    #expect(missing == 0, "\(missing) of \(inside) pixels inside the wedges were not drawn")
    let d = Difference(gpu, try CPURenderer().render(list))
    #expect(d.pixelsOver2 <= 2, "\(d)")
  }
}

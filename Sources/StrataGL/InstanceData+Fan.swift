import Strata
import StrataRender

/// The fan of a draw cut to a convex polygon (`Draw.polygon`: the pieces of a 3D context,
/// kinds' polygon fills): four device points that `draw.vert` draws instead of the draw's
/// rectangle, so that the GPU shades the polygon's pixels rather than every pixel of the
/// rectangle it cuts. PLANES200's 38,811 pieces are thin wedges of 300 × 200 point planes:
/// their rectangles cover about 580 million fragments a frame, their polygons a few
/// million. The shader still decides every pixel (the rectangle's edges, the polygon's,
/// the clip), so the fan only has to hold every pixel the draw can touch.
extension InstanceData {
  /// Device pixels by which a fan exceeds its polygon: more than the GPU's snapping of
  /// vertices (1/256 px on llvmpipe), so that every pixel whose centre the polygon holds is
  /// rasterised and the shader decides it as the CPU does (as the quads' 1/32 px in
  /// `instance`). A pixel more where an edge is anti-aliased: its ramp reaches half a pixel
  /// past the edge.
  static let fanMargin = 1.0 / 16

  /// Four device points in order whose fan holds the part of `polygon` inside `rect` grown
  /// by `expand` (the quad `draw.vert` would draw, in the plane of `map`), grown by
  /// `fanMargin`: that part itself when it has at most four corners (padded by repeating
  /// the last; nearly all pieces of a context are triangles), else its device bounding
  /// box. Nil when nothing of it lies in front of the eye or it has no area (the quad is
  /// drawn then).
  ///
  /// - Complexity: O(points of the polygon).
  static func fan(_ polygon: ConvexPolygon, rect: Rect, expand: Double, map: Homography) -> [Point]? {
    let r = rect.standardized
    let inside = clip(
      polygon.points, toX: r.minX - expand, r.maxX + expand, y: r.minY - expand, r.maxY + expand)
    var device: [Point] = []
    for p in DevicePolygon.project(inside, map) {
      if let last = device.last, abs(last.x - p.x) < 1e-7 && abs(last.y - p.y) < 1e-7 { continue }
      device.append(p)
    }
    if let first = device.first, let last = device.last, device.count > 1,
      abs(last.x - first.x) < 1e-7 && abs(last.y - first.y) < 1e-7
    {
      device.removeLast()
    }
    guard device.count >= 3 else { return nil }
    let margin = fanMargin + (polygon.softEdges.contains(true) ? 1 : 0)
    if device.count <= 4, var grown = offset(device, by: margin) {
      while grown.count < 4 { grown.append(grown[grown.count - 1]) }
      return grown
    }
    let xs = device.map(\.x), ys = device.map(\.y)
    let x0 = xs.min()! - margin, x1 = xs.max()! + margin, y0 = ys.min()! - margin, y1 = ys.max()! + margin
    return [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
  }

  /// The convex polygon `points` with every edge moved out by `margin`: each corner goes
  /// to where its edges' moved lines meet. Nil without an area, or where a corner so sharp
  /// would go further than 10⁴ pixels (the bounding box is drawn then).
  static func offset(_ points: [Point], by margin: Double) -> [Point]? {
    var area = 0.0
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      area += a.x * b.y - b.x * a.y
    }
    guard area != 0, area.isFinite else { return nil }
    // Outward: to the right of a → b when the polygon winds with a positive area.
    let sign: Double = area > 0 ? 1 : -1
    func outward(_ a: Point, _ b: Point) -> SIMD2<Double> {
      let d = SIMD2(b.x - a.x, b.y - a.y)
      return SIMD2(d.y, -d.x) * (sign / (d * d).sum().squareRoot())
    }
    var out: [Point] = []
    for i in points.indices {
      let prev = points[(i + points.count - 1) % points.count], p = points[i], next = points[(i + 1) % points.count]
      let n1 = outward(prev, p), n2 = outward(p, next)
      let denominator = 1 + (n1 * n2).sum()
      guard denominator > 1e-9 else { return nil }
      let move = (n1 + n2) * (margin / denominator)
      guard (move * move).sum() < 1e8 else { return nil }
      out.append(Point(x: p.x + move.x, y: p.y + move.y))
    }
    return out
  }

  /// The part of the convex polygon `points` within x0...x1 and y0...y1.
  static func clip(_ points: [Point], toX x0: Double, _ x1: Double, y y0: Double, _ y1: Double) -> [Point] {
    var poly = points
    // Each side as (a, b, c): kept where a·x + b·y + c ≥ 0.
    for (a, b, c) in [(1.0, 0.0, -x0), (-1.0, 0.0, x1), (0.0, 1.0, -y0), (0.0, -1.0, y1)] {
      let f = poly.map { a * $0.x + b * $0.y + c }
      guard f.contains(where: { $0 < 0 }) else { continue }
      var out: [Point] = []
      for i in poly.indices {
        let j = (i + 1) % poly.count
        if f[i] >= 0 { out.append(poly[i]) }
        if (f[i] >= 0) != (f[j] >= 0) {
          let t = f[i] / (f[i] - f[j])
          out.append(Point(x: poly[i].x + t * (poly[j].x - poly[i].x), y: poly[i].y + t * (poly[j].y - poly[i].y)))
        }
      }
      poly = out
      if poly.count < 3 { return [] }
    }
    return poly
  }
}

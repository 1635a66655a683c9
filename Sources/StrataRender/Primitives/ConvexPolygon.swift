import Strata

/// A convex polygon in a draw's plane: `Draw.polygon` cuts the draw to it. With the
/// plane's homogeneous map to the device it covers the pieces 3D plane splitting makes of a
/// layer (a piece of a plane is a convex polygon in that plane), drawn perspective-correct
/// like the layer, texture and all; with the identity map it is a polygon in device pixels.
///
/// Each edge is anti-aliased (one device pixel wide, like a layer's edges) or hard
/// (decided at pixel centres). A hard edge shared by two polygons, one on each side, gives
/// each pixel centre on it to exactly one of them (`Coverage.halfPlane`), so split pieces
/// meet without gaps or double-drawn pixels.
public struct ConvexPolygon: Hashable, Sendable, CustomStringConvertible {
  /// The vertices in order, either winding.
  public let points: [Point]
  /// Per edge, from `points[i]` to `points[(i + 1) % count]`: anti-aliased or hard.
  public let softEdges: [Bool]
  /// Per edge: the inward unit normal `(nx, ny)` and offset `c`, so that
  /// `nx·u + ny·v + c` is the signed distance (positive inside) in plane units.
  public let edges: [SIMD3<Double>]

  /// The polygon through `points` (at least 3, convex, with an area); nil otherwise.
  /// Collinear neighbours are allowed. `softEdges` has one flag per edge; nil makes every
  /// edge hard.
  public init?(_ points: [Point], softEdges: [Bool]? = nil) {
    guard points.count >= 3, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
    precondition(softEdges == nil || softEdges!.count == points.count, "ConvexPolygon needs one edge flag per vertex")
    var area = 0.0
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      area += a.x * b.y - b.x * a.y
    }
    guard area != 0 else { return nil }
    let sign: Double = area > 0 ? 1 : -1
    // Convex: every corner turns the way the whole polygon winds (or goes straight on).
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count], c = points[(i + 2) % points.count]
      let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
      if turn * sign < 0 { return nil }
    }
    var edges: [SIMD3<Double>] = []
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      // The line is computed from its endpoints in a fixed order, so a neighbour sharing
      // the edge (walking it the other way) gets exactly the negated line.
      let forward = (a.x, a.y) < (b.x, b.y)
      let (p, q) = forward ? (a, b) : (b, a)
      let dx = q.x - p.x, dy = q.y - p.y, len = (dx * dx + dy * dy).squareRoot()
      if len == 0 {
        edges.append(SIMD3(0, 0, 1))  // a repeated vertex: an edge that excludes nothing
        continue
      }
      // Inward: to the left of a → b for counter-clockwise (positive-area) winding.
      let flip = (forward ? 1.0 : -1.0) * sign
      let nx = -dy / len, ny = dx / len, c = -(nx * p.x + ny * p.y)
      edges.append(SIMD3(nx * flip, ny * flip, c * flip))
    }
    self.points = points
    self.softEdges = softEdges ?? [Bool](repeating: false, count: points.count)
    self.edges = edges
  }

  /// The polygon whose device-space outline is `devicePoints` (after the perspective
  /// divide: what 3D plane splitting produces), in the plane of `map`; nil if a point does
  /// not lie in front of the eye on that plane or the result is not a convex polygon.
  public init?(devicePoints: [Point], in map: PlaneMap, softEdges: [Bool]? = nil) {
    var plane: [Point] = []
    for d in devicePoints {
      guard let (u, v, _) = Projection.unproject(map.fromDevice, x: d.x, y: d.y) else { return nil }
      plane.append(Point(x: u, y: v))
    }
    self.init(plane, softEdges: softEdges)
  }

  /// The smallest rectangle holding the polygon.
  public var boundingRect: Rect {
    let xs = points.map(\.x), ys = points.map(\.y)
    return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }

  /// The edges in single precision, as the pixel loops and the GPU table read them:
  /// `(nx, ny, c, soft)`.
  public var floatEdges: [SIMD4<Float>] {
    zip(edges, softEdges).map { e, s in SIMD4(Float(e.x), Float(e.y), Float(e.z), s ? 1 : 0) }
  }

  public static func == (a: Self, b: Self) -> Bool { a.points == b.points && a.softEdges == b.softEdges }
  public func hash(into h: inout Hasher) {
    h.combine(points)
    h.combine(softEdges)
  }

  public var description: String {
    points.enumerated().map { i, p in "\(fmt([p.x, p.y]))\(softEdges[i] ? " aa" : "")" }.joined(separator: ", ")
  }
}

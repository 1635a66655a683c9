import StrataPath

/// A region of the plane given as closed polygons filled nonzero (a stroke outline as a set
/// of points), with the queries an outline comparison needs: whether a point is inside, and
/// where its boundary is. Edges are binned by row so that a query looks at a few of them.
struct Region {
  struct Edge {
    var a: PathPoint
    var b: PathPoint
  }

  let edges: [Edge]
  private let bins: [Int: [Int]]
  private static let binSize = 1.0

  /// The region of `path` filled nonzero, flattened within `tolerance`.
  init(_ path: Path, tolerance: Double = 0.002) {
    var edges: [Edge] = []
    for line in Flattener.polylines(of: path, tolerance: tolerance) where line.points.count >= 2 {
      for i in line.points.indices {
        let a = line.points[i], b = line.points[(i + 1) % line.points.count]
        if a != b { edges.append(Edge(a: a, b: b)) }
      }
    }
    var bins: [Int: [Int]] = [:]
    for (i, e) in edges.enumerated() {
      let lo = Int((min(e.a.y, e.b.y) / Self.binSize).rounded(.down))
      let hi = Int((max(e.a.y, e.b.y) / Self.binSize).rounded(.down))
      for k in lo...hi { bins[k, default: []].append(i) }
    }
    self.edges = edges
    self.bins = bins
  }

  /// The winding number of `p`: signed crossings of the ray from `p` towards +x.
  func winding(at p: PathPoint) -> Int {
    var w = 0
    for i in bins[Int((p.y / Self.binSize).rounded(.down))] ?? [] {
      let e = edges[i]
      if e.a.y <= p.y && e.b.y > p.y {
        if (e.b - e.a).cross(p - e.a) > 0 { w += 1 }
      } else if e.b.y <= p.y && e.a.y > p.y {
        if (e.b - e.a).cross(p - e.a) < 0 { w -= 1 }
      }
    }
    return w
  }

  func contains(_ p: PathPoint) -> Bool { winding(at: p) != 0 }

  /// Points on the region's boundary, about `spacing` apart, with unit normals pointing out
  /// of the region. Points on edges inside the region (where overlapping pieces meet) or
  /// within `spacing / 4` of an edge's ends (corners, whose normal is not defined) are left
  /// out.
  func boundary(spacing: Double) -> [(point: PathPoint, outward: PathPoint)] {
    var out: [(PathPoint, PathPoint)] = []
    let eps = 1e-4
    for e in edges {
      let d = e.b - e.a
      let length = d.length
      guard length > spacing / 2, let t = d.normalized else { continue }
      let n = t.perpendicular
      let count = Int((length / spacing).rounded(.up))
      for k in 0..<count {
        let s = (Double(k) + 0.5) / Double(count)
        if s * length < spacing / 4 || (1 - s) * length < spacing / 4 { continue }
        let p = e.a + d * s
        let plus = contains(p + n * eps), minus = contains(p - n * eps)
        if plus != minus { out.append((p, plus ? -n : n)) }
      }
    }
    return out
  }

  /// Whether the region is the same (all inside or all outside) at `q` and at 16 points
  /// around it at `radius`: a probe that far from the boundary says something definite.
  func isUniform(around q: PathPoint, radius: Double) -> Bool {
    let inside = contains(q)
    for k in 0..<16 {
      let a = Double(k) * .pi / 8
      if contains(q + PathPoint(radius * cos(a), radius * sin(a))) != inside { return false }
      if contains(q + PathPoint(radius / 2 * cos(a), radius / 2 * sin(a))) != inside { return false }
    }
    return true
  }
}

/// How two regions' boundaries compare: probing each boundary `distance` to either side
/// and asking the other region whether it agrees there. A disagreement at a probe that is
/// `distance` clear of the first region's own boundary means the boundaries are more than
/// about `distance` apart there.
struct BoundaryComparison {
  var probes = 0
  var disagreements: [PathPoint] = []

  init(_ a: Region, _ b: Region, distance: Double, spacing: Double = 0.1) {
    for (p, out) in a.boundary(spacing: spacing) {
      for q in [p + out * distance, p - out * distance] {
        probes += 1
        if a.contains(q) != b.contains(q) && a.isUniform(around: q, radius: distance * 0.9) {
          disagreements.append(q)
        }
      }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

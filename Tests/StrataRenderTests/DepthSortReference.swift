import Strata

@testable import StrataRender

/// The depth sort as it was before its inner loops were tuned (plain arrays of vertex
/// structs, every side of a vertex computed where it is needed, one core), kept to check
/// that the tuned sort makes the same pieces, bit for bit, in the same order
/// (`DepthSortEquivalenceTests`).
struct DepthSortReference {
  struct Vertex {
    var local: SIMD2<Double>
    var x: Double, y: Double, z: Double
    var cutEdge = false
  }

  struct Polygon {
    var plane: Int
    var start: Int
    var count: Int
    var isCut: Bool
  }

  /// A piece: its plane, and for a cut piece its outline and which edges are cuts.
  struct Piece: Equatable {
    var plane: Int
    var outline: [SIMD2<UInt64>]?
    var cutEdges: [Bool]?
  }

  let transforms: [Transform3D]
  let equations: [SIMD4<Double>]
  let epsilon: Double
  var vertices: [Vertex] = []
  var pieces: [Piece] = []

  /// `DepthSort.order` on one core, the old way.
  static func order(_ planes: [DepthSort.Plane], epsilon: Double) -> (pieces: [Piece], usedTree: Bool) {
    var equations: [SIMD4<Double>] = []
    var outlines: [(Int, [Point])] = []
    for (i, p) in planes.enumerated() {
      let clipped = DepthSort.clipInFront(p.outline, p.toSortSpace)
      guard clipped.count >= 3, let eq = DepthSort.equation(clipped.map { DepthSort.project(p.toSortSpace, $0) }) else {
        equations.append(.zero)
        continue
      }
      equations.append(eq)
      outlines.append((i, clipped))
    }
    if !DepthSort.anyOverlap(outlines.map { i, o in o.map { DepthSort.project(planes[i].toSortSpace, $0) } }) {
      return (outlines.map { Piece(plane: $0.0) }, false)
    }
    var tree = DepthSortReference(transforms: planes.map(\.toSortSpace), equations: equations, epsilon: epsilon)
    let polys = outlines.map { tree.add(plane: $0.0, local: $0.1) }
    tree.sort(polys)
    return (tree.pieces, true)
  }

  mutating func add(plane: Int, local: [Point]) -> Polygon {
    let start = vertices.count
    for p in local { vertices.append(Self.vertex(p, transforms[plane])) }
    return Polygon(plane: plane, start: start, count: local.count, isCut: false)
  }

  /// A recursive BSP: each list's first polygon splits the rest, the far side first.
  mutating func sort(_ list: [Polygon]) {
    guard let root = list.first else { return }
    let eq = equations[root.plane]
    var front: [Polygon] = [], back: [Polygon] = [], coplanar = [root]
    for q in list.dropFirst() {
      let (positive, negative) = sides(q, eq)
      if !positive && !negative {
        coplanar.append(q)
      } else if !negative {
        front.append(q)
      } else if !positive {
        back.append(q)
      } else {
        let (f, b) = split(q, eq)
        if let f { front.append(f) }
        if let b { back.append(b) }
      }
    }
    coplanar.sort { $0.plane < $1.plane }
    let towardsViewer = eq.z > 0
    sort(towardsViewer ? back : front)
    for p in coplanar { append(p) }
    sort(towardsViewer ? front : back)
  }

  mutating func append(_ p: Polygon) {
    guard p.isCut else {
      pieces.append(Piece(plane: p.plane))
      return
    }
    let vs = vertices[p.start..<(p.start + p.count)]
    pieces.append(
      Piece(
        plane: p.plane, outline: vs.map { SIMD2($0.local.x.bitPattern, $0.local.y.bitPattern) },
        cutEdges: vs.map(\.cutEdge)))
  }

  static func vertex(_ p: Point, _ t: Transform3D) -> Vertex {
    let s = DepthSort.project(t, p)
    return Vertex(local: SIMD2(p.x, p.y), x: s.x, y: s.y, z: s.z)
  }

  func side(_ v: Vertex, _ eq: SIMD4<Double>) -> Int {
    let d = eq.x * v.x + eq.y * v.y + eq.z * v.z + eq.w
    return abs(d) <= epsilon ? 0 : (d > 0 ? 1 : -1)
  }

  func sides(_ q: Polygon, _ eq: SIMD4<Double>) -> (positive: Bool, negative: Bool) {
    var positive = false, negative = false
    for i in q.start..<(q.start + q.count) {
      let s = side(vertices[i], eq)
      if s > 0 { positive = true } else if s < 0 { negative = true }
    }
    return (positive, negative)
  }

  mutating func split(_ q: Polygon, _ eq: SIMD4<Double>) -> (front: Polygon?, back: Polygon?) {
    var parts: (front: Polygon?, back: Polygon?) = (nil, nil)
    let m = transforms[q.plane]
    let line = SIMD3(
      eq.x * m.m11 + eq.y * m.m12 + eq.z * m.m13 + eq.w * m.m14,
      eq.x * m.m21 + eq.y * m.m22 + eq.z * m.m23 + eq.w * m.m24,
      eq.x * m.m41 + eq.y * m.m42 + eq.z * m.m43 + eq.w * m.m44)
    var cuts: [Int: Vertex] = [:]
    for keep in [1, -1] {
      let start = vertices.count
      for k in 0..<q.count {
        let a = vertices[q.start + k], b = vertices[q.start + (k + 1) % q.count]
        let sa = side(a, eq), sb = side(b, eq)
        if sa * keep >= 0 { vertices.append(a) }
        if sa * sb < 0 {
          var v: Vertex
          if let c = cuts[k] {
            v = c
          } else {
            let ga = line.x * a.local.x + line.y * a.local.y + line.z
            let gb = line.x * b.local.x + line.y * b.local.y + line.z
            let p = a.local + (b.local - a.local) * (ga / (ga - gb))
            v = Self.vertex(Point(x: p.x, y: p.y), m)
            cuts[k] = v
          }
          v.cutEdge = sa * keep > 0 || a.cutEdge
          vertices.append(v)
        }
      }
      let count = vertices.count - start
      guard count >= 3 else {
        vertices.removeSubrange(start...)
        continue
      }
      for k in start..<(start + count) {
        let a = vertices[k], b = vertices[start + (k - start + 1) % count]
        if side(a, eq) == 0 && side(b, eq) == 0 { vertices[k].cutEdge = true }
      }
      let part = Polygon(plane: q.plane, start: start, count: count, isCut: true)
      if keep > 0 { parts.front = part } else { parts.back = part }
    }
    return parts
  }
}

import Strata

extension DepthSort {
  /// A polygon's vertex: in its plane, and in sort space after the divide (w kept in the
  /// fourth component).
  struct Vertex {
    var local: SIMD2<Double>
    /// x, y and z after the divide.
    var x: Double, y: Double, z: Double
    /// Whether the edge to the next vertex lies on a cut (not on the outline given).
    var cutEdge = false
  }

  /// A polygon being sorted: a run of the vertex pool, so that no polygon owns an array.
  struct Polygon {
    var plane: Int
    var start: Int
    var count: Int
    var isCut: Bool
  }

  /// The BSP tree: nodes, vertices and pending lists in a few pooled arrays, built
  /// and walked with explicit stacks, so that sorting allocates next to nothing per piece
  /// and deep trees cannot exhaust a thread's stack.
  struct Tree {
    struct Node {
      /// The splitter's plane: normal and offset.
      var equation: SIMD4<Double>
      /// The splitting polygon and those coplanar with it, in document order: a run of
      /// `coplanarPool`.
      var coplanarStart: Int
      var coplanarCount: Int
      var front = -1
      var back = -1
    }

    let planes: [Plane]
    let equations: [SIMD4<Double>]
    let epsilon: Double
    var nodes: [Node] = []
    var vertices: [Vertex] = []
    var coplanarPool: [Polygon] = []

    init(planes: [Plane], equations: [SIMD4<Double>], epsilon: Double) {
      self.planes = planes; self.equations = equations; self.epsilon = epsilon
    }

    /// Adds a whole polygon (a plane, or its part in front of the eye) to the vertex pool.
    mutating func add(plane: Int, local: [Point]) -> Polygon {
      let start = vertices.count
      let t = planes[plane].toSortSpace
      for p in local { vertices.append(Self.vertex(p, t)) }
      return Polygon(plane: plane, start: start, count: local.count, isCut: false)
    }

    /// Builds the tree of `polys` (document order): each list's first polygon splits the rest.
    ///
    /// Pending lists live on one stack of polygons: the list being split is always the top
    /// one, and is replaced by its back list and then its front list, so the front is next.
    mutating func build(_ polys: [Polygon]) {
      var stack = polys
      // Pending lists: (start in `stack`, count, parent node, is the parent's front side).
      var work: [(Int, Int, Int, Bool)] = [(0, polys.count, -1, false)]
      var front: [Polygon] = [], back: [Polygon] = [], coplanar: [Polygon] = []
      while let (start, count, parent, isFront) = work.popLast() {
        let root = stack[start]
        let eq = equations[root.plane]
        front.removeAll(keepingCapacity: true)
        back.removeAll(keepingCapacity: true)
        coplanar.removeAll(keepingCapacity: true)
        coplanar.append(root)
        for k in (start + 1)..<(start + count) {
          let q = stack[k]
          let (positive, negative) = sides(q, eq)
          if !positive && !negative {
            coplanar.append(q)
          } else if !negative {
            front.append(q)
          } else if !positive {
            back.append(q)
          } else {
            split(q, eq, front: &front, back: &back)
          }
        }
        if coplanar.count > 1 { coplanar.sort { $0.plane < $1.plane } }
        nodes.append(Node(equation: eq, coplanarStart: coplanarPool.count, coplanarCount: coplanar.count))
        coplanarPool += coplanar
        let index = nodes.count - 1
        if parent >= 0 {
          if isFront { nodes[parent].front = index } else { nodes[parent].back = index }
        }
        stack.removeSubrange(start...)
        if !back.isEmpty {
          work.append((stack.count, back.count, index, false))
          stack += back
        }
        if !front.isEmpty {
          work.append((stack.count, front.count, index, true))
          stack += front
        }
      }
    }

    /// The pieces back to front: at each node, the side away from the viewer first.
    func walk() -> Result {
      var result = Result(pieces: [], usedTree: true)
      guard !nodes.isEmpty else { return result }
      result.pieces.reserveCapacity(coplanarPool.count)
      let outlineVertices = coplanarPool.reduce(0) { $0 + ($1.isCut ? $1.count : 0) }
      result.outlinePool.reserveCapacity(outlineVertices)
      result.cutEdgePool.reserveCapacity(outlineVertices)
      // (node, whether its far side was done: its own polygons and near side come next)
      var stack: [(Int, Bool)] = [(0, false)]
      while let (i, expanded) = stack.popLast() {
        let n = nodes[i]
        // The viewer looks along −z from +z: with n.z > 0 the front side is nearer.
        let towardsViewer = n.equation.z > 0
        let far = towardsViewer ? n.back : n.front, near = towardsViewer ? n.front : n.back
        if expanded {
          for k in n.coplanarStart..<(n.coplanarStart + n.coplanarCount) { append(coplanarPool[k], to: &result) }
          if near >= 0 { stack.append((near, false)) }
        } else {
          stack.append((i, true))
          if far >= 0 { stack.append((far, false)) }
        }
      }
      return result
    }

    /// Adds the piece `p` stands for: the plane whole, or its outline (copied to the
    /// result's pool, with which of its edges are cuts).
    func append(_ p: Polygon, to result: inout Result) {
      guard p.isCut else {
        result.pieces.append(Piece(plane: p.plane, outline: nil))
        return
      }
      let start = result.outlinePool.count
      for k in p.start..<(p.start + p.count) {
        result.outlinePool.append(Point(x: vertices[k].local.x, y: vertices[k].local.y))
        result.cutEdgePool.append(vertices[k].cutEdge)
      }
      result.pieces.append(Piece(plane: p.plane, outline: start..<result.outlinePool.count))
    }

    @inline(__always)
    static func vertex(_ p: Point, _ t: Transform3D, cutEdge: Bool = false) -> Vertex {
      let s = DepthSort.project(t, p)
      return Vertex(local: SIMD2(p.x, p.y), x: s.x, y: s.y, z: s.z, cutEdge: cutEdge)
    }

    /// Which side of the plane `eq` vertex `v` is on, with the thick plane: 0 within `epsilon`.
    @inline(__always)
    func side(_ v: Vertex, _ eq: SIMD4<Double>) -> Int {
      let d = eq.x * v.x + eq.y * v.y + eq.z * v.z + eq.w
      return abs(d) <= epsilon ? 0 : (d > 0 ? 1 : -1)
    }

    /// Whether `q` has vertices strictly in front of and behind the plane `eq`.
    @inline(__always)
    func sides(_ q: Polygon, _ eq: SIMD4<Double>) -> (positive: Bool, negative: Bool) {
      var positive = false, negative = false
      for i in q.start..<(q.start + q.count) {
        let s = side(vertices[i], eq)
        if s > 0 { positive = true } else if s < 0 { negative = true }
        if positive && negative { break }
      }
      return (positive, negative)
    }

    /// Cuts `q` by the plane `eq` and adds its front and back parts to the lists (a part
    /// with less than a triangle is dropped).
    ///
    /// Cuts are made in the plane's coordinates: the distance to `eq` times w is affine
    /// there (the line `cutLine`), so a cut point is exact, and both parts get the same one.
    mutating func split(_ q: Polygon, _ eq: SIMD4<Double>, front: inout [Polygon], back: inout [Polygon]) {
      let line = cutLine(q.plane, eq)
      let t = planes[q.plane].toSortSpace
      for keep in stride(from: 1, through: -1, by: -2) {
        let start = vertices.count
        for k in 0..<q.count {
          let a = vertices[q.start + k], b = vertices[q.start + (k + 1) % q.count]
          let sa = side(a, eq), sb = side(b, eq)
          if sa * keep >= 0 { vertices.append(a) }
          if sa * sb < 0 {
            let ga = line.x * a.local.x + line.y * a.local.y + line.z
            let gb = line.x * b.local.x + line.y * b.local.y + line.z
            let p = a.local + (b.local - a.local) * (ga / (ga - gb))
            // Entering the kept side, the edge goes on along a → b; leaving it, along the cut.
            let leaving = sa * keep > 0
            vertices.append(Self.vertex(Point(x: p.x, y: p.y), t, cutEdge: leaving || a.cutEdge))
          }
        }
        let count = vertices.count - start
        guard count >= 3 else {
          vertices.removeSubrange(start...)
          continue
        }
        // A kept vertex on the cutting plane starts the cut edge when the polygon leaves
        // the kept side there.
        for k in start..<(start + count) {
          let a = vertices[k], b = vertices[start + (k - start + 1) % count]
          if side(a, eq) == 0 && side(b, eq) == 0 { vertices[k].cutEdge = true }
        }
        let part = Polygon(plane: q.plane, start: start, count: count, isCut: true)
        if keep > 0 { front.append(part) } else { back.append(part) }
      }
    }

    /// The line of plane `plane`'s coordinates where it meets the plane `eq`: the distance
    /// to `eq` times w, `n·(x, y, z) + d·w` of the homogeneous image of (u, v), which is
    /// affine in (u, v). Positive on `eq`'s front side (w > 0 in front of the eye).
    func cutLine(_ plane: Int, _ eq: SIMD4<Double>) -> SIMD3<Double> {
      let m = planes[plane].toSortSpace
      let a = eq.x * m.m11 + eq.y * m.m12 + eq.z * m.m13 + eq.w * m.m14
      let b = eq.x * m.m21 + eq.y * m.m22 + eq.z * m.m23 + eq.w * m.m24
      let c = eq.x * m.m41 + eq.y * m.m42 + eq.z * m.m43 + eq.w * m.m44
      return SIMD3(a, b, c)
    }
  }
}

import Strata

extension DepthSort {
  /// A polygon's vertex: in its plane, and in sort space after the divide.
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

  /// The BSP tree, built in the order it is drawn: a list is split by its first polygon,
  /// then the far side's list is sorted, then the splitter and the polygons coplanar with
  /// it are drawn, then the near side's list. Nothing waits for a walk, so the tree itself
  /// is never stored: each piece goes to the result as soon as it is known, while its
  /// vertices are still in the cache.
  ///
  /// Lists, vertices and pending work are stacks. When a list's subtree is drawn, the
  /// vertices its splits made are dropped, so the vertex pool holds only the path being
  /// worked on and stays in the cache (PLANES200: at most 11,205 of the 239,136 vertices
  /// its splits make); deep trees cannot exhaust a thread's stack. Lists of two, most of
  /// the lists near the leaves, are ordered without the stacks (`pair`).
  struct Tree {
    /// What is left to do, last first.
    enum Work {
      /// Sort the list at `start` of the polygon stack (its top).
      case list(start: Int, count: Int)
      /// Draw these polygons of the stack (its top), in order.
      case draw(start: Int, count: Int)
      /// Drop the vertices from `from` on: the subtree that made them is drawn.
      case release(from: Int)
    }

    let transforms: [Transform3D]
    let equations: [SIMD4<Double>]
    let epsilon: Double
    var vertices: [Vertex] = []
    var result = Result(pieces: [], usedTree: true)

    init(transforms: [Transform3D], equations: [SIMD4<Double>], epsilon: Double) {
      self.transforms = transforms; self.equations = equations; self.epsilon = epsilon
    }

    /// Adds a whole polygon (a plane, or its part in front of the eye) to the vertex pool.
    mutating func add(plane: Int, local: [Point]) -> Polygon {
      let start = vertices.count
      let t = transforms[plane]
      for p in local { vertices.append(Self.vertex(p, t)) }
      return Polygon(plane: plane, start: start, count: local.count, isCut: false)
    }

    /// Sorts `polys` (document order) into `result`, back to front: each list's first
    /// polygon splits the rest; the side away from the viewer is drawn first.
    ///
    /// - Complexity: O(p·d) for p pieces in a tree of depth d; memory O(pieces) for the
    ///   result and O(vertices on the current path) besides.
    mutating func sort(_ polys: [Polygon]) {
      result.pieces.reserveCapacity(polys.count * 4)
      var stack = polys
      var work: [Work] = [.list(start: 0, count: polys.count)]
      var front: [Polygon] = [], back: [Polygon] = [], coplanar: [Polygon] = []
      while let next = work.popLast() {
        switch next {
        case .release(let from):
          vertices.removeSubrange(from...)
        case .draw(let start, let count):
          for k in start..<(start + count) { append(stack[k]) }
          stack.removeSubrange(start...)
        case .list(let start, let count):
          let root = stack[start]
          guard count > 1 else {
            append(root)
            stack.removeLast()
            continue
          }
          let mark = vertices.count
          let eq = equations[root.plane]
          if count == 2 {
            pair(root, stack[start + 1], eq)
            stack.removeSubrange(start...)
            vertices.removeSubrange(mark...)
            continue
          }
          divide(stack[start..<(start + count)], eq, front: &front, back: &back, coplanar: &coplanar)
          stack.removeSubrange(start...)
          // The viewer looks along −z from +z: with eq.z > 0 the front side is nearer.
          let towardsViewer = eq.z > 0
          if vertices.count > mark { work.append(.release(from: mark)) }
          let near = towardsViewer ? front : back, far = towardsViewer ? back : front
          if !near.isEmpty {
            work.append(.list(start: stack.count, count: near.count))
            stack += near
          }
          work.append(.draw(start: stack.count, count: coplanar.count))
          stack += coplanar
          if !far.isEmpty {
            work.append(.list(start: stack.count, count: far.count))
            stack += far
          }
        }
      }
    }

    /// Divides `list` by the plane `eq` of its first polygon: the polygons on its front
    /// side, those on its back side (either side of a polygon crossing it, cut), and the
    /// first with those coplanar with it, in document order.
    mutating func divide(
      _ list: ArraySlice<Polygon>, _ eq: SIMD4<Double>,
      front: inout [Polygon], back: inout [Polygon], coplanar: inout [Polygon]
    ) {
      front.removeAll(keepingCapacity: true)
      back.removeAll(keepingCapacity: true)
      coplanar.removeAll(keepingCapacity: true)
      coplanar.append(list[list.startIndex])
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
      if coplanar.count > 1 { coplanar.sort { $0.plane < $1.plane } }
    }

    /// Sorts a list of two, `root` and `q`, as `sort` would, without its stacks: the most
    /// common list by far (near the leaves, which are most of the tree).
    mutating func pair(_ root: Polygon, _ q: Polygon, _ eq: SIMD4<Double>) {
      let (positive, negative) = sides(q, eq)
      let towardsViewer = eq.z > 0
      if !positive && !negative {
        if q.plane < root.plane { append(q); append(root) } else { append(root); append(q) }
      } else if !negative || !positive {
        // In front and nearer, or behind and farther: after the root.
        if !negative == towardsViewer { append(root); append(q) } else { append(q); append(root) }
      } else {
        let (front, back) = split(q, eq)
        if let f = towardsViewer ? back : front { append(f) }
        append(root)
        if let n = towardsViewer ? front : back { append(n) }
      }
    }

    /// Adds the piece `p` stands for: the plane whole, or its outline (copied to the
    /// result's pool, with which of its edges are cuts).
    mutating func append(_ p: Polygon) {
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

    /// Cuts `q` by the plane `eq` and returns its front and back parts (a part
    /// with less than a triangle is dropped).
    ///
    /// Cuts are made in the plane's coordinates: the distance to `eq` times w is affine
    /// there (the line `cutLine`), so a cut point is exact, and both parts get the same one.
    mutating func split(_ q: Polygon, _ eq: SIMD4<Double>) -> (front: Polygon?, back: Polygon?) {
      var parts: (front: Polygon?, back: Polygon?) = (nil, nil)
      let line = cutLine(q.plane, eq)
      let t = transforms[q.plane]
      // The cut points made for the front part, for the back part (a convex polygon
      // crosses a plane at two edges).
      var first = (edge: -1, vertex: Vertex(local: .zero, x: 0, y: 0, z: 0))
      var second = first
      for keep in stride(from: 1, through: -1, by: -2) {
        let start = vertices.count
        for k in 0..<q.count {
          let next = k + 1 < q.count ? k + 1 : 0
          let a = vertices[q.start + k], b = vertices[q.start + next]
          let sa = side(a, eq), sb = side(b, eq)
          if sa * keep >= 0 { vertices.append(a) }
          if sa * sb < 0 {
            var v: Vertex
            if first.edge == k {
              v = first.vertex
            } else if second.edge == k {
              v = second.vertex
            } else {
              let ga = line.x * a.local.x + line.y * a.local.y + line.z
              let gb = line.x * b.local.x + line.y * b.local.y + line.z
              let p = a.local + (b.local - a.local) * (ga / (ga - gb))
              v = Self.vertex(Point(x: p.x, y: p.y), t)
              if first.edge < 0 { first = (k, v) } else if second.edge < 0 { second = (k, v) }
            }
            // Entering the kept side, the edge goes on along a → b; leaving it, along the cut.
            v.cutEdge = sa * keep > 0 || a.cutEdge
            vertices.append(v)
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
        if keep > 0 { parts.front = part } else { parts.back = part }
      }
      return parts
    }

    /// The line of plane `plane`'s coordinates where it meets the plane `eq`: the distance
    /// to `eq` times w, `n·(x, y, z) + d·w` of the homogeneous image of (u, v), which is
    /// affine in (u, v). Positive on `eq`'s front side (w > 0 in front of the eye).
    func cutLine(_ plane: Int, _ eq: SIMD4<Double>) -> SIMD3<Double> {
      let m = transforms[plane]
      let a = eq.x * m.m11 + eq.y * m.m12 + eq.z * m.m13 + eq.w * m.m14
      let b = eq.x * m.m21 + eq.y * m.m22 + eq.z * m.m23 + eq.w * m.m24
      let c = eq.x * m.m41 + eq.y * m.m42 + eq.z * m.m43 + eq.w * m.m44
      return SIMD3(a, b, c)
    }
  }
}

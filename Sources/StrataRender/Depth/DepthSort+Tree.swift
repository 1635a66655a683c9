import Strata

extension DepthSort {
  /// A polygon's vertex: in its plane, and in sort space after the divide.
  struct Vertex {
    var local: SIMD2<Double>
    /// x, y and z after the divide.
    var x: Double, y: Double, z: Double
    /// Whether the edge to the next vertex lies on a cut (not on the outline given).
    var cutEdge = false
    /// The side of the plane it was last classified against (`Tree.classify`): 1 in
    /// front, −1 behind, 0 within the thick plane.
    var side: Int8 = 0
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
    /// The vertex pool: the first `vertexCount` are in use, the rest is room that the
    /// splits write into by index (`reserveVertices`), through a span: no append, no
    /// uniqueness check per vertex.
    var vertices: [Vertex] = []
    var vertexCount = 0
    var result = Result(pieces: [], usedTree: true)

    init(transforms: [Transform3D], equations: [SIMD4<Double>], epsilon: Double) {
      self.transforms = transforms; self.equations = equations; self.epsilon = epsilon
    }

    /// Adds a whole polygon (a plane, or its part in front of the eye) to the vertex pool.
    mutating func add(plane: Int, local: [Point]) -> Polygon {
      let t = transforms[plane]
      return add(plane: plane, vertices: local.map { Self.vertex($0, t) }, isCut: false)
    }

    /// Adds a polygon of these vertices to the vertex pool.
    mutating func add(plane: Int, vertices vs: some Collection<Vertex>, isCut: Bool) -> Polygon {
      vertices.removeSubrange(vertexCount...)
      let start = vertexCount
      vertices += vs
      vertexCount = vertices.count
      return Polygon(plane: plane, start: start, count: vs.count, isCut: isCut)
    }

    /// Makes room for `n` more vertices past `vertexCount` (amortised: the room doubles).
    @inline(__always)
    mutating func reserveVertices(_ n: Int) {
      let need = vertexCount + n
      if vertices.count < need { Self.grow(&vertices, to: need, with: Vertex(local: .zero, x: 0, y: 0, z: 0)) }
    }

    /// Sorts `polys` (document order) into `result`, back to front: each list's first
    /// polygon splits the rest; the side away from the viewer is drawn first.
    ///
    /// A list's place on the polygon stack is overwritten by its near list, the polygons
    /// coplanar with its splitter and its far list (on top), by index: the stack only
    /// grows, and nothing is removed or appended per polygon.
    ///
    /// - Complexity: O(p·d) for p pieces in a tree of depth d; memory O(pieces) for the
    ///   result and O(vertices on the current path) besides.
    mutating func sort(_ polys: [Polygon]) {
      result.pieces.reserveCapacity(result.pieces.count + polys.count * 4)
      reserveVertices(64 * polys.count)
      var stack = polys
      var work: [Work] = [.list(start: 0, count: polys.count)]
      work.reserveCapacity(4 * polys.count)
      var front: [Polygon] = [], back: [Polygon] = [], coplanar: [Polygon] = []
      while let next = work.popLast() {
        switch next {
        case .release(let from):
          vertexCount = from
        case .draw(let start, let count):
          for k in start..<(start + count) { append(stack[k]) }
        case .list(let start, let count):
          let root = stack[start]
          guard count > 1 else {
            append(root)
            continue
          }
          let mark = vertexCount
          let eq = equations[root.plane]
          if count == 2 {
            pair(root, stack[start + 1], eq)
            vertexCount = mark
            continue
          }
          let n = divide(stack, start, count, eq, front: &front, back: &back, coplanar: &coplanar)
          // The viewer looks along −z from +z: with eq.z > 0 the front side is nearer.
          let towardsViewer = eq.z > 0
          if vertexCount > mark { work.append(.release(from: mark)) }
          let (nearCount, farCount) = towardsViewer ? (n.front, n.back) : (n.back, n.front)
          let total = nearCount + n.coplanar + farCount
          Self.grow(&stack, to: start + total, with: root)
          // The near list, the coplanar polygons, the far list (on top: sorted first).
          if nearCount > 0 { work.append(.list(start: start, count: nearCount)) }
          work.append(.draw(start: start + nearCount, count: n.coplanar))
          if farCount > 0 { work.append(.list(start: start + nearCount + n.coplanar, count: farCount)) }
          var ss = stack.mutableSpan
          let fs = front.span, bs = back.span, cs = coplanar.span
          var at = start
          for k in 0..<nearCount { ss[at] = towardsViewer ? fs[k] : bs[k]; at += 1 }
          for k in 0..<n.coplanar { ss[at] = cs[k]; at += 1 }
          for k in 0..<farCount { ss[at] = towardsViewer ? bs[k] : fs[k]; at += 1 }
        }
      }
    }

    /// Divides the list `stack[start..<start + count]` by the plane `eq` of its first
    /// polygon: into `front` the polygons on its front side, into `back` those on its
    /// back side (either side of a polygon crossing it, cut), and into `coplanar` the
    /// first with those coplanar with it, in document order. Returns how many each got
    /// (the arrays are scratch, only grown, written by index).
    mutating func divide(
      _ stack: [Polygon], _ start: Int, _ count: Int, _ eq: SIMD4<Double>,
      front: inout [Polygon], back: inout [Polygon], coplanar: inout [Polygon]
    ) -> (front: Int, back: Int, coplanar: Int) {
      let root = stack[start]
      // Room for every polygon on each side (a polygon goes to one side or is cut in two).
      Self.grow(&front, to: count, with: root)
      Self.grow(&back, to: count, with: root)
      Self.grow(&coplanar, to: count, with: root)
      var nf = 0, nb = 0, nc = 1
      do {
        var fs = front.mutableSpan, bs = back.mutableSpan, cs = coplanar.mutableSpan
        cs[0] = root
        for k in (start + 1)..<(start + count) {
          let q = stack[k]
          let (positive, negative) = classify(q, eq)
          if !positive && !negative {
            cs[nc] = q
            nc += 1
          } else if !negative {
            fs[nf] = q
            nf += 1
          } else if !positive {
            bs[nb] = q
            nb += 1
          } else {
            let (f, b) = split(q, eq)
            if let f { fs[nf] = f; nf += 1 }
            if let b { bs[nb] = b; nb += 1 }
          }
        }
      }
      if nc > 1 { coplanar[..<nc].sort { $0.plane < $1.plane } }
      return (nf, nb, nc)
    }

    /// Grows `a` to at least `count` elements (amortised: at least doubling).
    static func grow<T>(_ a: inout [T], to count: Int, with filler: T) {
      if a.count < count { a.append(contentsOf: repeatElement(filler, count: max(count - a.count, a.count))) }
    }

    /// `divide` of a whole list, into arrays of their own.
    mutating func divided(_ list: [Polygon], _ eq: SIMD4<Double>) -> (front: [Polygon], back: [Polygon], coplanar: [Polygon]) {
      var front: [Polygon] = [], back: [Polygon] = [], coplanar: [Polygon] = []
      let n = divide(list, 0, list.count, eq, front: &front, back: &back, coplanar: &coplanar)
      return (Array(front[..<n.front]), Array(back[..<n.back]), Array(coplanar[..<n.coplanar]))
    }

    /// Sorts a list of two, `root` and `q`, as `sort` would, without its stacks: the most
    /// common list by far (near the leaves, which are most of the tree).
    mutating func pair(_ root: Polygon, _ q: Polygon, _ eq: SIMD4<Double>) {
      let (positive, negative) = classify(q, eq)
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
        let v = vertices[k]
        result.outlinePool.append(Point(x: v.local.x, y: v.local.y))
        result.cutEdgePool.append(v.cutEdge)
      }
      result.pieces.append(Piece(plane: p.plane, outline: start..<result.outlinePool.count))
    }

    /// The vertex of plane point `p` under the plane's map `t`: `DepthSort.project`,
    /// written out here so that it is inlined (the same operations in the same order).
    @inline(__always)
    static func vertex(_ p: Point, _ t: Transform3D) -> Vertex {
      let x = p.x * t.m11 + p.y * t.m21 + 0 * t.m31 + t.m41
      let y = p.x * t.m12 + p.y * t.m22 + 0 * t.m32 + t.m42
      let z = p.x * t.m13 + p.y * t.m23 + 0 * t.m33 + t.m43
      let w = p.x * t.m14 + p.y * t.m24 + 0 * t.m34 + t.m44
      return Vertex(local: SIMD2(p.x, p.y), x: x / w, y: y / w, z: z / w)
    }

    /// Which side of the plane `eq` vertex `v` is on, with the thick plane: 0 within `epsilon`.
    @inline(__always)
    func side(_ v: Vertex, _ eq: SIMD4<Double>) -> Int8 { Self.side(v, eq, epsilon) }

    @inline(__always)
    static func side(_ v: Vertex, _ eq: SIMD4<Double>, _ epsilon: Double) -> Int8 {
      let d = eq.x * v.x + eq.y * v.y + eq.z * v.z + eq.w
      return abs(d) <= epsilon ? 0 : (d > 0 ? 1 : -1)
    }

    /// Whether `q` has vertices strictly in front of and behind the plane `eq`; each
    /// vertex keeps its side (`Vertex.side`) for `split`, which needs them all.
    ///
    /// - Complexity: O(vertices of `q`), one plane equation each.
    @inline(__always)
    mutating func classify(_ q: Polygon, _ eq: SIMD4<Double>) -> (positive: Bool, negative: Bool) {
      var positive = false, negative = false
      let epsilon = epsilon
      var vs = vertices.mutableSpan
      for i in q.start..<(q.start + q.count) {
        let s = Self.side(vs[i], eq, epsilon)
        vs[i].side = s
        if s > 0 { positive = true } else if s < 0 { negative = true }
      }
      return (positive, negative)
    }

    /// Cuts `q` by the plane `eq` and returns its front and back parts (a part
    /// with less than a triangle is dropped). Reads the sides `classify` left in the
    /// vertices of `q`.
    ///
    /// Cuts are made in the plane's coordinates: the distance to `eq` times w is affine
    /// there (the line `cutLine`), so a cut point is exact, and both parts get the same one.
    ///
    /// - Complexity: O(vertices of `q`); a projection per crossed edge.
    mutating func split(_ q: Polygon, _ eq: SIMD4<Double>) -> (front: Polygon?, back: Polygon?) {
      // Each part gets at most two vertices an edge.
      reserveVertices(4 * q.count)
      var parts: (front: Polygon?, back: Polygon?) = (nil, nil)
      let line = cutLine(q.plane, eq)
      let t = transforms[q.plane]
      let epsilon = epsilon
      // The cut points made for the front part, for the back part (a convex polygon
      // crosses a plane at two edges).
      var first = (edge: -1, vertex: Vertex(local: .zero, x: 0, y: 0, z: 0))
      var second = first
      let last = q.start + q.count - 1
      var n = vertexCount
      var vs = vertices.mutableSpan
      for keep in stride(from: 1 as Int8, through: -1, by: -2) {
        let start = n
        for ia in q.start...last {
          let ib = ia < last ? ia + 1 : q.start
          let a = vs[ia]
          let sa = a.side, sb = vs[ib].side
          if sa * keep >= 0 {
            vs[n] = a
            n += 1
          }
          if sa * sb < 0 {
            var v: Vertex
            if first.edge == ia {
              v = first.vertex
            } else if second.edge == ia {
              v = second.vertex
            } else {
              let b = vs[ib]
              let ga = line.x * a.local.x + line.y * a.local.y + line.z
              let gb = line.x * b.local.x + line.y * b.local.y + line.z
              let p = a.local + (b.local - a.local) * (ga / (ga - gb))
              v = Self.vertex(Point(x: p.x, y: p.y), t)
              v.side = Self.side(v, eq, epsilon)
              if first.edge < 0 { first = (ia, v) } else if second.edge < 0 { second = (ia, v) }
            }
            // Entering the kept side, the edge goes on along a → b; leaving it, along the cut.
            v.cutEdge = sa * keep > 0 || a.cutEdge
            vs[n] = v
            n += 1
          }
        }
        let count = n - start
        guard count >= 3 else {
          n = start
          continue
        }
        // A kept vertex on the cutting plane starts the cut edge when the polygon leaves
        // the kept side there.
        let end = start + count - 1
        for k in start...end where vs[k].side == 0 && vs[k < end ? k + 1 : start].side == 0 {
          vs[k].cutEdge = true
        }
        let part = Polygon(plane: q.plane, start: start, count: count, isCut: true)
        if keep > 0 { parts.front = part } else { parts.back = part }
      }
      vertexCount = n
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

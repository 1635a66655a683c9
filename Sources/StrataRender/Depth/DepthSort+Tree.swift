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
      var front: [Polygon] = [], back: [Polygon] = [], coplanar: [Polygon] = [], codes: [UInt8] = []
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
          let n = divide(stack, start, count, eq, front: &front, back: &back, coplanar: &coplanar, codes: &codes)
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
    ///
    /// Two passes, each through one span of the vertex pool: every polygon is classified
    /// (its vertices keep their sides, `classify`), then the polygons are distributed and
    /// those on both sides cut (`split`), whose new vertices go past all the others, so
    /// that no split touches a side another polygon still needs.
    mutating func divide(
      _ stack: [Polygon], _ start: Int, _ count: Int, _ eq: SIMD4<Double>,
      front: inout [Polygon], back: inout [Polygon], coplanar: inout [Polygon], codes: inout [UInt8]
    ) -> (front: Int, back: Int, coplanar: Int) {
      let root = stack[start]
      // Room for every polygon on each side (a polygon goes to one side or is cut in two).
      Self.grow(&front, to: count, with: root)
      Self.grow(&back, to: count, with: root)
      Self.grow(&coplanar, to: count, with: root)
      Self.grow(&codes, to: count, with: 0)
      let epsilon = epsilon
      // Bit 0: a vertex in front; bit 1: one behind.
      var room = 0
      do {
        var vs = vertices.mutableSpan, cs = codes.mutableSpan
        for k in 1..<count {
          let q = stack[start + k]
          let code = Self.classify(q, eq, epsilon, &vs)
          cs[k] = code
          if code == 3 { room += Self.splitRoom(q) }
        }
      }
      reserveVertices(room)
      let transforms = transforms
      var nf = 0, nb = 0, nc = 1
      var n = vertexCount
      do {
        var vs = vertices.mutableSpan
        var fs = front.mutableSpan, bs = back.mutableSpan, cs = coplanar.mutableSpan
        let codes = codes.span
        cs[0] = root
        for k in 1..<count {
          let q = stack[start + k]
          switch codes[k] {
          case 0:
            cs[nc] = q
            nc += 1
          case 1:
            fs[nf] = q
            nf += 1
          case 2:
            bs[nb] = q
            nb += 1
          default:
            let (f, b) = Self.split(q, eq, transforms[q.plane], epsilon, &vs, &n)
            if let f { fs[nf] = f; nf += 1 }
            if let b { bs[nb] = b; nb += 1 }
          }
        }
      }
      vertexCount = n
      if nc > 1 { coplanar[..<nc].sort { $0.plane < $1.plane } }
      return (nf, nb, nc)
    }

    /// Grows `a` to at least `count` elements (amortised: at least doubling).
    static func grow<T>(_ a: inout [T], to count: Int, with filler: T) {
      if a.count < count { a.append(contentsOf: repeatElement(filler, count: max(count - a.count, a.count))) }
    }

    /// `divide` of a whole list, into arrays of their own.
    mutating func divided(_ list: [Polygon], _ eq: SIMD4<Double>) -> (front: [Polygon], back: [Polygon], coplanar: [Polygon]) {
      var front: [Polygon] = [], back: [Polygon] = [], coplanar: [Polygon] = [], codes: [UInt8] = []
      let n = divide(list, 0, list.count, eq, front: &front, back: &back, coplanar: &coplanar, codes: &codes)
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
  }
}

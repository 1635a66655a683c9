import Strata

/// Classifying polygons against a splitting plane and cutting them: the inner loops of
/// the sort, on spans of the vertex pool.
extension DepthSort.Tree {
  typealias Vertex = DepthSort.Vertex
  typealias Polygon = DepthSort.Polygon

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
  static func side(_ v: Vertex, _ eq: SIMD4<Double>, _ epsilon: Double) -> Int8 {
    let d = eq.x * v.x + eq.y * v.y + eq.z * v.z + eq.w
    return abs(d) <= epsilon ? 0 : (d > 0 ? 1 : -1)
  }

  /// Where `q` lies against the plane `eq`: bit 0 set when a vertex is strictly in front,
  /// bit 1 when one is behind (0: coplanar, 3: crossing). Each vertex keeps its side
  /// (`Vertex.side`) for `split`, which needs them all.
  ///
  /// - Complexity: O(vertices of `q`), one plane equation each.
  @inline(__always)
  static func classify(_ q: Polygon, _ eq: SIMD4<Double>, _ epsilon: Double, _ vs: inout MutableSpan<Vertex>) -> UInt8 {
    var code: UInt8 = 0
    for i in q.start..<(q.start + q.count) {
      let s = side(vs[i], eq, epsilon)
      vs[i].side = s
      code |= s > 0 ? 1 : (s < 0 ? 2 : 0)
    }
    return code
  }

  /// The vertices `split` may write for `q`: each part gets at most two an edge.
  @inline(__always)
  static func splitRoom(_ q: Polygon) -> Int { 4 * q.count }

  /// Cuts `q`, crossing the plane `eq`, and returns its front and back parts (a part with
  /// less than a triangle is dropped), written to `vs` from `n` on (`splitRoom(q)` of
  /// room); `n` ends past them. Reads the sides `classify` left in the vertices of `q`.
  ///
  /// Cuts are made in the plane's coordinates: the distance to `eq` times w is affine
  /// there (the line `cutLine`), so a cut point is exact, and both parts get the same one.
  /// One pass over the edges makes both parts (the front part from `n`, the back part
  /// after the front part's room, then moved down to follow it).
  ///
  /// - Complexity: O(vertices of `q`); a projection per crossed edge.
  static func split(
    _ q: Polygon, _ eq: SIMD4<Double>, _ t: Transform3D, _ epsilon: Double,
    _ vs: inout MutableSpan<Vertex>, _ n: inout Int
  ) -> (front: Polygon?, back: Polygon?) {
    let line = cutLine(t, eq)
    let last = q.start + q.count - 1
    let frontStart = n, backStart = n + 2 * q.count
    var f = frontStart, b = backStart
    for ia in q.start...last {
      let ib = ia < last ? ia + 1 : q.start
      let a = vs[ia]
      let sa = a.side, sb = vs[ib].side
      if sa >= 0 {
        vs[f] = a
        f += 1
      }
      if sa <= 0 {
        vs[b] = a
        b += 1
      }
      if sa * sb < 0 {
        let e = vs[ib]
        let ga = line.x * a.local.x + line.y * a.local.y + line.z
        let gb = line.x * e.local.x + line.y * e.local.y + line.z
        let p = a.local + (e.local - a.local) * (ga / (ga - gb))
        var v = vertex(Point(x: p.x, y: p.y), t)
        v.side = side(v, eq, epsilon)
        // Entering the kept side, the edge goes on along a → b; leaving it, along the cut.
        v.cutEdge = sa > 0 || a.cutEdge
        vs[f] = v
        f += 1
        v.cutEdge = sa < 0 || a.cutEdge
        vs[b] = v
        b += 1
      }
    }
    var parts: (front: Polygon?, back: Polygon?) = (nil, nil)
    n = frontStart
    if f - frontStart >= 3 {
      markCutsOnPlane(frontStart, f - frontStart, &vs)
      parts.front = Polygon(plane: q.plane, start: frontStart, count: f - frontStart, isCut: true)
      n = f
    }
    if b - backStart >= 3 {
      let start = n
      for k in backStart..<b {
        vs[n] = vs[k]
        n += 1
      }
      markCutsOnPlane(start, n - start, &vs)
      parts.back = Polygon(plane: q.plane, start: start, count: n - start, isCut: true)
    }
    return parts
  }

  /// A kept vertex on the cutting plane starts a cut edge when the part leaves the kept
  /// side there: the edge to the next vertex, also on the plane, lies on the cut.
  @inline(__always)
  static func markCutsOnPlane(_ start: Int, _ count: Int, _ vs: inout MutableSpan<Vertex>) {
    let end = start + count - 1
    for k in start...end where vs[k].side == 0 && vs[k < end ? k + 1 : start].side == 0 {
      vs[k].cutEdge = true
    }
  }

  /// `classify` of one polygon, for `pair`.
  mutating func classify(_ q: Polygon, _ eq: SIMD4<Double>) -> (positive: Bool, negative: Bool) {
    let epsilon = epsilon
    var vs = vertices.mutableSpan
    let code = Self.classify(q, eq, epsilon, &vs)
    return (code & 1 != 0, code & 2 != 0)
  }

  /// `split` of one polygon into the vertex pool, for `pair`.
  mutating func split(_ q: Polygon, _ eq: SIMD4<Double>) -> (front: Polygon?, back: Polygon?) {
    reserveVertices(Self.splitRoom(q))
    let (t, epsilon) = (transforms[q.plane], epsilon)
    var n = vertexCount
    var vs = vertices.mutableSpan
    let parts = Self.split(q, eq, t, epsilon, &vs, &n)
    vertexCount = n
    return parts
  }

  /// The line of a plane's coordinates where it meets the plane `eq`, `m` the plane's
  /// map: the distance to `eq` times w, `n·(x, y, z) + d·w` of the homogeneous image of
  /// (u, v), which is affine in (u, v). Positive on `eq`'s front side (w > 0 in front of
  /// the eye).
  @inline(__always)
  static func cutLine(_ m: Transform3D, _ eq: SIMD4<Double>) -> SIMD3<Double> {
    let a = eq.x * m.m11 + eq.y * m.m12 + eq.z * m.m13 + eq.w * m.m14
    let b = eq.x * m.m21 + eq.y * m.m22 + eq.z * m.m23 + eq.w * m.m24
    let c = eq.x * m.m41 + eq.y * m.m42 + eq.z * m.m43 + eq.w * m.m44
    return SIMD3(a, b, c)
  }
}

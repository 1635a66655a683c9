import Strata

/// Orders the planes of a 3D rendering context (a `TransformLayer`'s sublayers) back to
/// front, splitting planes that cross, as Chromium's and WebKit's compositors do: a BSP
/// tree over the planes after the perspective divide, where the view is orthographic and
/// "towards the viewer" is +z.
///
/// - The first plane (document order) of every list splits the others; a polygon within
///   `epsilon` of the splitting plane at every vertex is coplanar with it (a "thick plane"),
///   and coplanar polygons are drawn in document order. A polygon on both sides is cut in two.
/// - Cuts are computed in each plane's own coordinates: the signed distance to a splitting
///   plane times w is affine in those coordinates, so a cut point is exact there, and the
///   piece is drawn through the plane's own perspective-correct map.
/// - Fast path: when no two planes overlap on screen (their boxes after the divide), order
///   does not matter and the planes keep document order without a tree.
///
/// Work is O(n²) for n planes that do not cross and grows with the pieces made when they do
/// (`Result.pieces`). The tree is built in drawing order and never stored (`Tree`), without
/// recursion, so deep trees cannot exhaust a thread's stack; contexts of many planes are
/// sorted on all cores with the same result (`sortInParallel`).
public enum DepthSort {
  /// A plane of the context: a convex outline in its own coordinates and its map to sort
  /// space (homogeneous; the divide by w gives x and y on the context's flattening plane and
  /// a depth that grows towards the viewer).
  public struct Plane: Sendable {
    public var outline: [Point]
    public var toSortSpace: Transform3D

    public init(outline: [Point], toSortSpace: Transform3D) {
      self.outline = outline; self.toSortSpace = toSortSpace
    }
  }

  /// A piece to draw: a plane, whole, or cut. A cut piece is the part of the plane on the
  /// kept side of each of its cuts, lines `a·u + b·v + c ≥ 0` of the plane's own
  /// coordinates (`Result.cuts(of:)`); its outline (`Result.outline(of:)`) is that part of
  /// the outline the sort was given.
  public struct Piece: Sendable, Equatable {
    public var plane: Int
    /// A run of the result's pools; nil for a whole plane.
    var outline: Range<Int>?

    public var isCut: Bool { outline != nil }
  }

  public struct Result: Sendable {
    /// Back to front.
    public var pieces: [Piece]
    /// Whether the BSP tree was needed (false: the fast path).
    public var usedTree: Bool
    var outlinePool: [Point] = []
    /// Per outline vertex: whether the edge to the next one is a cut.
    var cutEdgePool: [Bool] = []

    /// The outline of a cut piece in its plane; nil for a whole plane.
    public func outline(of piece: Piece) -> [Point]? { piece.outline.map { Array(outlinePool[$0]) } }

    /// The lines of a cut piece's cut edges, each `(a, b, c)` with `a·u + b·v + c ≥ 0` on
    /// the piece's side; none for a whole plane. The piece is its plane's part on the kept
    /// side of every one (the other edges lie on the outline the sort was given).
    public func cuts(of piece: Piece) -> [SIMD3<Double>] {
      guard let r = piece.outline else { return [] }
      let pts = outlinePool[r]
      var area = 0.0
      for i in r { let a = pts[i], b = pts[i + 1 < r.upperBound ? i + 1 : r.lowerBound]; area += a.x * b.y - b.x * a.y }
      let sign: Double = area >= 0 ? 1 : -1
      var lines: [SIMD3<Double>] = []
      for i in r where cutEdgePool[i] {
        let a = pts[i], b = pts[i + 1 < r.upperBound ? i + 1 : r.lowerBound]
        // Inside is to the left of a → b for counter-clockwise (positive-area) outlines.
        let nx = -(b.y - a.y) * sign, ny = (b.x - a.x) * sign
        lines.append(SIMD3(nx, ny, -(nx * a.x + ny * a.y)))
      }
      return lines
    }
  }

  /// Points with w below this (homogeneous, sort space) are cut away: behind the eye.
  static let minimumW = 1e-6

  /// The planes of `planes`, back to front. Planes entirely behind the eye, or with no area,
  /// are left out.
  ///
  /// - Parameter epsilon: the thickness of a plane, in sort-space units (Chromium: 0.05 device
  ///   pixels).
  public static func order(_ planes: [Plane], epsilon: Double) -> Result {
    order(planes, epsilon: epsilon, parallel: true)
  }

  /// `order(_:epsilon:)`, on one core unless `parallel` (the same result either way).
  static func order(_ planes: [Plane], epsilon: Double, parallel: Bool) -> Result {
    var equations: [SIMD4<Double>] = []
    var outlines: [(Int, [Point])] = []
    for (i, p) in planes.enumerated() {
      let clipped = clipInFront(p.outline, p.toSortSpace)
      guard clipped.count >= 3, let eq = equation(clipped.map { project(p.toSortSpace, $0) }) else {
        equations.append(.zero)
        continue
      }
      equations.append(eq)
      outlines.append((i, clipped))
    }
    if !anyOverlap(outlines.map { i, o in o.map { project(planes[i].toSortSpace, $0) } }) {
      return Result(pieces: outlines.map { Piece(plane: $0.0, outline: nil) }, usedTree: false)
    }
    var tree = Tree(transforms: planes.map(\.toSortSpace), equations: equations, epsilon: epsilon)
    let polys = outlines.map { tree.add(plane: $0.0, local: $0.1) }
    if parallel && polys.count >= parallelMinimum { sortInParallel(polys, &tree) } else { tree.sort(polys) }
    return tree.result
  }

  /// `(x/w, y/w, z/w, w)` of a plane point.
  static func project(_ t: Transform3D, _ p: Point) -> SIMD4<Double> {
    let h = t.apply(x: p.x, y: p.y)
    return SIMD4(h.x / h.w, h.y / h.w, h.z / h.w, h.w)
  }

  /// The part of the convex `outline` in front of the eye (w ≥ minimumW), in plane
  /// coordinates: w is affine there, so the cut is a straight line.
  static func clipInFront(_ outline: [Point], _ t: Transform3D) -> [Point] {
    let w = outline.map { t.apply(x: $0.x, y: $0.y).w - minimumW }
    if w.allSatisfy({ $0 >= 0 }) { return outline }
    var out: [Point] = []
    for i in outline.indices {
      let j = (i + 1) % outline.count
      if w[i] >= 0 { out.append(outline[i]) }
      if (w[i] >= 0) != (w[j] >= 0) { out.append(lerp(outline[i], outline[j], w[i] / (w[i] - w[j]))) }
    }
    return out
  }

  static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
  }

  /// The plane through sort-space points `(n, d)` with `n` a unit normal and `n·p + d = 0`
  /// (Newell's method, robust for nearly collinear neighbours); nil without an area.
  static func equation(_ s: [SIMD4<Double>]) -> SIMD4<Double>? {
    var n = SIMD3<Double>.zero, c = SIMD3<Double>.zero
    for i in s.indices {
      let a = s[i], b = s[(i + 1) % s.count]
      n.x += (a.y - b.y) * (a.z + b.z)
      n.y += (a.z - b.z) * (a.x + b.x)
      n.z += (a.x - b.x) * (a.y + b.y)
      c += SIMD3(a.x, a.y, a.z)
    }
    let len = (n * n).sum().squareRoot()
    guard len > 0, len.isFinite else { return nil }
    n /= len
    c /= Double(s.count)
    return SIMD4(n.x, n.y, n.z, -(n * c).sum())
  }

  /// Whether any two polygons' boxes overlap on screen (x and y after the divide).
  static func anyOverlap(_ polys: [[SIMD4<Double>]]) -> Bool {
    let boxes = polys.map { p -> SIMD4<Double> in
      var b = SIMD4(Double.infinity, .infinity, -.infinity, -.infinity)
      for s in p { b = SIMD4(min(b.x, s.x), min(b.y, s.y), max(b.z, s.x), max(b.w, s.y)) }
      return b
    }
    // Sweep over x: only boxes whose x ranges meet are compared.
    let byX = boxes.indices.sorted { boxes[$0].x < boxes[$1].x }
    for (k, i) in byX.enumerated() {
      for j in byX[(k + 1)...] {
        if boxes[j].x >= boxes[i].z { break }
        if boxes[j].y < boxes[i].w && boxes[i].y < boxes[j].w { return true }
      }
    }
    return false
  }
}

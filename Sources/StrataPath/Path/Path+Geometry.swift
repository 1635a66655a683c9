/// Bounds, transforms and interpolation: what a layer needs to place, map and animate a path.
extension Path {
  /// The smallest rectangle holding every point the path passes through, control points
  /// excluded (`CGPath.boundingBoxOfPath`); nil for an empty path.
  public var boundingBox: PathRect? {
    guard !points.isEmpty else { return nil }
    var lo = points[0], hi = points[0]
    func include(_ p: PathPoint) {
      lo = PathPoint(min(lo.x, p.x), min(lo.y, p.y))
      hi = PathPoint(max(hi.x, p.x), max(hi.y, p.y))
    }
    for c in contours() {
      include(c.start)
      for s in c.segments {
        include(s.end)
        for t in s.extremaParameters() { include(s.point(at: t)) }
      }
    }
    return PathRect(corners: lo, hi)
  }

  /// The smallest rectangle holding every point, control points included
  /// (`CGPath.boundingBox`): cheaper, and never smaller than `boundingBox`.
  public var controlPointBounds: PathRect? {
    guard var lo = points.first else { return nil }
    var hi = lo
    for p in points {
      lo = PathPoint(min(lo.x, p.x), min(lo.y, p.y))
      hi = PathPoint(max(hi.x, p.x), max(hi.y, p.y))
    }
    return PathRect(corners: lo, hi)
  }

  /// The path with every point mapped by `transform` (Bézier curves map exactly under an
  /// affine map). A result that is not finite, from a non-finite transform or an overflow,
  /// is the empty path: paths hold finite points only.
  public func applying(_ transform: PathTransform) -> Path {
    if transform.isIdentity { return self }
    var out = self
    for i in out.points.indices {
      let p = transform.apply(out.points[i])
      guard p.isFinite else { return Path() }
      out.points[i] = p
    }
    return out
  }

  /// The path a `fraction` of the way to `other`, point by point, when both have the same
  /// elements in the same order (what Core Animation needs to animate `path`); nil when the
  /// element kinds differ, so the animation jumps instead. Fractions outside 0...1
  /// extrapolate (a spring overshoots); a result that is not finite is nil too.
  public func interpolated(to other: Path, fraction: Double) -> Path? {
    guard verbs == other.verbs, fraction.isFinite else { return nil }
    var out = self
    for i in out.points.indices {
      let p = points[i].interpolated(to: other.points[i], fraction: fraction)
      guard p.isFinite else { return nil }
      out.points[i] = p
    }
    return out
  }
}

extension Segment {
  /// The parameters in (0, 1) where x or y has a local extreme: with the end points, where
  /// the tight bounds are.
  func extremaParameters() -> [Double] {
    switch self {
    case .line:
      return []
    case .quad(let a, let b, let c):
      var out: [Double] = []
      for (p0, p1, p2) in [(a.x, b.x, c.x), (a.y, b.y, c.y)] {
        let den = p0 - 2 * p1 + p2
        if den != 0 {
          let t = (p0 - p1) / den
          if t > 0 && t < 1 { out.append(t) }
        }
      }
      return out
    case .cubic(let a, let b, let c, let d):
      var out: [Double] = []
      for (p0, p1, p2, p3) in [(a.x, b.x, c.x, d.x), (a.y, b.y, c.y, d.y)] {
        // The derivative over 3: qa·t² + qb·t + qc.
        let qa = -p0 + 3 * p1 - 3 * p2 + p3, qb = 2 * (p0 - 2 * p1 + p2), qc = p1 - p0
        for t in quadraticRoots(qa, qb, qc) where t > 0 && t < 1 { out.append(t) }
      }
      return out
    }
  }
}

/// The real roots of `a·t² + b·t + c`, computed without cancellation (Numerical Recipes
/// 5.6); a linear or constant equation has one root or none.
func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
  let scale = max(abs(a), abs(b), abs(c))
  guard scale > 0, scale.isFinite else { return [] }
  if abs(a) <= scale * 1e-12 {
    return b != 0 ? [-c / b] : []
  }
  let disc = b * b - 4 * a * c
  if disc < 0 { return [] }
  let q = -0.5 * (b + (b < 0 ? -1 : 1) * disc.squareRoot())
  var roots = [q / a]
  if q != 0 { roots.append(c / q) }
  return roots
}

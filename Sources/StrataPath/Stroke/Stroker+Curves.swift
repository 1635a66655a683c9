/// A curve's body: the strip between its two offset curves, sampled where the curve's
/// chords are within the tolerance (Wang's formula) and, between samples, wherever the
/// normal turns more than `maxTurn` (so the offset curve's chords are within the tolerance
/// too), each sample's offset points exact (the curve's point plus or minus `r` times its
/// unit normal).
extension OutlineBuilder {
  /// A point of the curve with its unit normals just before and just after it (different
  /// only at a cusp that falls exactly on a sample).
  struct Sample {
    var t: Double
    var c: PathPoint
    var before: PathPoint
    var after: PathPoint
  }

  /// The strip being built: offset points on the normal's side, forward, and on the other
  /// side, to be joined in reverse.
  struct Strip {
    var outer: [PathPoint] = []
    var inner: [PathPoint] = []
  }

  /// Subdivision stops at intervals this much shorter than a sample step: a normal that
  /// still turns too far there turns at a cusp.
  static let maxDepth = 24

  mutating func curveBody(_ s: Segment) {
    let n: Int
    switch s {
    case .line: n = 1
    case .quad(let a, let b, let c): n = Flattener.steps(a, b, c, tolerance: tolerance)
    case .cubic(let a, let b, let c, let d): n = Flattener.steps(a, b, c, d, tolerance: tolerance)
    }
    let cosMax = Math.cos(maxTurn)
    var strip = Strip()
    var previous = sample(s, 0)
    begin(&strip, previous.c, previous.after)
    for i in 1...n {
      let next = sample(s, i == n ? 1 : Double(i) / Double(n))
      refine(s, previous, next, cosMax: cosMax, depth: 0, &strip)
      if next.before.dot(next.after) < 1 - 1e-12 && i < n {
        // A cusp exactly on the sample: a disc there, and the strip goes on from its far side.
        finish(&strip)
        cusp(at: next.c)
        begin(&strip, next.c, next.after)
      }
      previous = next
    }
    finish(&strip)
  }

  /// Covers the curve from `a` to `b`, halving the interval while the normal turns too far
  /// across it; an interval too short to halve further holds a cusp, drawn as a disc (as
  /// Skia does, so a cusp looks like a round join).
  private mutating func refine(_ s: Segment, _ a: Sample, _ b: Sample, cosMax: Double, depth: Int, _ strip: inout Strip) {
    if a.after.dot(b.before) >= cosMax {
      step(a.c, a.after, b.c, b.before, &strip)
      return
    }
    let gap = (b.c - a.c).lengthSquared
    if depth >= Self.maxDepth || gap <= tolerance * tolerance * 1e-4 {
      finish(&strip)
      cusp(at: (a.c + b.c) * 0.5)
      begin(&strip, b.c, b.before)
      return
    }
    let mid = sample(s, (a.t + b.t) / 2)
    refine(s, a, mid, cosMax: cosMax, depth: depth + 1, &strip)
    if mid.before.dot(mid.after) < 1 - 1e-12 {
      // The halving landed exactly on the cusp (a zero derivative).
      finish(&strip)
      cusp(at: mid.c)
      begin(&strip, mid.c, mid.after)
    }
    refine(s, mid, b, cosMax: cosMax, depth: depth + 1, &strip)
  }

  /// Extends the strip from the offset points at `ca` (normal `na`) to those at `cb`.
  /// Where the curve bends tighter than `r` on one side, the two normal segments cross
  /// (the offset curve there runs backwards, the "swallowtail"): the quadrilateral between
  /// them would be a bow tie wound both ways, so its two triangles are added on their own.
  private mutating func step(_ ca: PathPoint, _ na: PathPoint, _ cb: PathPoint, _ nb: PathPoint, _ strip: inout Strip) {
    let den = na.cross(nb)
    if abs(den) > 1e-12 {
      let d = cb - ca
      let u = d.cross(nb) / den, v = d.cross(na) / den
      if abs(u) < r && abs(v) < r {
        let x = ca + na * u
        finish(&strip)
        emitCanonical(x, ca + na * r, cb + nb * r)
        emitCanonical(x, ca - na * r, cb - nb * r)
        begin(&strip, cb, nb)
        return
      }
    }
    strip.outer.append(cb + nb * r)
    strip.inner.append(cb - nb * r)
  }

  private mutating func cusp(at c: PathPoint) {
    if let cull, !cull.contains(c) { return }
    disc(at: c)
  }

  private func begin(_ strip: inout Strip, _ c: PathPoint, _ n: PathPoint) {
    strip.outer.removeAll(keepingCapacity: true)
    strip.inner.removeAll(keepingCapacity: true)
    strip.outer.append(c + n * r)
    strip.inner.append(c - n * r)
  }

  /// Adds the strip so far as one contour (its quadrilaterals all wind the outline's way,
  /// so their shared sides cancel) and empties it.
  private mutating func finish(_ strip: inout Strip) {
    if strip.outer.count >= 2 { outline.appendStrip(strip.outer, strip.inner) }
    strip.outer.removeAll(keepingCapacity: true)
    strip.inner.removeAll(keepingCapacity: true)
  }

  /// The curve's point and normals at `t`. At the ends the normals follow the end tangents
  /// (which skip coincident control points); inside, the derivative, or at a zero
  /// derivative (a cusp) the derivative a little to either side.
  private func sample(_ s: Segment, _ t: Double) -> Sample {
    let c = s.point(at: t)
    if t == 0 {
      let n = (s.startTangent ?? PathPoint(1, 0)).perpendicular
      return Sample(t: t, c: s.start, before: n, after: n)
    }
    if t == 1 {
      let n = (s.endTangent ?? PathPoint(1, 0)).perpendicular
      return Sample(t: t, c: s.end, before: n, after: n)
    }
    if let u = s.derivative(at: t).normalized {
      return Sample(t: t, c: c, before: u.perpendicular, after: u.perpendicular)
    }
    let h = 1e-7
    let before = (s.derivative(at: max(t - h, 0)).normalized ?? s.startTangent ?? PathPoint(1, 0)).perpendicular
    let after = (s.derivative(at: min(t + h, 1)).normalized ?? s.endTangent ?? PathPoint(1, 0)).perpendicular
    return Sample(t: t, c: c, before: before, after: after)
  }
}

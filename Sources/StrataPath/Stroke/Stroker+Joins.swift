/// Joins, caps, discs, and the one winding every part of an outline has.
extension OutlineBuilder {
  /// The join at `v` between a segment arriving along `t0` and one leaving along `t1`
  /// (unit tangents), on the outer side of the turn; the inner side is inside both
  /// segments' bodies already.
  mutating func join(at v: PathPoint, from t0: PathPoint, to t1: PathPoint) {
    if let cull, !cull.contains(v) { return }
    let cross = t0.cross(t1), dot = t0.dot(t1)
    if dot > 0 && abs(cross) < 1e-12 { return }  // straight on: the bodies meet edge to edge
    // A turn towards +perpendicular leaves the outer side at −perpendicular.
    let side = cross > 0 ? -r : r
    let n0 = t0.perpendicular, n1 = t1.perpendicular
    let a = v + n0 * side, b = v + n1 * side
    switch style.lineJoin {
    case .bevel:
      emitCanonical(v, a, b)
    case .miter:
      // The miter is 1/sin(θ/2) widths long for an angle θ between the segments, and
      // sin(θ/2) = cos(turn/2) = √((1 + t0·t1)/2): miter while that is ≥ 1/miterLimit.
      let limit = style.miterLimit.isNaN ? 10 : style.miterLimit
      if dot > -1 + 1e-12 && (1 + dot) / 2 * limit * limit >= 1 {
        let tip = v + (n0 + n1) * (side / (1 + dot))
        emitCanonical(v, a, tip, b)
      } else {
        emitCanonical(v, a, b)
      }
    case .round:
      pie(centre: v, from: n0 * side, to: n1 * side, through: t0)
    }
  }

  /// The cap at an open end `e` of a stroke leaving along `d` (unit, pointing away).
  mutating func cap(at e: PathPoint, direction d: PathPoint) {
    if let cull, !cull.contains(e) { return }
    let n = d.perpendicular * r
    switch style.lineCap {
    case .butt:
      return
    case .square:
      let ahead = d * r
      emitCanonical(e + n, e + n + ahead, e - n + ahead, e - n)
    case .round:
      pie(centre: e, from: n, to: -n, through: d)
    }
  }

  /// A subpath of no length: a disc with round caps, a square (upright, having no
  /// direction, as Skia draws it) with square caps, nothing with butt caps.
  mutating func zeroLength(at p: PathPoint) {
    if let cull, !cull.contains(p) { return }
    switch style.lineCap {
    case .butt: return
    case .round: disc(at: p)
    case .square:
      emitCanonical(p + PathPoint(-r, -r), p + PathPoint(r, -r), p + PathPoint(r, r), p + PathPoint(-r, r))
    }
  }

  /// The most sides of a round cap or join's polygon (a whole disc): 16,384, enough for a
  /// radius of a million pixels within the tolerance.
  static let maxSides = 1 << 14

  mutating func disc(at c: PathPoint) {
    // At most `maxSides` sides: a radius of millions of pixels would otherwise ask for
    // millions of them (and is drawn as far off the canvas as not to matter).
    let n = max(8, Int(saturating: (2 * Double.pi / maxTurn).rounded(.up), limit: Self.maxSides))
    let step = 2 * Double.pi / Double(n)
    let rv = vertexRadius(step)
    scratch.removeAll(keepingCapacity: true)
    for i in 0..<n {
      let a = step * Double(i)
      scratch.append(c + PathPoint(Math.cos(a), Math.sin(a)) * rv)
    }
    emitScratch()
  }

  /// The radius for the vertices of a polygon whose sides turn by `step` around a circle of
  /// radius `r`: a little outside it, so that each side's triangle has its sector's area
  /// (`rv²·sin(step) = r²·step`). The sides then cut the circle, and the polygon strays
  /// from it by less than an inscribed one (about 0.6 of the tolerance rather than all
  /// of it), with the same coverage on average.
  func vertexRadius(_ step: Double) -> Double {
    step > 1e-9 ? r * (step / Math.sin(step)).squareRoot() : r
  }

  /// The sector of the circle around `centre` from offset `a` to offset `b` (both of length
  /// `r`) that contains the direction `through`: a round join or cap.
  mutating func pie(centre: PathPoint, from a: PathPoint, to b: PathPoint, through: PathPoint) {
    var sweep = Math.atan2(a.cross(b), a.dot(b))
    let half = sweep / 2
    let mid = PathPoint(a.x * Math.cos(half) - a.y * Math.sin(half), a.x * Math.sin(half) + a.y * Math.cos(half))
    if mid.dot(through) < 0 { sweep -= sweep < 0 ? -2 * Double.pi : 2 * Double.pi }
    let n = max(1, Int(saturating: (abs(sweep) / maxTurn).rounded(.up), limit: Self.maxSides))
    let rv = vertexRadius(abs(sweep) / Double(n))
    scratch.removeAll(keepingCapacity: true)
    scratch.append(centre)
    let start = Math.atan2(a.y, a.x)
    scratch.append(centre + a)  // the ends meet the bodies' sides exactly
    for i in 1..<n {
      let angle = start + sweep * Double(i) / Double(n)
      scratch.append(centre + PathPoint(Math.cos(angle), Math.sin(angle)) * rv)
    }
    scratch.append(centre + b)
    emitScratch()
  }

  /// Adds `polygon` as a closed contour wound the outline's way (a negative shoelace sum:
  /// the way a segment's body, right side forward and left side back, winds); one of no
  /// area is left out.
  mutating func emitCanonical(_ a: PathPoint, _ b: PathPoint, _ c: PathPoint, _ d: PathPoint? = nil) {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(a)
    scratch.append(b)
    scratch.append(c)
    if let d { scratch.append(d) }
    emitScratch()
  }

  mutating func emitScratch() {
    var area = 0.0
    var prev = scratch[scratch.count - 1]
    for p in scratch {
      area += prev.cross(p)
      prev = p
    }
    guard area != 0, area.isFinite else { return }
    if area > 0 { scratch.reverse() }
    emitRaw(scratch)
  }

  /// Adds a closed contour as it is.
  mutating func emitRaw(_ polygon: [PathPoint]) {
    guard polygon.count >= 3 else { return }
    outline.appendClosedPolygon(polygon)
  }
}

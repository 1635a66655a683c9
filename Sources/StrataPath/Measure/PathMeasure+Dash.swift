/// Dashing, after Skia's `SkDashPath`: each subpath starts the pattern afresh at the phase,
/// each "on" interval becomes an open piece (so it gets caps; a zero-length one is a dot
/// with round caps), and on a closed subpath that begins inside a dash, that dash is drawn
/// last and joined to the dash running into the end, so the seam at the start has a join
/// rather than two caps.
extension PathMeasure {
  /// More dashes than this in one path and the stroke is drawn solid, as Skia gives up,
  /// rather than building a path of millions of pieces.
  static let maxDashCount = 1_000_000

  /// The path dashed with `pattern` (alternating on and off lengths, doubled when odd)
  /// starting `phase` into it (negative phases wrap); the whole path when the pattern draws
  /// solid (empty, negative or non-finite entries, or a zero sum).
  public func dashed(pattern: [Double], phase: Double) -> Path {
    dashed(pattern: pattern, phase: phase, from: 0, to: length)
  }

  /// The part between distances `start` and `end`, dashed with the pattern's phase counted
  /// from each subpath's own start, not from `start`: so that dashes stay where they are
  /// while `strokeEnd` animates (trim first, then dash).
  func dashed(pattern rawPattern: [Double], phase rawPhase: Double, from start: Double, to end: Double) -> Path {
    let style = StrokeStyle(lineDashPattern: rawPattern, lineDashPhase: rawPhase)
    guard let pattern = style.effectiveDashPattern, rawPhase.isFinite else { return segment(from: start, to: end) }
    let sum = pattern.reduce(0, +)
    guard length / sum * Double(pattern.count) <= Double(Self.maxDashCount) else { return segment(from: start, to: end) }
    // tiny-skia's adjust_dash_offset: a phase of -20 with a pattern length of 100 is 80.
    var phase = rawPhase.truncatingRemainder(dividingBy: sum)
    if phase < 0 { phase += sum }

    var out = Path()
    for m in contours where m.length > 0 {
      let a = max(start - m.base, 0), b = min(end - m.base, m.length)
      guard a < b || (a == b && start < end) else { continue }
      let whole = a <= 0 && b >= m.length
      var (index, remaining) = Self.firstInterval(pattern, phase)
      let initialIndex = index, initialLength = remaining
      // A closed subpath drawn whole that starts inside a dash leaves that dash for last.
      let seam = whole && m.contour.isClosed && initialIndex % 2 == 0
      var distance = 0.0
      var first = true
      var addedLast = false
      while distance < m.length {
        addedLast = false
        let u = distance, v = distance + remaining
        if index % 2 == 0 && !(first && seam) {
          let from = max(u, a), to = min(v, b)
          if from < to || (u == v && u >= a && u <= b) {
            m.extract(from: from, to: min(to, m.length), into: &out, move: true)
            addedLast = v >= m.length
          }
        }
        first = false
        distance = v
        index = (index + 1) % pattern.count
        remaining = pattern[index]
      }
      if seam { m.extract(from: 0, to: min(initialLength, m.length), into: &out, move: !addedLast) }
    }
    return out
  }

  /// Which interval `phase` falls in, and how much of it is left (Skia's
  /// `find_first_interval`: a phase exactly at the end of a non-empty interval moves on, so
  /// a zero-length dash at the very start is kept).
  static func firstInterval(_ pattern: [Double], _ phase: Double) -> (index: Int, remaining: Double) {
    var p = phase
    for (i, gap) in pattern.enumerated() {
      if p > gap || (p == gap && gap != 0) {
        p -= gap
      } else {
        return (i, gap - p)
      }
    }
    return (0, pattern[0])  // rounding made the phase look longer than the pattern
  }
}

extension Path {
  /// The part of the path a stroke with `strokeStart`...`strokeEnd` (fractions of the
  /// whole length) draws; see `PathMeasure.trimmed(from:to:)`.
  public func trimmed(from start: Double, to end: Double, tolerance: Double = 0.01) -> Path {
    if start <= 0 && end >= 1 { return self }
    return PathMeasure(self, tolerance: tolerance).trimmed(from: start, to: end)
  }

  /// The path dashed; see `PathMeasure.dashed(pattern:phase:)`.
  public func dashed(pattern: [Double], phase: Double = 0, tolerance: Double = 0.01) -> Path {
    PathMeasure(self, tolerance: tolerance).dashed(pattern: pattern, phase: phase)
  }

  /// The centre line a stroke with `style` outlines: the path trimmed to `strokeStart`...
  /// `strokeEnd`, then dashed with the phase counted from each subpath's start.
  func strokeCenterline(_ style: StrokeStyle, tolerance: Double) -> Path {
    guard let (s, e) = style.trimRange else { return Path() }
    let dashes = style.effectiveDashPattern != nil && style.lineDashPhase.isFinite
    if !dashes && s == 0 && e == 1 { return self }
    let measure = PathMeasure(self, tolerance: tolerance)
    if !dashes { return measure.trimmed(from: s, to: e) }
    return measure.dashed(
      pattern: style.lineDashPattern, phase: style.lineDashPhase, from: s * measure.length, to: e * measure.length)
  }
}

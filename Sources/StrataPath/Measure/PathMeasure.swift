/// Lengths along a path, and the pieces of it between two lengths: what trimming
/// (`strokeStart`/`strokeEnd`) and dashing are made of (Skia's `SkContourMeasure`).
///
/// The length runs through all subpaths in order; a move between them adds nothing, and a
/// closed subpath's closing line counts. Curves are measured by their chords at a
/// tolerance, and a length maps back to a curve parameter by interpolating between chords,
/// so positions are within about twice the tolerance of the exact arc length.
public struct PathMeasure: Sendable {
  struct Measured: Sendable {
    var contour: Contour
    /// The length at the end of each segment, from the subpath's start.
    var ends: [Double] = []
    /// Per curve segment, its chords' parameters and lengths (from the segment's start),
    /// from `tableStart[i]` on; lines need none.
    var ts: [Double] = []
    var ds: [Double] = []
    var tableStart: [Int] = []
    /// Where the subpath starts along the whole path.
    var base: Double = 0
    var length: Double { ends.last ?? 0 }
  }

  private(set) var contours: [Measured] = []
  /// The length of the whole path.
  public private(set) var length: Double = 0

  /// Measures `path`, with curves flattened within `tolerance` (path units).
  public init(_ path: Path, tolerance: Double = 0.01) {
    let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.01
    for c in path.contours() where c.hasDrawing {
      var m = Measured(contour: c, base: length)
      var total = 0.0
      var scratch: [PathPoint] = []
      for s in c.segments {
        m.tableStart.append(m.ts.count)
        switch s {
        case .line(let a, let b):
          total += (b - a).length
        case .quad, .cubic:
          scratch.removeAll(keepingCapacity: true)
          scratch.append(s.start)
          Flattener.flatten(s, tolerance: tol, into: &scratch)
          let n = scratch.count - 1
          var d = 0.0
          for i in 1...n {
            d += (scratch[i] - scratch[i - 1]).length
            m.ts.append(Double(i) / Double(n))
            m.ds.append(d)
          }
          total += d
        }
        m.ends.append(total)
      }
      length += total
      contours.append(m)
    }
  }

  /// The length of each subpath that draws something, in order.
  public var subpathLengths: [Double] { contours.map(\.length) }

  /// The point and unit tangent at `distance` along the whole path (clamped to it); nil
  /// for a path that has no length.
  public func position(at distance: Double) -> (point: PathPoint, tangent: PathPoint)? {
    guard length > 0, distance.isFinite else { return nil }
    let d = min(max(distance, 0), length)
    guard let m = contours.last(where: { $0.base <= d && $0.length > 0 }) ?? contours.first(where: { $0.length > 0 })
    else { return nil }
    let (i, t) = m.locate(d - m.base, leaving: false)
    let s = m.contour.segments[i]
    let tangent = s.derivative(at: t).normalized ?? (t < 0.5 ? s.startTangent : s.endTangent) ?? PathPoint(1, 0)
    return (s.point(at: t), tangent)
  }

  /// The part of the path between two distances along it, as open subpaths (one per
  /// subpath it crosses); a closed subpath wholly inside stays closed.
  public func segment(from start: Double, to end: Double) -> Path {
    var out = Path()
    guard start.isFinite, end.isFinite, start <= end else { return out }
    for m in contours {
      let a = max(start - m.base, 0), b = min(end - m.base, m.length)
      if m.length == 0 {
        if start <= m.base && m.base <= end { m.appendWhole(to: &out) }
      } else if a <= 0 && b >= m.length {
        m.appendWhole(to: &out)
      } else if a < b {
        m.extract(from: a, to: b, into: &out, move: true)
      }
    }
    return out
  }

  /// The part between `start` and `end` as fractions of the length, as `strokeStart` and
  /// `strokeEnd` cut a stroke: clamped to 0...1, nothing when `start >= end`, and the
  /// whole path (closed subpaths still closed) for 0...1.
  public func trimmed(from start: Double, to end: Double) -> Path {
    let s = start.isNaN ? 0 : min(max(start, 0), 1), e = end.isNaN ? 1 : min(max(end, 0), 1)
    guard s < e else { return Path() }
    return segment(from: s * length, to: e * length)
  }
}

extension PathMeasure.Measured {
  /// The segment and parameter at `d` from the subpath's start. At a boundary between
  /// segments, `leaving` picks the start of the next (for a piece that begins there) rather
  /// than the end of the previous (for one that ends there).
  func locate(_ d: Double, leaving: Bool) -> (segment: Int, t: Double) {
    var lo = 0, hi = ends.count - 1
    while lo < hi {  // the first segment ending beyond `d` (or at it, when arriving)
      let mid = (lo + hi) / 2
      if leaving ? ends[mid] <= d : ends[mid] < d { lo = mid + 1 } else { hi = mid }
    }
    let i = lo
    let start = i == 0 ? 0 : ends[i - 1]
    let segLength = ends[i] - start
    guard segLength > 0 else { return (i, leaving ? 0 : 1) }
    let local = min(max(d - start, 0), segLength)
    if contour.segments[i].isLine { return (i, local / segLength) }
    // Interpolate between the chords' parameters.
    let from = tableStart[i], to = i + 1 < tableStart.count ? tableStart[i + 1] : ts.count
    var k = from
    while k < to - 1 && ds[k] < local { k += 1 }
    let d0 = k == from ? 0 : ds[k - 1], t0 = k == from ? 0 : ts[k - 1]
    let span = ds[k] - d0
    return (i, span > 0 ? t0 + (ts[k] - t0) * ((local - d0) / span) : ts[k])
  }

  /// Appends the piece from `a` to `b` (`a <= b`, distances from the subpath's start),
  /// starting with a move or, when `move` is false, continuing the current subpath (whose
  /// end must be where the piece starts). A piece of zero length is a line to its own
  /// start, so that round and square caps can draw it.
  func extract(from a: Double, to b: Double, into path: inout Path, move: Bool) {
    let (i0, t0) = locate(a, leaving: true)
    let (i1, t1) = locate(b, leaving: false)
    let segments = contour.segments
    let p = segments[i0].point(at: t0)
    if move { path.move(to: p) }
    if a == b || (i0 == i1 && t0 >= t1) {
      path.addLine(to: p)
      return
    }
    if i0 == i1 {
      segments[i0].part(from: t0, to: t1).append(to: &path)
      return
    }
    if t0 < 1 { segments[i0].part(from: t0, to: 1).append(to: &path) }
    for i in (i0 + 1)..<i1 { segments[i].append(to: &path) }
    if t1 > 0 { segments[i1].part(from: 0, to: t1).append(to: &path) }
  }

  /// Appends the subpath as it was, closed if it was.
  func appendWhole(to path: inout Path) {
    path.move(to: contour.start)
    for s in contour.segments { s.append(to: &path) }
    if contour.isClosed { path.closeSubpath() }
  }
}

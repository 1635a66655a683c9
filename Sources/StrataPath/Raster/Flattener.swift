/// Turns curves into lines no farther than a tolerance from them.
///
/// A curve of `n` equal parameter steps is within `tolerance` of its chords when
/// `n ≥ √(k·M / tolerance)`, with `M` the largest second difference of its control points
/// and `k` = 1/4 for a quadratic, 3/4 for a cubic (Wang's formula): a bound, not an
/// estimate, computed without subdividing, so flattening is one pass and deterministic.
public enum Flattener {
  /// How far, in device pixels, a flattened edge may be from its curve. A quarter of this
  /// is under 4/255 of coverage at an edge pixel.
  public static let defaultTolerance = 0.05

  /// The most lines one curve becomes: curves millions of pixels long are flattened less
  /// finely rather than filling memory.
  static let maxSteps = 10_000

  /// A subpath as a chain of points; a closed one joins its last point to its first.
  public struct Polyline: Hashable, Sendable {
    public var points: [PathPoint]
    public var isClosed: Bool
  }

  /// The path after `transform`, flattened within `tolerance` (in the transformed space).
  public static func polylines(of path: Path, transform: PathTransform = .identity, tolerance: Double = defaultTolerance)
    -> [Polyline]
  {
    var out: [Polyline] = []
    for c in path.applying(transform).contours() where c.hasDrawing {
      var points = [c.start]
      for s in c.segments { flatten(s, tolerance: tolerance, into: &points) }
      if c.isClosed && points.count > 1 && points.last == points.first { points.removeLast() }
      out.append(Polyline(points: points, isClosed: c.isClosed))
    }
    return out
  }

  /// How many equal parameter steps keep the curve `p0…p3` within `tolerance` of its
  /// chords (at least 1).
  static func steps(_ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, _ p3: PathPoint, tolerance: Double) -> Int {
    let d1 = p0 - p1 * 2 + p2, d2 = p1 - p2 * 2 + p3
    let m = max(d1.lengthSquared, d2.lengthSquared).squareRoot()
    return count((0.75 * m / tolerance).squareRoot())
  }

  static func steps(_ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, tolerance: Double) -> Int {
    count((0.25 * (p0 - p1 * 2 + p2).length / tolerance).squareRoot())
  }

  private static func count(_ n: Double) -> Int {
    guard n.isFinite else { return maxSteps }
    return max(1, min(maxSteps, Int(saturating: n.rounded(.up))))
  }

  /// Appends the points after the segment's start.
  static func flatten(_ s: Segment, tolerance: Double, into out: inout [PathPoint]) {
    switch s {
    case .line(_, let b):
      out.append(b)
    case .quad(let a, let b, let c):
      appendQuad(a, b, c, steps: steps(a, b, c, tolerance: tolerance), into: &out)
    case .cubic(let a, let b, let c, let d):
      appendCubic(a, b, c, d, steps: steps(a, b, c, d, tolerance: tolerance), into: &out)
    }
  }

  /// The points at `t = i/n`, `i = 1…n`, in power form (Horner), the last exactly `p2`.
  @inline(__always)
  static func appendQuad(_ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, steps n: Int, into out: inout [PathPoint]) {
    let a = p0 - p1 * 2 + p2, b = (p1 - p0) * 2
    let dt = 1 / Double(n)
    for i in 1..<n {
      let t = Double(i) * dt
      out.append(PathPoint((a.x * t + b.x) * t + p0.x, (a.y * t + b.y) * t + p0.y))
    }
    out.append(p2)
  }

  @inline(__always)
  static func appendCubic(
    _ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, _ p3: PathPoint, steps n: Int, into out: inout [PathPoint]
  ) {
    let a = p3 - p0 + (p1 - p2) * 3, b = (p0 - p1 * 2 + p2) * 3, c = (p1 - p0) * 3
    let dt = 1 / Double(n)
    for i in 1..<n {
      let t = Double(i) * dt
      out.append(PathPoint(((a.x * t + b.x) * t + c.x) * t + p0.x, ((a.y * t + b.y) * t + c.y) * t + p0.y))
    }
    out.append(p3)
  }
}

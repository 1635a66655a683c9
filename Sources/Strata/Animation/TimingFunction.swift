/// How an animation's progress follows its time: a cubic Bézier from (0, 0) to (1, 1), as
/// `CAMediaTimingFunction` defines it.
///
/// The named functions use Core Animation's control points. `value(at:)` solves the curve
/// for the given time fraction with Newton's method, falling back to bisection where the
/// slope is too flat for Newton to converge, so custom curves are exact to ~1e-10.
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
  /// The first and second control points; x in 0…1, y unrestricted (overshoot is allowed).
  public let c1: Point, c2: Point

  /// A curve with control points `(c1x, c1y)` and `(c2x, c2y)`
  /// (`CAMediaTimingFunction(controlPoints:)`). The x coordinates are clamped to 0…1 so
  /// that the curve is a function of time.
  public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    c1 = Point(x: min(max(c1x, 0), 1), y: c1y)
    c2 = Point(x: min(max(c2x, 0), 1), y: c2y)
  }

  /// `kCAMediaTimingFunctionLinear`: (0, 0), (1, 1).
  public static let linear = TimingFunction(0, 0, 1, 1)
  /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0), (1, 1).
  public static let easeIn = TimingFunction(0.42, 0, 1, 1)
  /// `kCAMediaTimingFunctionEaseOut`: (0, 0), (0.58, 1).
  public static let easeOut = TimingFunction(0, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0), (0.58, 1).
  public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1), (0.25, 1), the curve of implicit animations.
  public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

  /// The named functions, by their scene-file names.
  public static let named: [(String, TimingFunction)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ("easeInEaseOut", .easeInEaseOut), ("default", .default),
  ]

  public var isLinear: Bool { c1.x == c1.y && c2.x == c2.y }

  /// The curve's y for the time fraction `x`; outside 0…1 the end values are held.
  public func value(at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    if isLinear { return x }
    return Self.bezier(solve(x), c1.y, c2.y)
  }

  /// The Bézier parameter `s` with `X(s) = x`.
  func solve(_ x: Double) -> Double {
    // Newton from s = x; X is monotonic because the control xs lie in 0…1.
    var s = x
    for _ in 0..<8 {
      let err = Self.bezier(s, c1.x, c2.x) - x
      if abs(err) < 1e-12 { return s }
      let d = Self.derivative(s, c1.x, c2.x)
      if abs(d) < 1e-7 { break }
      s -= err / d
      if s < 0 || s > 1 { break }
    }
    // Bisection: always converges, 50 halvings reach double precision.
    var lo = 0.0, hi = 1.0
    s = x
    for _ in 0..<60 {
      let v = Self.bezier(s, c1.x, c2.x)
      if abs(v - x) < 1e-12 { break }
      if v < x { lo = s } else { hi = s }
      s = (lo + hi) / 2
    }
    return s
  }

  /// One coordinate of the cubic with end points 0 and 1: `3(1-s)²s·p1 + 3(1-s)s²·p2 + s³`.
  static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    ((1 - 3 * p2 + 3 * p1) * s + (3 * p2 - 6 * p1)) * s * s + 3 * p1 * s
  }

  static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    3 * (1 - 3 * p2 + 3 * p1) * s * s + 2 * (3 * p2 - 6 * p1) * s + 3 * p1
  }

  public var description: String {
    if let name = Self.named.first(where: { $0.1 == self })?.0 { return name }
    return "[\(c1.x), \(c1.y), \(c2.x), \(c2.y)]"
  }
}

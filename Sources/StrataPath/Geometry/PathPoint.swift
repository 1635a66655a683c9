/// A point or a vector in a path's coordinate space (y down), in double precision.
///
/// The path engine has its own small geometry so that it depends on nothing: the model,
/// text and Lottie modules can all use it without a cycle.
public struct PathPoint: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  @inlinable public init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }

  public static let zero = PathPoint(0, 0)

  /// Whether both coordinates are finite: paths refuse points that are not.
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

  public var description: String { "(\(x), \(y))" }

  @inlinable public static func + (a: PathPoint, b: PathPoint) -> PathPoint { PathPoint(a.x + b.x, a.y + b.y) }
  @inlinable public static func - (a: PathPoint, b: PathPoint) -> PathPoint { PathPoint(a.x - b.x, a.y - b.y) }
  @inlinable public static prefix func - (a: PathPoint) -> PathPoint { PathPoint(-a.x, -a.y) }
  @inlinable public static func * (a: PathPoint, s: Double) -> PathPoint { PathPoint(a.x * s, a.y * s) }
  @inlinable public static func * (s: Double, a: PathPoint) -> PathPoint { PathPoint(a.x * s, a.y * s) }
  @inlinable public static func += (a: inout PathPoint, b: PathPoint) { a = a + b }
  @inlinable public static func -= (a: inout PathPoint, b: PathPoint) { a = a - b }

  /// The dot product, of two vectors.
  @inlinable public func dot(_ b: PathPoint) -> Double { x * b.x + y * b.y }
  /// The z component of the cross product: positive when `b` turns clockwise from `self`
  /// on screen (y down).
  @inlinable public func cross(_ b: PathPoint) -> Double { x * b.y - y * b.x }
  @inlinable public var lengthSquared: Double { x * x + y * y }
  @inlinable public var length: Double { lengthSquared.squareRoot() }

  /// The vector scaled to length 1, or nil when it is too short to have a direction.
  @inlinable public var normalized: PathPoint? {
    let l = length
    guard l > 1e-300, l.isFinite else { return nil }
    return PathPoint(x / l, y / l)
  }

  /// The vector turned a quarter turn, from +x towards +y (clockwise on screen).
  @inlinable public var perpendicular: PathPoint { PathPoint(-y, x) }

  /// The point a `fraction` of the way from `self` to `b`.
  @inlinable public func interpolated(to b: PathPoint, fraction t: Double) -> PathPoint {
    PathPoint(x + (b.x - x) * t, y + (b.y - y) * t)
  }

  @inlinable public func distance(to b: PathPoint) -> Double { (b - self).length }
}

/// An origin and a size, like `CGRect`. Sizes may be negative, as in Core Graphics; the
/// `min`/`max` accessors and `standardized` account for that.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    self.init(x: x, y: y, width: width, height: height)
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
  /// The unit rectangle, the default of `contentsRect`.
  public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

  public var width: Double { size.width }
  public var height: Double { size.height }
  public var minX: Double { min(origin.x, origin.x + size.width) }
  public var maxX: Double { max(origin.x, origin.x + size.width) }
  public var minY: Double { min(origin.y, origin.y + size.height) }
  public var maxY: Double { max(origin.y, origin.y + size.height) }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }
  public var isFinite: Bool { origin.isFinite && size.isFinite }

  public var standardized: Rect {
    Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
  }

  /// Whether `p` lies inside, with the min edges included and the max edges excluded.
  public func contains(_ p: Point) -> Bool {
    p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
  }

  /// Whether `r` lies inside, edges included. A rectangle with a NaN or infinite value lies
  /// inside none (`min`/`max` would pass its NaN by).
  public func contains(_ r: Rect) -> Bool {
    r.isFinite && r.minX >= minX && r.minY >= minY && r.maxX <= maxX && r.maxY <= maxY
  }

  public func intersection(_ other: Rect) -> Rect? {
    let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public func union(_ other: Rect) -> Rect {
    let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
    let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: abs(width) - 2 * dx, height: abs(height) - 2 * dy)
  }

  public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}

/// A point in a layer's coordinate space (points, y down), like `CGPoint`.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }

  public static let zero = Point(x: 0, y: 0)

  public var isFinite: Bool { x.isFinite && y.isFinite }

  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

  public var description: String { "(\(x), \(y))" }
}

/// A width and height, like `CGSize`.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public init(_ width: Double, _ height: Double) { self.init(width: width, height: height) }

  public static let zero = Size(width: 0, height: 0)

  public var isFinite: Bool { width.isFinite && height.isFinite }

  public var description: String { "(\(width), \(height))" }
}

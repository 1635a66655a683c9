/// A rectangle in a path's coordinate space, like `CGRect`; a negative width or height
/// means the rectangle extends the other way (the `min`/`max` accessors standardise).
public struct PathRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Double, y: Double, width: Double, height: Double

  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x; self.y = y; self.width = width; self.height = height
  }

  /// The smallest rectangle holding both corners.
  public init(corners p: PathPoint, _ q: PathPoint) {
    self.init(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
  }

  public var minX: Double { min(x, x + width) }
  public var maxX: Double { max(x, x + width) }
  public var minY: Double { min(y, y + height) }
  public var maxY: Double { max(y, y + height) }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }
  public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

  /// The same rectangle with a non-negative width and height.
  public var standardized: PathRect { PathRect(x: minX, y: minY, width: abs(width), height: abs(height)) }

  public func union(_ r: PathRect) -> PathRect {
    PathRect(corners: PathPoint(min(minX, r.minX), min(minY, r.minY)), PathPoint(max(maxX, r.maxX), max(maxY, r.maxY)))
  }

  /// Whether the two overlap or touch.
  public func intersects(_ r: PathRect) -> Bool {
    minX <= r.maxX && r.minX <= maxX && minY <= r.maxY && r.minY <= maxY
  }

  public func contains(_ p: PathPoint) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

  public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// A rectangle of whole device pixels: where a coverage mask lies, and what it is clipped to.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int, y: Int, width: Int, height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    precondition(width >= 0 && height >= 0, "PixelRect needs a non-negative width and height")
    self.x = x; self.y = y; self.width = width; self.height = height
  }

  public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Int { x }
  public var minY: Int { y }
  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width == 0 || height == 0 }
  public var area: Int { width * height }

  public func intersection(_ r: PixelRect) -> PixelRect {
    let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
    let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
    guard x1 > x0, y1 > y0 else { return PixelRect(x: x0, y: y0, width: 0, height: 0) }
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public func offsetBy(dx: Int, dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }

  public func contains(x px: Int, y py: Int) -> Bool { px >= minX && px < maxX && py >= minY && py < maxY }

  /// The whole pixels that `minX...maxX × minY...maxY` touches, limited to `limit` (so a
  /// path a billion pixels wide cannot ask for a mask that large).
  init(enclosing minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, within limit: PixelRect) {
    guard minX <= maxX, minY <= maxY, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else {
      self.init(x: limit.x, y: limit.y, width: 0, height: 0)
      return
    }
    func clamp(_ v: Double, _ lo: Int, _ hi: Int) -> Int { Int(min(max(v, Double(lo)), Double(hi))) }
    let x0 = clamp(minX.rounded(.down), limit.minX, limit.maxX), x1 = clamp(maxX.rounded(.up), limit.minX, limit.maxX)
    let y0 = clamp(minY.rounded(.down), limit.minY, limit.maxY), y1 = clamp(maxY.rounded(.up), limit.minY, limit.maxY)
    // A path whose bounds are exactly on a pixel edge still touches no pixel beyond it, but a
    // zero-width path (a vertical line) touches none at all: its mask is empty.
    self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// A whole-pixel offset: where a mask moves when its layer moves by whole pixels.
public struct PixelOffset: Hashable, Sendable {
  public var dx: Int, dy: Int
  public init(dx: Int, dy: Int) {
    self.dx = dx
    self.dy = dy
  }
  public static let zero = PixelOffset(dx: 0, dy: 0)
}

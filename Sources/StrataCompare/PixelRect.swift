/// A half-open rectangle of pixels, `x0..<x1 × y0..<y1`.
struct PixelRect: Hashable, Sendable {
  var x0: Int, y0: Int, x1: Int, y1: Int

  var width: Int { x1 - x0 }
  var height: Int { y1 - y0 }

  /// Grown by `d` on every side, then clipped to a `width` x `height` image.
  func expanded(by d: Int, width: Int, height: Int) -> PixelRect {
    PixelRect(x0: max(0, x0 - d), y0: max(0, y0 - d), x1: min(width, x1 + d), y1: min(height, y1 + d))
  }

  /// The smallest rectangle holding both.
  func union(_ o: PixelRect) -> PixelRect {
    PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
  }
}

import StrataRender

/// A premultiplied RGBA8 pixel region in device coordinates: the canvas, or an offscreen
/// group target covering `bounds`. Workers write disjoint rows of it in parallel.
struct Surface: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt8>
  let bounds: PixelBounds
  let stride: Int

  var width: Int { bounds.x1 - bounds.x0 }
  var height: Int { bounds.y1 - bounds.y0 }

  /// The first byte of device row `y` (which must lie inside the bounds).
  @inline(__always)
  func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + (y - bounds.y0) * stride }

  /// The pixel at device `(x, y)`.
  @inline(__always)
  func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> { row(y) + (x - bounds.x0) * 4 }
}

/// An owned, zero-filled offscreen surface.
final class OffscreenSurface: @unchecked Sendable {
  let surface: Surface
  private let storage: UnsafeMutableBufferPointer<UInt8>

  init(bounds: PixelBounds) {
    let w = max(0, bounds.x1 - bounds.x0), h = max(0, bounds.y1 - bounds.y0)
    storage = .allocate(capacity: max(1, w * h * 4))
    storage.initialize(repeating: 0)
    surface = Surface(base: storage.baseAddress!, bounds: bounds, stride: w * 4)
  }

  deinit { storage.deallocate() }
}

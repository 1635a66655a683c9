/// A mutable premultiplied RGBA8 render target, row-major, top row first.
public struct PixelBuffer: Sendable, Equatable {
  public let width: Int
  public let height: Int
  public var pixels: [UInt8]

  /// A buffer filled with `color`.
  public init(width: Int, height: Int, fill color: PremultipliedColor = .clear) {
    precondition(width > 0 && height > 0, "PixelBuffer needs a positive size")
    self.width = width
    self.height = height
    let b = color.bytes
    var p = [UInt8](repeating: 0, count: width * height * 4)
    if b != (0, 0, 0, 0) {
      var i = 0
      while i < p.count {
        p[i] = b.0; p[i + 1] = b.1; p[i + 2] = b.2; p[i + 3] = b.3
        i += 4
      }
    }
    pixels = p
  }

  public init(image: Image) {
    width = image.width
    height = image.height
    pixels = image.pixels
  }

  public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }

  /// An immutable image of the current pixels.
  public var image: Image { Image(width: width, height: height, premultipliedPixels: pixels) }
}

import Synchronization

/// The next `Image.ID`; 64 bits do not wrap in the life of a process.
private let nextImageID = Atomic<UInt64>(1)

/// An immutable bitmap of premultiplied RGBA8 pixels, row-major, top row first: what a
/// layer's `contents` holds.
///
/// Images are reference types so that derived data such as mipmaps is made once and shared.
/// Renderers recognise an image across frames by its `id`, never by its address: a freed
/// image's address is soon handed to a new one. The pixels are one array that never changes
/// after `init`, so renderers share it (`packedPixels`) without copying, and the type is
/// `Sendable` without any unchecked promise.
public final class Image: Identifiable, Sendable {
  /// A number that no other image in the process has had or will have.
  ///
  /// Images are immutable, so the identity stands for the pixels: caches that keep
  /// something derived from an image (a texture, a rasterized layer, a shadow) key on it,
  /// and need not keep the image alive to stop the identity being reused.
  public struct ID: Hashable, Sendable, CustomStringConvertible {
    public let value: UInt64
    public var description: String { "image #\(value)" }
  }

  public let id: ID
  public let width: Int
  public let height: Int
  /// The pixels, one `UInt32` each: red in bits 0–7, green 8–15, blue 16–23, alpha 24–31.
  ///
  /// On the little-endian machines Strata runs on, a pixel's bytes lie in memory as R, G,
  /// B, A: the layout GL uploads and the CPU renderer's integer loops read, so both share
  /// this array as it is. `width * height` pixels.
  public let packedPixels: [UInt32]
  private let mipCache = Mutex<[Image]?>(nil)

  /// Premultiplied RGBA8, `width * height * 4` bytes (a copy).
  public var pixels: [UInt8] { PackedPixels.bytes(packedPixels) }

  /// Wraps premultiplied RGBA8 pixels. The caller guarantees `c <= a` for every pixel.
  public convenience init(width: Int, height: Int, premultipliedPixels: [UInt8]) {
    precondition(premultipliedPixels.count == width * height * 4, "Image needs width*height*4 bytes")
    self.init(width: width, height: height, packedPixels: PackedPixels.packed(premultipliedPixels))
  }

  /// Wraps premultiplied pixels in the layout of `packedPixels`. The caller guarantees
  /// `c <= a` for every pixel.
  public init(width: Int, height: Int, packedPixels: [UInt32]) {
    precondition(width > 0 && height > 0, "Image needs a positive size")
    precondition(packedPixels.count == width * height, "Image needs width*height pixels")
    self.id = ID(value: nextImageID.wrappingAdd(1, ordering: .relaxed).oldValue)
    self.width = width
    self.height = height
    self.packedPixels = packedPixels
  }

  /// Premultiplies straight RGBA8 pixels with `c' = (c·a + 127) / 255`.
  public convenience init(width: Int, height: Int, straightPixels: [UInt8]) {
    var p = straightPixels
    precondition(p.count == width * height * 4, "Image needs width*height*4 bytes")
    var i = 0
    while i < p.count {
      let a = UInt32(p[i + 3])
      if a != 255 {
        p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
        p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
        p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
      }
      i += 4
    }
    self.init(width: width, height: height, premultipliedPixels: p)
  }

  /// Builds an image from a function of the pixel position returning straight RGBA8.
  public convenience init(width: Int, height: Int, straight: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) {
    var p = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let c = straight(x, y)
        let i = (y * width + x) * 4
        p[i] = c.0; p[i + 1] = c.1; p[i + 2] = c.2; p[i + 3] = c.3
      }
    }
    self.init(width: width, height: height, straightPixels: p)
  }

  /// The premultiplied pixel at `(x, y)`.
  public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
    let p = packedPixels[y * width + x]
    return (UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: p >> 16), UInt8(p >> 24))
  }

  /// Straight-alpha RGBA8 pixels, for encoders: `c = (c'·255 + a/2) / a`.
  public var straightPixels: [UInt8] {
    var p = pixels
    var i = 0
    while i < p.count {
      let a = UInt32(p[i + 3])
      if a == 0 {
        p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
      } else if a != 255 {
        p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + a / 2) / a))
        p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
        p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
      }
      i += 4
    }
    return p
  }

  /// The mipmap chain below this image (level 1 first), each level half the size of the
  /// one above (rounded down, at least 1) by a 2x2 box filter. Built once, on first use.
  public var mipmaps: [Image] {
    mipCache.withLock { cache in
      if let cache { return cache }
      var levels: [Image] = []
      var current: Image = self
      while current.width > 1 || current.height > 1 {
        current = current.halved()
        levels.append(current)
      }
      cache = levels
      return levels
    }
  }

  private func halved() -> Image {
    let pixels = packedPixels
    let w = max(1, width / 2), h = max(1, height / 2)
    var out = [UInt32](repeating: 0, count: w * h)
    for y in 0..<h {
      let y0 = min(2 * y, height - 1), y1 = min(2 * y + 1, height - 1)
      for x in 0..<w {
        let x0 = min(2 * x, width - 1), x1 = min(2 * x + 1, width - 1)
        let a = pixels[y0 * width + x0], b = pixels[y0 * width + x1]
        let c = pixels[y1 * width + x0], d = pixels[y1 * width + x1]
        func average(_ shift: UInt32) -> UInt32 {
          let s = ((a >> shift) & 0xFF) + ((b >> shift) & 0xFF) + ((c >> shift) & 0xFF) + ((d >> shift) & 0xFF)
          return ((s + 2) / 4) << shift
        }
        out[y * w + x] = average(0) | average(8) | average(16) | average(24)
      }
    }
    return Image(width: w, height: h, packedPixels: out)
  }
}

/// Conversions between RGBA8 bytes and the packed pixels of `Image.packedPixels`.
enum PackedPixels {
  /// One `UInt32` per four bytes (R in the low bits).
  static func packed(_ bytes: [UInt8]) -> [UInt32] {
    var out = [UInt32](repeating: 0, count: bytes.count / 4)
    for i in out.indices {
      let b = i * 4
      out[i] = UInt32(bytes[b]) | UInt32(bytes[b + 1]) << 8 | UInt32(bytes[b + 2]) << 16 | UInt32(bytes[b + 3]) << 24
    }
    return out
  }

  /// Four bytes per pixel, R first.
  static func bytes(_ pixels: [UInt32]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: pixels.count * 4)
    for (i, p) in pixels.enumerated() {
      out[i * 4] = UInt8(truncatingIfNeeded: p)
      out[i * 4 + 1] = UInt8(truncatingIfNeeded: p >> 8)
      out[i * 4 + 2] = UInt8(truncatingIfNeeded: p >> 16)
      out[i * 4 + 3] = UInt8(truncatingIfNeeded: p >> 24)
    }
    return out
  }
}

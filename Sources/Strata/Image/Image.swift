import Synchronization

/// The next `Image.ID`; 64 bits do not wrap in the life of a process.
private let nextImageID = Atomic<UInt64>(1)

/// An immutable bitmap of premultiplied RGBA8 pixels, row-major, top row first: what a
/// layer's `contents` holds.
///
/// Images are reference types so that derived data such as mipmaps is made once and shared.
/// Renderers recognise an image across frames by its `id`, never by its address: a freed
/// image's address is soon handed to a new one. The pixels live in one allocation that never
/// changes after `init`, so renderers read them through `unsafeBaseAddress` without copying;
/// that is why the type is `@unchecked Sendable`.
public final class Image: Identifiable, @unchecked Sendable {
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
  private let storage: UnsafeMutableBufferPointer<UInt8>
  private let mipCache = Mutex<[Image]?>(nil)

  /// Premultiplied RGBA8, `width * height * 4` bytes (a copy).
  public var pixels: [UInt8] { Array(storage) }

  /// The first byte of the pixels; valid, and unchanging, for as long as the image lives.
  public var unsafeBaseAddress: UnsafePointer<UInt8> { UnsafePointer(storage.baseAddress!) }

  deinit { storage.deallocate() }

  /// Wraps premultiplied RGBA8 pixels. The caller guarantees `c <= a` for every pixel.
  public init(width: Int, height: Int, premultipliedPixels: [UInt8]) {
    precondition(width > 0 && height > 0, "Image needs a positive size")
    precondition(premultipliedPixels.count == width * height * 4, "Image needs width*height*4 bytes")
    self.id = ID(value: nextImageID.wrappingAdd(1, ordering: .relaxed).oldValue)
    self.width = width
    self.height = height
    storage = .allocate(capacity: premultipliedPixels.count)
    _ = storage.initialize(from: premultipliedPixels)
  }

  /// Premultiplies straight RGBA8 pixels with `c' = (c·a + 127) / 255`.
  public convenience init(width: Int, height: Int, straightPixels: [UInt8]) {
    var p = straightPixels
    precondition(p.count == width * height * 4, "Image needs width*height*4 bytes")
    p.withUnsafeMutableBufferPointer { buf in
      var i = 0
      while i < buf.count {
        let a = UInt32(buf[i + 3])
        if a != 255 {
          buf[i] = UInt8((UInt32(buf[i]) * a + 127) / 255)
          buf[i + 1] = UInt8((UInt32(buf[i + 1]) * a + 127) / 255)
          buf[i + 2] = UInt8((UInt32(buf[i + 2]) * a + 127) / 255)
        }
        i += 4
      }
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
    let i = (y * width + x) * 4
    return (storage[i], storage[i + 1], storage[i + 2], storage[i + 3])
  }

  /// Straight-alpha RGBA8 pixels, for encoders: `c = (c'·255 + a/2) / a`.
  public var straightPixels: [UInt8] {
    var p = pixels
    p.withUnsafeMutableBufferPointer { buf in
      var i = 0
      while i < buf.count {
        let a = UInt32(buf[i + 3])
        if a == 0 {
          buf[i] = 0; buf[i + 1] = 0; buf[i + 2] = 0
        } else if a != 255 {
          buf[i] = UInt8(min(255, (UInt32(buf[i]) * 255 + a / 2) / a))
          buf[i + 1] = UInt8(min(255, (UInt32(buf[i + 1]) * 255 + a / 2) / a))
          buf[i + 2] = UInt8(min(255, (UInt32(buf[i + 2]) * 255 + a / 2) / a))
        }
        i += 4
      }
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
    let pixels = storage
    let w = max(1, width / 2), h = max(1, height / 2)
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      let y0 = min(2 * y, height - 1), y1 = min(2 * y + 1, height - 1)
      for x in 0..<w {
        let x0 = min(2 * x, width - 1), x1 = min(2 * x + 1, width - 1)
        for c in 0..<4 {
          let s = Int(pixels[(y0 * width + x0) * 4 + c]) + Int(pixels[(y0 * width + x1) * 4 + c])
            + Int(pixels[(y1 * width + x0) * 4 + c]) + Int(pixels[(y1 * width + x1) * 4 + c])
          out[(y * w + x) * 4 + c] = UInt8((s + 2) / 4)
        }
      }
    }
    return Image(width: w, height: h, premultipliedPixels: out)
  }
}

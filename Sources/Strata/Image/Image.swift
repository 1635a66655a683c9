import StrataSync
import Synchronization

/// The next `Image.ID`; 64 bits do not wrap in the life of a process.
private let nextImageID = Atomic<UInt64>(1)

/// An immutable bitmap of premultiplied RGBA8 pixels, row-major, top row first: what a
/// layer's `contents` holds.
///
/// Images are reference types so that derived data such as mipmaps is made once and shared.
/// Renderers recognise an image across frames by its `id`, never by its address: a freed
/// image's address is soon handed to a new one. The pixels are one array that never changes
/// after `init`, so renderers share it (`rgbaPixels`) without copying, and the type is
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
  /// The premultiplied pixels, one vector of R, G, B, A each, `width * height` of them.
  ///
  /// In memory these are the bytes of `pixels`: GL uploads the array as it is and the CPU
  /// renderer samples it in place, so both share it rather than copy it.
  public let rgbaPixels: [SIMD4<UInt8>]
  /// What is derived from the pixels on first use (one lock, so that an image stays the
  /// size it was: `GLCacheTests` provoke an allocator's reuse of a freed image's address).
  private let derived = Locked<Derived>(Derived())

  private struct Derived {
    var mipmaps: [Image]? = nil
  }

  /// A rectangle of texels, as half-open ranges: columns `x0..<x1`, rows `y0..<y1`.
  public struct TexelBox: Hashable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
  }

  /// The smallest box holding every texel that is not zero in all four bytes; nil when the
  /// whole image is zero. Outside it the image adds nothing to a source-over or
  /// plus-lighter draw, so a renderer may leave those pixels out (S4's sprite has a ring of
  /// zero texels: a sixteenth of its quad).
  ///
  /// - Complexity: O(width × height) each time: a renderer keeps it with what else it
  ///   keeps of the image (not stored here, so that an image stays the size it was:
  ///   `GLCacheTests` provoke an allocator's reuse of a freed image's address).
  public var contentBox: TexelBox? {
    var box: TexelBox? = nil
    let px = rgbaPixels
    for y in 0..<height {
      let row = y * width
      var x0 = -1, x1 = -1
      for x in 0..<width where px[row + x] != .zero {
        if x0 < 0 { x0 = x }
        x1 = x + 1
      }
      guard x0 >= 0 else { continue }
      if var b = box {
        b.x0 = min(b.x0, x0); b.x1 = max(b.x1, x1); b.y1 = y + 1
        box = b
      } else {
        box = TexelBox(x0: x0, y0: y, x1: x1, y1: y + 1)
      }
    }
    return box
  }

  /// Premultiplied RGBA8, `width * height * 4` bytes (a copy).
  public var pixels: [UInt8] { RGBAPixels.bytes(rgbaPixels) }

  /// Wraps premultiplied RGBA8 pixels. The caller guarantees `c <= a` for every pixel.
  public convenience init(width: Int, height: Int, premultipliedPixels: [UInt8]) {
    precondition(premultipliedPixels.count == width * height * 4, "Image needs width*height*4 bytes")
    self.init(width: width, height: height, rgbaPixels: RGBAPixels.vectors(premultipliedPixels))
  }

  /// Wraps premultiplied pixels, one vector of R, G, B, A each. The caller guarantees
  /// `c <= a` for every pixel.
  public init(width: Int, height: Int, rgbaPixels: [SIMD4<UInt8>]) {
    precondition(width > 0 && height > 0, "Image needs a positive size")
    precondition(rgbaPixels.count == width * height, "Image needs width*height pixels")
    self.id = ID(value: nextImageID.wrappingAdd(1, ordering: .relaxed).oldValue)
    self.width = width
    self.height = height
    self.rgbaPixels = rgbaPixels
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
    let p = rgbaPixels[y * width + x]
    return (p.x, p.y, p.z, p.w)
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

  /// Whether every pixel is premultiplied white at its alpha (r = g = b = a): then the
  /// image's colour is its alpha alone, all a `mask` reads of it, and tinting it by a colour
  /// gives that colour masked by it. Tested on first use, then remembered.
  ///
  /// Remembered in an atomic, not behind the lock: the compiler asks of every tinted sprite
  /// (20000 masks sharing one image a frame). Two threads asking at once may both test the
  /// pixels; they store the same answer.
  public var isAlphaOnly: Bool {
    switch alphaOnly.load(ordering: .relaxed) {
    case Self.alphaOnlyYes: return true
    case Self.alphaOnlyNo: return false
    default:
      let yes = rgbaPixels.allSatisfy { $0.x == $0.w && $0.y == $0.w && $0.z == $0.w }
      alphaOnly.store(yes ? Self.alphaOnlyYes : Self.alphaOnlyNo, ordering: .relaxed)
      return yes
    }
  }
  /// `isAlphaOnly` once known: 0 not tested yet, then one of these.
  private let alphaOnly = Atomic<UInt8>(0)
  private static let alphaOnlyYes: UInt8 = 1, alphaOnlyNo: UInt8 = 2

  /// The mipmap chain below this image (level 1 first), each level half the size of the
  /// one above (rounded down, at least 1) by a 2x2 box filter. Built once, on first use.
  public var mipmaps: [Image] {
    derived.withLock { d in
      if let cache = d.mipmaps { return cache }
      var levels: [Image] = []
      var current: Image = self
      while current.width > 1 || current.height > 1 {
        current = current.halved()
        levels.append(current)
      }
      d.mipmaps = levels
      return levels
    }
  }

  private func halved() -> Image {
    let pixels = rgbaPixels
    let w = max(1, width / 2), h = max(1, height / 2)
    var out = [SIMD4<UInt8>](repeating: .zero, count: w * h)
    for y in 0..<h {
      let y0 = min(2 * y, height - 1), y1 = min(2 * y + 1, height - 1)
      for x in 0..<w {
        let x0 = min(2 * x, width - 1), x1 = min(2 * x + 1, width - 1)
        let s = SIMD4<UInt16>(truncatingIfNeeded: pixels[y0 * width + x0]) &+ SIMD4(truncatingIfNeeded: pixels[y0 * width + x1])
          &+ SIMD4(truncatingIfNeeded: pixels[y1 * width + x0]) &+ SIMD4(truncatingIfNeeded: pixels[y1 * width + x1])
        out[y * w + x] = SIMD4(truncatingIfNeeded: (s &+ 2) / 4)
      }
    }
    return Image(width: w, height: h, rgbaPixels: out)
  }
}

/// Conversions between RGBA8 bytes and `Image.rgbaPixels`.
enum RGBAPixels {
  /// One vector per four bytes.
  static func vectors(_ bytes: [UInt8]) -> [SIMD4<UInt8>] {
    var out = [SIMD4<UInt8>](repeating: .zero, count: bytes.count / 4)
    for i in out.indices {
      let b = i * 4
      out[i] = SIMD4(bytes[b], bytes[b + 1], bytes[b + 2], bytes[b + 3])
    }
    return out
  }

  /// Four bytes per pixel, R first.
  static func bytes(_ pixels: [SIMD4<UInt8>]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: pixels.count * 4)
    for (i, p) in pixels.enumerated() {
      out[i * 4] = p.x; out[i * 4 + 1] = p.y; out[i * 4 + 2] = p.z; out[i * 4 + 3] = p.w
    }
    return out
  }
}

import Strata
import Synchronization

/// 8-bit coverage of device pixels at an integer offset: what path and text rasterisers
/// produce, drawn by a `.mask` draw. Byte `(x − originX) + (y − originY)·width` is the
/// coverage (0…255) of device pixel `(x, y)`; pixels outside the mask are not covered.
///
/// Both backends read exactly these bytes (the GPU through an unfiltered R8 texture and
/// `texelFetch`), so they agree on the mask bit for bit. Immutable and shared, not copied;
/// compared by `id` (a number no other mask in the process has), like `Image`.
///
/// `contentID` names the bytes alone: a mask moved to another origin (`moved(toX:y:)`, a
/// layer that moved by whole pixels) keeps it, so a backend that keeps uploaded masks
/// between frames (the GPU's textures) reuses them instead of uploading the bytes again.
public final class DeviceMask: Sendable, Hashable, CustomStringConvertible {
  /// Device position of the mask's first byte.
  public let originX: Int
  public let originY: Int
  public let width: Int
  public let height: Int
  /// Row-major coverage, `width × height` bytes.
  public let bytes: [UInt8]
  public let id: UInt64
  /// The identity of `bytes` and the size: shared by every mask moved from one another.
  public let contentID: UInt64

  /// A mask of `width × height` coverage bytes placed at device pixel `(originX, originY)`.
  public init(originX: Int, originY: Int, width: Int, height: Int, bytes: [UInt8]) {
    precondition(width > 0 && height > 0, "DeviceMask needs a positive size, got \(width)x\(height)")
    precondition(bytes.count == width * height, "DeviceMask needs width*height = \(width * height) bytes, got \(bytes.count)")
    self.originX = originX
    self.originY = originY
    self.width = width
    self.height = height
    self.bytes = bytes
    id = Self.counter.wrappingAdd(1, ordering: .relaxed).oldValue
    contentID = id
  }

  private init(moving mask: DeviceMask, toX x: Int, y: Int) {
    (originX, originY, width, height, bytes) = (x, y, mask.width, mask.height, mask.bytes)
    id = Self.counter.wrappingAdd(1, ordering: .relaxed).oldValue
    contentID = mask.contentID
  }

  /// The same bytes (shared, not copied) with the first at device pixel `(x, y)`: a new
  /// mask (`id`) with the same `contentID`.
  public func moved(toX x: Int, y: Int) -> DeviceMask {
    DeviceMask(moving: self, toX: x, y: y)
  }

  /// A mask whose coverage at device pixel `(x, y)` is `coverage(x, y)`, over the pixels
  /// `bounds`.
  public convenience init(bounds: PixelBounds, _ coverage: (Int, Int) -> UInt8) {
    var b: [UInt8] = []
    b.reserveCapacity((bounds.x1 - bounds.x0) * (bounds.y1 - bounds.y0))
    for y in bounds.y0..<bounds.y1 { for x in bounds.x0..<bounds.x1 { b.append(coverage(x, y)) } }
    self.init(originX: bounds.x0, originY: bounds.y0, width: bounds.x1 - bounds.x0, height: bounds.y1 - bounds.y0, bytes: b)
  }

  /// The device pixels the mask covers.
  public var pixelBounds: PixelBounds { PixelBounds(x0: originX, y0: originY, x1: originX + width, y1: originY + height) }

  /// Coverage of device pixel `(x, y)`, 0 outside the mask.
  @inlinable public func coverage(x: Int, y: Int) -> UInt8 {
    let i = x - originX, j = y - originY
    guard i >= 0, j >= 0, i < width, j < height else { return 0 }
    return bytes[j * width + i]
  }

  public static func == (a: DeviceMask, b: DeviceMask) -> Bool { a.id == b.id }
  public func hash(into h: inout Hasher) { h.combine(id) }

  public var description: String { "mask \(width)x\(height) at \(originX) \(originY)" }

  private static let counter = Atomic<UInt64>(1)
}

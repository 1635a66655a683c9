import StrataPath
import Strata
import StrataSync

/// Blurred rounded-rectangle masks for analytic shadows, made once per shape and reused
/// across draws and frames: a hundred cards of one size cast their shadows from a single
/// mask, and a shadow whose inputs did not change is never recomputed.
///
/// A mask is premultiplied white (`a, a, a, a`) sampled at `density` texels per layer unit
/// at texel centres, with `ShadowMath.roundedBoxShadow`; backends draw it as an image tinted
/// with the shadow colour.
public final class ShadowMaskCache: Sendable {
  public struct Key: Hashable, Sendable {
    /// The drawn area and the shape inside it, in layer units relative to the area's origin.
    public var areaWidth: Double, areaHeight: Double
    public var shape: Rect
    public var radii: CornerRadii
    public var sigma: Double
    public var density: Double

    public init(areaWidth: Double, areaHeight: Double, shape: Rect, radii: CornerRadii, sigma: Double, density: Double) {
      self.areaWidth = areaWidth; self.areaHeight = areaHeight
      self.shape = shape; self.radii = radii; self.sigma = sigma; self.density = density
    }
  }

  /// Masks larger than this many texels are not cached; the shadow is then evaluated per
  /// pixel (`DrawShape.shadow`).
  public static let maxTexels = 1 << 20

  /// 256 masks, at most 64 MiB of texels (four bytes each).
  public static let defaultLimits = CacheLimits(bytes: 64 << 20, count: 256)

  public static let shared = ShadowMaskCache()
  private let cache: Locked<LRUCache<Key, Image>>

  public init(limits: CacheLimits = ShadowMaskCache.defaultLimits) {
    cache = Locked(LRUCache(limits: limits))
  }

  /// Masks reused (hits), made (misses) and dropped for room (evictions) so far.
  public var statistics: CacheStatistics { cache.withLock { $0.statistics } }
  /// Bytes of texels held now.
  public var bytes: Int { cache.withLock { $0.bytes } }

  /// The mask for `key`, computed on first use. A mask made again after it was evicted is
  /// a new image (a new `Image.id`), so backends upload it afresh.
  public func mask(_ key: Key) -> Image? {
    let w = Int(saturating: (key.areaWidth * key.density).rounded(.up)), h = Int(saturating: (key.areaHeight * key.density).rounded(.up))
    guard w > 0, h > 0, w <= Self.maxTexels / h else { return nil }
    if let m = cache.withLock({ $0.value(for: key) }) { return m }
    let s = key.shape
    let x0 = Float(s.minX), y0 = Float(s.minY), x1 = Float(s.maxX), y1 = Float(s.maxY)
    let d = key.density, sigma = Float(key.sigma)
    let r = key.radii
    let radii = SIMD4(Float(r.topLeft), Float(r.topRight), Float(r.bottomLeft), Float(r.bottomRight))
    var px = [SIMD4<UInt8>](repeating: .zero, count: w * h)
    for j in 0..<h {
      let v = Float((Double(j) + 0.5) / d)
      for i in 0..<w {
        let u = Float((Double(i) + 0.5) / d)
        let corner = Coverage.corner(u: u, v: v, x0: x0, y0: y0, x1: x1, y1: y1, radii: radii).radius
        let a = ShadowMath.roundedBoxShadow(px: u, py: v, x0: x0, y0: y0, x1: x1, y1: y1, corner: corner, sigma: sigma)
        px[j * w + i] = SIMD4(repeating: UInt8(min(max(a, 0), 1) * 255 + 0.5))
      }
    }
    let image = Image(width: w, height: h, rgbaPixels: px)
    _ = cache.withLock { $0.insert(image, bytes: w * h * 4, for: key) }
    return image
  }
}

import StrataRender
import StrataSync

/// Blurred shadow alphas of offscreen groups kept between frames, by `GroupShadow.cacheKey`
/// and the pixels covered: a shadow whose layer, place and parameters did not change is not
/// blurred again.
///
/// `shared` serves every CPU renderer in the process; a renderer given its own cache
/// (tests) counts its own hits. Beyond the limits the least recently used shadows go first.
public final class ShadowCache: Sendable {
  public static let shared = ShadowCache()
  /// 32 shadows, at most 128 MiB (16 bytes a pixel): about four full-HD shadows.
  public static let defaultLimits = CacheLimits(bytes: 128 << 20, count: 32)

  private let cache: Locked<LRUCache<BitmapCacheKey, FloatImage>>

  public init(limits: CacheLimits = ShadowCache.defaultLimits) {
    cache = Locked(LRUCache(limits: limits))
  }

  /// Shadows reused (hits), made (misses) and dropped for room (evictions) so far.
  public var statistics: CacheStatistics { cache.withLock { $0.statistics } }
  /// Bytes held now.
  public var bytes: Int { cache.withLock { $0.bytes } }

  /// The shadow kept for `key` over `bounds`, or the one `make` makes (outside the lock, so
  /// other renderers are not held up), which is then kept.
  func alpha(_ key: Int, _ bounds: PixelBounds, make: () -> FloatImage) -> FloatImage {
    let k = BitmapCacheKey(key, bounds)
    if let cached = cache.withLock({ $0.value(for: k) }) { return cached }
    let image = make()
    let bytes = image.width * image.height * MemoryLayout<SIMD4<Float>>.stride
    _ = cache.withLock { $0.insert(image, bytes: bytes, for: k) }
    return image
  }
}

import StrataRender
import StrataSync

/// Bitmaps of `shouldRasterize` groups kept between frames, by `Group.rasterizationKey`
/// and the pixels drawn.
///
/// `shared` serves every CPU renderer in the process (renderers are cheap values made per
/// frame); a renderer given its own cache (tests) counts its own hits. Beyond the limits
/// the least recently used bitmaps go first.
public final class RasterCache: Sendable {
  public static let shared = RasterCache()
  /// 32 bitmaps, at most 128 MiB of pixels (four bytes each): sixteen full-HD layers.
  public static let defaultLimits = CacheLimits(bytes: 128 << 20, count: 32)

  private let cache: Locked<LRUCache<BitmapCacheKey, OffscreenSurface>>

  public init(limits: CacheLimits = RasterCache.defaultLimits) {
    cache = Locked(LRUCache(limits: limits))
  }

  /// Bitmaps reused (hits), made (misses) and dropped for room (evictions) so far.
  public var statistics: CacheStatistics { cache.withLock { $0.statistics } }
  /// Bytes of pixels held now.
  public var bytes: Int { cache.withLock { $0.bytes } }

  /// The bitmap kept for `key` covering `bounds`, if any.
  func surface(_ key: Int, bounds: PixelBounds) -> OffscreenSurface? {
    cache.withLock { $0.value(for: BitmapCacheKey(key, bounds)) }
  }

  /// Keeps `surface`, which must not change afterwards (later frames draw from it).
  func store(_ key: Int, _ surface: OffscreenSurface) {
    let b = surface.surface.bounds
    let bytes = (b.x1 - b.x0) * (b.y1 - b.y0) * 4
    // Evicted bitmaps are freed when the last frame drawing from them lets go.
    _ = cache.withLock { $0.insert(surface, bytes: bytes, for: BitmapCacheKey(key, b)) }
  }
}

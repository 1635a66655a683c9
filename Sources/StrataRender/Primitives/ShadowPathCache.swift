import Strata
import StrataPath
import StrataSync
import Synchronization

/// Blurred `shadowPath` masks: the path filled nonzero (`PathMaskCache`), blurred once in
/// Swift (`Blur.blurred`), kept between frames. A shadow whose path, map (less whole device
/// pixels) and radius did not change is neither rasterised nor blurred again; one that only
/// moved by whole pixels is the same bytes at a new origin (same `DeviceMask.contentID`, so
/// the GPU keeps its texture).
///
/// A blurred mask is keyed by its source mask's `contentID`, which `PathMaskCache` gives
/// one (path, map less the whole-pixel offset, clip where it cuts) and no other, and by
/// the sigma.
public final class ShadowPathCache: Sendable {
  struct Key: Hashable, Sendable {
    let source: UInt64
    let sigma: Double
    /// The clip relative to the source's origin, when the blur reaches past it.
    let window: PixelBounds?
  }

  /// 64 MiB of coverage bytes, 1024 masks.
  public static let defaultLimits = CacheLimits(bytes: 64 << 20, count: 1024)

  public static let shared = ShadowPathCache()

  /// Blurred masks placed relative to their source mask's origin.
  private let cache: Locked<LRUCache<Key, DeviceMask?>>
  private let blurCount = Atomic<Int>(0)
  private let paths: PathMaskCache

  /// A cache over `paths` (the process-wide path masks by default).
  public init(limits: CacheLimits = ShadowPathCache.defaultLimits, paths: PathMaskCache = .shared) {
    cache = Locked(LRUCache(limits: limits))
    self.paths = paths
  }

  /// Blurred masks reused (hits), made (misses) and dropped for room (evictions) so far.
  public var statistics: CacheStatistics { cache.withLock { $0.statistics } }
  /// How many masks were blurred.
  public var blurs: Int { blurCount.load(ordering: .relaxed) }

  /// The shadow of `path` (layer units) mapped to device pixels by `map` (the shadow offset
  /// included), blurred by `sigma` device pixels; only what can reach `clip` is made. nil
  /// when the path covers no pixel there.
  ///
  /// - Complexity: hashes of the path on a hit; rasterisation and a separable blur on a miss.
  public func mask(_ path: StrataPath.Path, map: PlaneMap, sigma: Double, clip: PixelBounds) -> DeviceMask? {
    // Coverage up to a blur's reach outside the clip still spreads into it.
    let pad = Blur.reach(sigma: sigma)
    let region = PixelBounds(x0: clip.x0 - pad, y0: clip.y0 - pad, x1: clip.x1 + pad, y1: clip.y1 + pad)
    guard let source = paths.mask(path, style: .fill(.nonZero), map: map, clip: region) else { return nil }
    guard pad > 0 else { return source }
    // Only what reaches the clip is blurred: the window, relative to the source's origin,
    // is part of the key (none when the whole blur lies inside the clip, as usual).
    let whole = PixelBounds(
      x0: source.originX - pad, y0: source.originY - pad, x1: source.originX + source.width + pad,
      y1: source.originY + source.height + pad)
    let window: PixelBounds? =
      whole.intersection(clip) == whole
      ? nil
      : PixelBounds(
        x0: clip.x0 - source.originX, y0: clip.y0 - source.originY, x1: clip.x1 - source.originX,
        y1: clip.y1 - source.originY)
    let key = Key(source: source.contentID, sigma: sigma, window: window)
    let relative: DeviceMask?
    if let kept = cache.withLock({ $0.value(for: key) }) {
      relative = kept
    } else {
      blurCount.add(1, ordering: .relaxed)
      let at0 = source.moved(toX: 0, y: 0)
      relative = Blur.blurred(at0, sigma: sigma, within: window)
      _ = cache.withLock { $0.insert(relative, bytes: relative.map { $0.width * $0.height } ?? 0, for: key) }
    }
    return relative.map { $0.moved(toX: source.originX + $0.originX, y: source.originY + $0.originY) }
  }

  /// Forgets every blurred mask (tests).
  public func removeAll() { cache.withLock { _ = $0.removeAll() } }
}

import StrataRender
import Synchronization

/// Blurred shadow alphas of offscreen groups kept between frames, by `GroupShadow.cacheKey`:
/// a shadow whose layer, place and parameters did not change is not blurred again.
public final class ShadowCache: Sendable {
  public static let shared = ShadowCache()
  public static let capacity = 32

  private struct Entry: @unchecked Sendable {
    let image: FloatImage
    let bounds: PixelBounds
    var used: Int
  }
  private let state = Mutex<(entries: [Int: Entry], clock: Int, hits: Int, misses: Int)>(([:], 0, 0, 0))

  /// Shadows reused, and made, so far.
  public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

  func alpha(_ key: Int, _ bounds: PixelBounds, make: () -> FloatImage) -> FloatImage {
    let cached = state.withLock { s -> FloatImage? in
      s.clock += 1
      guard var e = s.entries[key], e.bounds == bounds else { return nil }
      s.hits += 1
      e.used = s.clock
      s.entries[key] = e
      return e.image
    }
    if let c = cached { return c }
    let image = make()
    let entry = Entry(image: image, bounds: bounds, used: 0)
    state.withLock { s in
      s.misses += 1
      var e = entry
      e.used = s.clock
      s.entries[key] = e
      while s.entries.count > Self.capacity, let oldest = s.entries.min(by: { $0.value.used < $1.value.used }) {
        s.entries[oldest.key] = nil
      }
    }
    return image
  }
}

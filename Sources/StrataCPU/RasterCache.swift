import StrataRender
import Synchronization

/// Bitmaps of `shouldRasterize` groups kept between frames, by `Group.rasterizationKey`.
///
/// Shared by every CPU renderer in the process (renderers are cheap values made per
/// frame); the least recently used bitmaps go first beyond `capacity`.
public final class RasterCache: Sendable {
  public static let shared = RasterCache()
  public static let capacity = 32

  private struct Entry {
    let surface: OffscreenSurface
    var used: Int
  }
  private let state = Mutex<(entries: [Int: Entry], clock: Int, hits: Int, misses: Int)>(([:], 0, 0, 0))

  /// Bitmaps reused, and made, so far.
  public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

  func surface(_ key: Int, bounds: PixelBounds) -> OffscreenSurface? {
    state.withLock { s in
      s.clock += 1
      guard var e = s.entries[key], e.surface.surface.bounds == bounds else {
        s.misses += 1
        return nil
      }
      s.hits += 1
      e.used = s.clock
      s.entries[key] = e
      return e.surface
    }
  }

  func store(_ key: Int, _ surface: OffscreenSurface) {
    state.withLock { s in
      s.entries[key] = Entry(surface: surface, used: s.clock)
      while s.entries.count > Self.capacity, let oldest = s.entries.min(by: { $0.value.used < $1.value.used }) {
        s.entries[oldest.key] = nil
      }
    }
  }
}

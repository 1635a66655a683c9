import StrataText
import StrataSync
import Synchronization

/// Layouts by their inputs (text, fonts, sizes, box, alignment, wrapping, truncation): a
/// text layer that only moves, changes colour or is drawn again is not laid out again.
public final class TextLayoutCache: Sendable {
  public static let defaultLimits = CacheLimits(bytes: 16 << 20, count: 4096)
  public static let shared = TextLayoutCache()

  private let cache: Locked<LRUCache<TextLayoutInput, TextLayout>>
  private let made = Atomic<Int>(0)

  public init(limits: CacheLimits = TextLayoutCache.defaultLimits) {
    cache = Locked(LRUCache(limits: limits))
  }

  /// How many layouts were made (misses): a layer drawn again adds none.
  public var layouts: Int { made.load(ordering: .relaxed) }

  /// The layout of `input`.
  ///
  /// - Complexity: a hash of the input on a hit; shaping and line breaking on a miss.
  public func layout(_ input: TextLayoutInput) -> TextLayout {
    if let hit = cache.withLock({ $0.value(for: input) }) { return hit }
    let layout = TextLayout(input)
    made.add(1, ordering: .relaxed)
    let bytes = 256 + layout.glyphs.count * 64 + input.spans.reduce(0) { $0 + $1.text.utf8.count }
    cache.withLock { _ = $0.insert(layout, bytes: bytes, for: input) }
    return layout
  }

  /// Forgets every layout (tests).
  public func removeAll() { cache.withLock { _ = $0.removeAll() } }
}

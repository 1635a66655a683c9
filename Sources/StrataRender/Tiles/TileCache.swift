import Strata
import StrataSync
import Synchronization

/// Decoded tiles of tiled layers, kept between frames within a byte budget: what a frame
/// of a `TiledLayer` draws from, and the one knob on how much memory tiles take.
///
/// Each entry is a tile with a border of one texel on every side, copied from its
/// neighbours, so that linear filtering across the edge between two tile draws reads the
/// same texels as it would in one image (no seams; `TileCache+Borders.swift`). Entries are
/// keyed by the source's `identity` and the tile, and cost their RGBA8 bytes; the least
/// recently used go first when the budget is exceeded (`LRUCache`).
///
/// The budget also bounds a frame: a tiled layer whose frame needs more tile bytes at once
/// than the budget is refused (`TiledLayer.Snapshot.compile`), so a zoomed-out view of a
/// huge picture with too few levels of detail fails with a message instead of decoding
/// thousands of tiles. A frame holds its tiles until it is drawn, whatever the cache
/// evicts, so memory is at most the budget plus the tiles of the frames in flight.
///
/// Shared by the process (`shared`); `current` is the one the compiler uses, `shared`
/// unless a task binds another (`TileCache.$current.withValue(mine) { … }`), which tests
/// do to count their own decodes.
public final class TileCache: Sendable {
  /// 128 MiB: about 490 tiles of 256 x 256, more than twice what a 4K frame shows.
  public static let defaultBudget = Limits.tileMemoryBytes

  public static let shared = TileCache()
  /// The cache the compiler uses in this task: `shared` unless bound.
  @TaskLocal public static var current: TileCache = .shared

  struct Key: Hashable, Sendable {
    let source: String
    let tile: TileIndex
  }

  /// A tile and its one-texel border: `image` is `width + 2` x `height + 2`, the tile at
  /// (1, 1). `neighbours` says where each part of the border came from.
  struct Entry: Sendable {
    let image: Image
    let width: Int
    let height: Int
    let neighbours: BorderSources
  }

  let cache: Locked<LRUCache<Key, Entry>>
  private let decodes = Atomic<Int>(0)

  /// A cache holding at most `budget` bytes of tiles.
  public init(budget: Int = TileCache.defaultBudget) {
    precondition(budget >= 0, "a tile budget cannot be negative")
    cache = Locked(LRUCache(limits: CacheLimits(bytes: budget)))
  }

  /// The most bytes of tiles kept, and the most one tiled layer's frame may need at once.
  /// Lowering it evicts at once.
  public var budget: Int {
    get { cache.withLock { $0.limits.bytes } }
    set {
      precondition(newValue >= 0, "a tile budget cannot be negative")
      cache.withLock { c in
        c.limits = CacheLimits(bytes: newValue)
        c.trim()
      }
    }
  }

  /// How many tiles sources have given since the cache was made: every decode, each PNG
  /// read once.
  public var decodedTiles: Int { decodes.load(ordering: .relaxed) }
  /// The bytes of the tiles kept now.
  public var bytes: Int { cache.withLock { $0.bytes } }
  /// The number of tiles kept now.
  public var count: Int { cache.withLock { $0.count } }
  /// Lookups that found their tile, lookups that did not, and tiles dropped for room.
  public var statistics: CacheStatistics { cache.withLock { $0.statistics } }

  /// Drops every tile (a benchmark's cold frame).
  public func removeAll() { cache.withLock { _ = $0.removeAll() } }

  /// What a tile of `width` x `height` pixels costs with its border.
  public static func entryBytes(width: Int, height: Int) -> Int { (width + 2) * (height + 2) * 4 }

  func countDecodes(_ n: Int) { decodes.add(n, ordering: .relaxed) }
}

/// How much a cache may hold: bytes (as the owner counts them) and entries.
public struct CacheLimits: Sendable, Hashable {
  public var bytes: Int
  public var count: Int

  public init(bytes: Int, count: Int = .max) {
    precondition(bytes >= 0 && count >= 0, "cache limits cannot be negative")
    self.bytes = bytes
    self.count = count
  }
}

/// What a cache did since it was made.
public struct CacheStatistics: Sendable, Hashable {
  /// Lookups that found their entry.
  public var hits = 0
  /// Lookups that did not.
  public var misses = 0
  /// Entries removed to stay within the limits (not counting replaced or removed ones).
  public var evictions = 0

  public init() {}
}

/// A least-recently-used cache with a byte budget and an entry limit: the one mechanism
/// behind every cache that keeps derived data between frames (`shouldRasterize` bitmaps,
/// group shadows, shadow masks, GPU textures).
///
/// Keys must identify everything the value depends on; keys that mention an image use
/// `Image.id`, which no other image ever has, never its address.
///
/// A value type without a lock: a cache shared between threads sits behind a `Locked` (StrataSync).
/// Removed values are handed back, so an owner whose values hold resources (a pooled GPU
/// target) releases them when nothing uses them any more.
///
/// - Complexity: lookups, insertions and each eviction are O(1) on average.
public struct LRUCache<Key: Hashable, Value> {
  /// The limits; lowering them takes effect at the next `insert` or `trim`.
  public var limits: CacheLimits
  /// Whether entries used since the last `beginFrame` are kept even over the limits
  /// (a frame's textures must all stay alive until the frame is drawn).
  public let keepsCurrentFrame: Bool
  /// The bytes of all entries, as given to `insert`.
  public private(set) var bytes = 0
  public private(set) var statistics = CacheStatistics()

  /// Entries live in `nodes`, linked from the least recently used (`oldest`) to the most
  /// recently used (`newest`) through indices; freed slots are reused.
  fileprivate struct Node {
    var key: Key?
    var value: Value?
    var bytes: Int
    var frame: Int
    var older: Int
    var newer: Int
  }
  private var nodes: [Node] = []
  private var freeSlots: [Int] = []
  private var slots: [Key: Int] = [:]
  private var oldest = -1
  private var newest = -1
  private var frame = 0

  public init(limits: CacheLimits, keepsCurrentFrame: Bool = false) {
    self.limits = limits
    self.keepsCurrentFrame = keepsCurrentFrame
  }

  /// The number of entries.
  public var count: Int { slots.count }

  /// The keys from the least to the most recently used.
  public var keysByRecency: [Key] {
    var keys: [Key] = []
    var i = oldest
    while i >= 0 {
      keys.append(nodes[i].key!)
      i = nodes[i].newer
    }
    return keys
  }

  /// Whether there is an entry for `key`; does not count as a use.
  public func contains(_ key: Key) -> Bool { slots[key] != nil }

  /// Starts a new frame: entries used before it may be evicted again.
  public mutating func beginFrame() { frame += 1 }

  /// The value for `key`, which becomes the most recently used; counts a hit or a miss.
  public mutating func value(for key: Key) -> Value? {
    guard let i = slots[key] else {
      statistics.misses += 1
      return nil
    }
    statistics.hits += 1
    unlink(i)
    linkNewest(i)
    nodes[i].frame = frame
    return nodes[i].value
  }

  /// Stores `value`, costing `bytes`, as the most recently used entry, then evicts the least
  /// recently used entries while over the limits. Returns what left the cache: the value
  /// `key` had before, and the evicted values, which include `value` itself when it alone
  /// exceeds the limits (and the frame does not keep it).
  @discardableResult
  public mutating func insert(_ value: Value, bytes: Int, for key: Key) -> [Value] {
    precondition(bytes >= 0, "an entry cannot cost negative bytes")
    var removed: [Value] = []
    if let old = removeValue(for: key) { removed.append(old) }
    let node = Node(key: key, value: value, bytes: bytes, frame: frame, older: -1, newer: -1)
    let i: Int
    if let free = freeSlots.popLast() {
      i = free
      nodes[i] = node
    } else {
      i = nodes.count
      nodes.append(node)
    }
    slots[key] = i
    self.bytes += bytes
    linkNewest(i)
    removed += trim()
    return removed
  }

  /// Evicts the least recently used entries while over the limits; returns them.
  @discardableResult
  public mutating func trim() -> [Value] {
    var evicted: [Value] = []
    while oldest >= 0, bytes > limits.bytes || slots.count > limits.count {
      if keepsCurrentFrame && nodes[oldest].frame == frame { break }  // so are all newer ones
      let key = nodes[oldest].key!
      evicted.append(removeValue(for: key)!)
      statistics.evictions += 1
    }
    return evicted
  }

  /// Removes the entry for `key`; returns its value.
  @discardableResult
  public mutating func removeValue(for key: Key) -> Value? {
    guard let i = slots.removeValue(forKey: key) else { return nil }
    unlink(i)
    let value = nodes[i].value
    bytes -= nodes[i].bytes
    nodes[i].key = nil
    nodes[i].value = nil
    freeSlots.append(i)
    return value
  }

  /// Removes every entry; returns their values, least recently used first.
  @discardableResult
  public mutating func removeAll() -> [Value] {
    var values: [Value] = []
    var i = oldest
    while i >= 0 {
      values.append(nodes[i].value!)
      i = nodes[i].newer
    }
    nodes = []
    freeSlots = []
    slots = [:]
    oldest = -1
    newest = -1
    bytes = 0
    return values
  }

  private mutating func unlink(_ i: Int) {
    let older = nodes[i].older, newer = nodes[i].newer
    if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
    if newer >= 0 { nodes[newer].older = older } else { newest = older }
    nodes[i].older = -1
    nodes[i].newer = -1
  }

  private mutating func linkNewest(_ i: Int) {
    nodes[i].older = newest
    nodes[i].newer = -1
    if newest >= 0 { nodes[newest].newer = i } else { oldest = i }
    newest = i
  }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Node: Sendable where Key: Sendable, Value: Sendable {}

import StrataRender
import Testing

@Suite struct LRUCacheTests {
  @Test func evictsTheLeastRecentlyUsedBeyondTheEntryLimit() {
    var c = LRUCache<String, Int>(limits: CacheLimits(bytes: .max, count: 2))
    c.insert(1, bytes: 0, for: "a")
    c.insert(2, bytes: 0, for: "b")
    #expect(c.value(for: "a") == 1)  // "b" is now the least recently used
    let evicted = c.insert(3, bytes: 0, for: "c")
    #expect(evicted == [2])
    #expect(c.keysByRecency == ["a", "c"])
    #expect(c.statistics == stats(hits: 1, misses: 0, evictions: 1))
  }

  @Test func keepsWithinTheByteBudget() {
    var c = LRUCache<Int, String>(limits: CacheLimits(bytes: 100))
    c.insert("a", bytes: 40, for: 1)
    c.insert("b", bytes: 40, for: 2)
    #expect(c.bytes == 80)
    #expect(c.insert("c", bytes: 50, for: 3) == ["a"])
    #expect(c.bytes == 90)
    #expect(c.insert("d", bytes: 95, for: 4) == ["b", "c"])
    #expect(c.bytes == 95 && c.count == 1)
    #expect(c.value(for: 1) == nil && c.value(for: 4) == "d")
  }

  @Test func anEntryOverTheWholeBudgetIsNotKept() {
    var c = LRUCache<Int, String>(limits: CacheLimits(bytes: 10))
    c.insert("small", bytes: 5, for: 1)
    #expect(c.insert("huge", bytes: 11, for: 2) == ["small", "huge"])
    #expect(c.count == 0 && c.bytes == 0)
  }

  @Test func replacingAnEntryHandsBackTheOldValueAndItsBytes() {
    var c = LRUCache<Int, String>(limits: CacheLimits(bytes: 100))
    c.insert("old", bytes: 30, for: 1)
    c.insert("other", bytes: 10, for: 2)
    #expect(c.insert("new", bytes: 50, for: 1) == ["old"])
    #expect(c.bytes == 60)
    #expect(c.keysByRecency == [2, 1])
    #expect(c.statistics.evictions == 0)
  }

  @Test func entriesOfTheCurrentFrameAreKeptOverTheLimits() {
    var c = LRUCache<Int, String>(limits: CacheLimits(bytes: 10), keepsCurrentFrame: true)
    c.insert("a", bytes: 8, for: 1)
    #expect(c.insert("b", bytes: 8, for: 2) == [])  // both drawn this frame
    #expect(c.bytes == 16)
    c.beginFrame()
    _ = c.value(for: 2)
    #expect(c.insert("c", bytes: 1, for: 3) == ["a"])  // "a" was not used this frame
    #expect(c.keysByRecency == [2, 3])
    c.limits.bytes = 5
    #expect(c.trim() == [])  // "b" was used this frame
    c.beginFrame()
    #expect(c.trim() == ["b"])
    #expect(c.bytes == 1)
  }

  @Test func removingEntries() {
    var c = LRUCache<Int, String>(limits: CacheLimits(bytes: 100))
    c.insert("a", bytes: 1, for: 1)
    c.insert("b", bytes: 2, for: 2)
    c.insert("c", bytes: 3, for: 3)
    #expect(c.removeValue(for: 2) == "b")
    #expect(c.removeValue(for: 2) == nil)
    #expect(c.bytes == 4 && !c.contains(2) && c.contains(3))
    c.insert("d", bytes: 4, for: 4)  // reuses the freed slot
    #expect(c.keysByRecency == [1, 3, 4])
    #expect(c.removeAll() == ["a", "c", "d"])
    #expect(c.count == 0 && c.bytes == 0 && c.keysByRecency.isEmpty)
    c.insert("e", bytes: 5, for: 5)
    #expect(c.keysByRecency == [5] && c.bytes == 5)
  }

  @Test func loweringTheLimitsTakesEffectOnTrim() {
    var c = LRUCache<Int, Int>(limits: CacheLimits(bytes: 100, count: 10))
    for k in 0..<5 { c.insert(k, bytes: 10, for: k) }
    c.limits = CacheLimits(bytes: 100, count: 2)
    #expect(c.trim() == [0, 1, 2])
    #expect(c.keysByRecency == [3, 4])
  }

  /// Random operations agree with an obviously correct model: an array in recency order.
  @Test(arguments: [false, true]) func agreesWithASimpleModel(keepsCurrentFrame: Bool) {
    var rng = SplitMix(seed: keepsCurrentFrame ? 7 : 3)
    let limits = CacheLimits(bytes: 60, count: 6)
    var cache = LRUCache<Int, Int>(limits: limits, keepsCurrentFrame: keepsCurrentFrame)
    var model = ModelLRU(limits: limits, keepsCurrentFrame: keepsCurrentFrame)
    for step in 0..<20_000 {
      let key = Int(rng.next() % 12)
      switch rng.next() % 10 {
      case 0..<4:
        #expect(cache.value(for: key) == model.value(for: key), "step \(step)")
      case 4..<8:
        let bytes = Int(rng.next() % 25), value = step
        #expect(cache.insert(value, bytes: bytes, for: key) == model.insert(value, bytes: bytes, for: key), "step \(step)")
      case 8:
        #expect(cache.removeValue(for: key) == model.removeValue(for: key), "step \(step)")
      default:
        cache.beginFrame()
        model.frame += 1
      }
      #expect(cache.keysByRecency == model.entries.map(\.key), "step \(step)")
      #expect(cache.bytes == model.entries.reduce(0) { $0 + $1.bytes }, "step \(step)")
    }
    #expect(cache.statistics == model.statistics)
  }

  func stats(hits: Int, misses: Int, evictions: Int) -> CacheStatistics {
    var s = CacheStatistics()
    s.hits = hits; s.misses = misses; s.evictions = evictions
    return s
  }
}

/// The reference for `LRUCache`: a linear list, least recently used first.
private struct ModelLRU {
  struct Entry { var key: Int; var value: Int; var bytes: Int; var frame: Int }
  let limits: CacheLimits
  let keepsCurrentFrame: Bool
  var entries: [Entry] = []
  var frame = 0
  var statistics = CacheStatistics()

  init(limits: CacheLimits, keepsCurrentFrame: Bool) {
    self.limits = limits
    self.keepsCurrentFrame = keepsCurrentFrame
  }

  mutating func value(for key: Int) -> Int? {
    guard let i = entries.firstIndex(where: { $0.key == key }) else {
      statistics.misses += 1
      return nil
    }
    statistics.hits += 1
    var e = entries.remove(at: i)
    e.frame = frame
    entries.append(e)
    return e.value
  }

  mutating func removeValue(for key: Int) -> Int? {
    guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
    return entries.remove(at: i).value
  }

  mutating func insert(_ value: Int, bytes: Int, for key: Int) -> [Int] {
    var out: [Int] = []
    if let old = removeValue(for: key) { out.append(old) }
    entries.append(Entry(key: key, value: value, bytes: bytes, frame: frame))
    while let first = entries.first,
      entries.reduce(0, { $0 + $1.bytes }) > limits.bytes || entries.count > limits.count
    {
      if keepsCurrentFrame && first.frame == frame { break }
      out.append(entries.removeFirst().value)
      statistics.evictions += 1
    }
    return out
  }
}

/// A small deterministic generator, so a failure can be replayed.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

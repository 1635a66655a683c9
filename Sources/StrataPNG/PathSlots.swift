import Synchronization

/// Paths kept where a signal handler can read them: the storage behind `TemporaryFiles`.
///
/// A handler may not allocate, take locks or read a Swift array another thread is changing,
/// so each path lives in a slot of atomic words (`pathCapacity` bytes, NUL-terminated), which
/// a handler may copy while another thread fills or frees the slot. Each slot has a tag, a
/// generation count and a state (free, filling, held): a copy counts only when the tag was
/// the same, and held, before and after it, so it never mixes two paths (a seqlock).
///
/// Slots are made on first use, the lowest free one first, so memory follows the most paths
/// held at once (4 KiB each), not the number ever held. A slot, once made, is kept: a handler
/// may be reading it. No pointer is involved; the handler's copy goes to `unlink` through
/// `FileIO.remove(nulTerminated:)`.
final class PathSlots: Sendable {
  /// Slots for paths held at once: one per file being written concurrently.
  static let capacity = 1024
  /// The longest path, with its NUL, that a slot holds: Linux's `PATH_MAX`. Longer paths
  /// fail in the kernel anyway (`ENAMETOOLONG`).
  static let pathCapacity = Slot.wordCount * 8

  private let slots: InlineArray<1024, AtomicLazyReference<Slot>>  // `capacity` slots
  /// How many of them are used: `capacity`, fewer in tests.
  let count: Int

  init(count: Int = PathSlots.capacity) {
    precondition(count > 0 && count <= Self.capacity, "PathSlots holds 1 to \(Self.capacity) paths")
    self.count = count
    slots = InlineArray { _ in AtomicLazyReference() }
  }

  /// Keeps `path` until `remove(_:)`; returns its slot, or nil when the path (with its NUL)
  /// is longer than `pathCapacity`, contains a NUL, or every slot holds one.
  func insert(_ path: String) -> Int? {
    guard path.utf8.count < Self.pathCapacity, !path.utf8.contains(0) else { return nil }
    for index in 0..<count {
      let slot = self.slot(index)
      let tag = slot.tag.load(ordering: .relaxed)
      guard tag & Slot.stateMask == Slot.free,
        slot.tag.compareExchange(expected: tag, desired: tag | Slot.filling, ordering: .acquiring).exchanged
      else { continue }
      // Orders the tag above before the words below, for a reader that sees a new word.
      atomicMemoryFence(ordering: .releasing)
      slot.store(path)
      // Sequentially consistent, like the reading of `closing` that follows in the writer
      // (see `TemporaryFiles`): a handler either sees this path or is seen closing.
      slot.tag.store(tag | Slot.held, ordering: .sequentiallyConsistent)
      return index
    }
    return nil
  }

  /// Stops keeping the path in `index` (from `insert`).
  func remove(_ index: Int) {
    guard let slot = slots[index].load() else { preconditionFailure("PathSlots.remove of a slot never used") }
    let tag = slot.tag.load(ordering: .relaxed)
    precondition(tag & Slot.stateMask == Slot.held, "PathSlots.remove of a slot that holds no path")
    // A new generation: a handler that copied the old path sees that it changed.
    slot.tag.store(((tag >> 2) + 1) << 2 | Slot.free, ordering: .sequentiallyConsistent)
  }

  /// Calls `body` with each path held: its bytes and NUL in words, in memory order (as
  /// `FileIO.remove(nulTerminated:)` takes them). Async-signal-safe when `body` is: atomic
  /// loads and a copy on the stack, no allocation, no lock.
  ///
  /// A slot removed or refilled while it is copied is copied again, and skipped after 4
  /// tries: its old path was renamed or removed by its writer, and a writer that fills a
  /// slot after `TemporaryFiles` started closing removes its file itself.
  func forEachHeld(_ body: (Span<UInt64>) -> Void) {
    forEachHeld(body, afterCopy: { _ in })
  }

  /// `forEachHeld(_:)`, calling `afterCopy` with the slot's index between copying a path and
  /// checking that it did not change meanwhile: tests change the slot there.
  func forEachHeld(_ body: (Span<UInt64>) -> Void, afterCopy: (Int) -> Void) {
    for index in 0..<count {
      guard let slot = slots[index].load() else { continue }
      var copy = InlineArray<512, UInt64>(repeating: 0)  // Slot.wordCount words
      for _ in 0..<4 {
        let before = slot.tag.load(ordering: .sequentiallyConsistent)
        guard before & Slot.stateMask == Slot.held else { break }
        for w in 0..<Slot.wordCount { copy[w] = slot.words[w].load(ordering: .relaxed).littleEndian }
        afterCopy(index)
        // Orders the words above before the tag below (the reading half of the fence in
        // `insert`).
        atomicMemoryFence(ordering: .acquiring)
        guard slot.tag.load(ordering: .sequentiallyConsistent) == before else { continue }
        body(copy.span)
        break
      }
    }
  }

  /// The slot at `index`, made now if it never was.
  private func slot(_ index: Int) -> Slot {
    slots[index].load() ?? slots[index].storeIfNil(Slot())
  }

  /// One path's storage: a tag and the path's bytes, 8 to a word, little-endian.
  final class Slot: Sendable {
    static let wordCount = 512
    static let free = 0, filling = 1, held = 2, stateMask = 3

    /// `generation << 2 | state`.
    let tag = Atomic<Int>(0)
    let words: InlineArray<512, Atomic<UInt64>>  // `wordCount` words

    init() {
      words = InlineArray { _ in Atomic(0) }
    }

    /// Writes `path` and its NUL into the words; the caller holds the slot (`filling`).
    func store(_ path: String) {
      var word: UInt64 = 0, w = 0, shift: UInt64 = 0
      for byte in path.utf8 {
        word |= UInt64(byte) << shift
        shift += 8
        if shift == 64 {
          words[w].store(word, ordering: .relaxed)
          (word, w, shift) = (0, w + 1, 0)
        }
      }
      // The last word holds the NUL (and any bytes left over).
      words[w].store(word, ordering: .relaxed)
    }
  }
}

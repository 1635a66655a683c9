import Foundation
import Synchronization
import Testing

@testable import StrataPNG

/// `PathSlots`, where the paths of temporary files wait for a signal handler: every path
/// comes back whole, slots are reused lowest first, and a copy taken while other threads
/// fill and free slots never mixes two paths.
struct PathSlotsTests {
  /// The paths `forEachHeld` hands out, decoded up to their NUL.
  static func held(_ slots: PathSlots, afterCopy: (Int) -> Void = { _ in }) -> [String] {
    var out: [String] = []
    slots.forEachHeld({ out.append(path($0)) }, afterCopy: afterCopy)
    return out
  }

  static func path(_ words: Span<UInt64>) -> String {
    String(decoding: words.withUnsafeBytes { Array($0.prefix { $0 != 0 }) }, as: UTF8.self)
  }

  @Test func pathsComeBackWhole() {
    let slots = PathSlots()
    // Lengths around the 8-byte words, the longest that fits, and non-ASCII text.
    let paths = [
      "", "a", "/tmp/.a.png.tmp-0123456789abcdef", "1234567", "12345678", "123456789", "/tmp/ünïcødé/ø.png",
      String(repeating: "x", count: PathSlots.pathCapacity - 1),
    ]
    let indices = paths.map { slots.insert($0) }
    #expect(indices == Array(0..<paths.count))
    #expect(Self.held(slots) == paths)
    slots.remove(2)
    #expect(Self.held(slots) == paths.enumerated().filter { $0.offset != 2 }.map(\.element))
  }

  @Test func longPathsAndNULsAreRefused() {
    let slots = PathSlots()
    #expect(slots.insert(String(repeating: "x", count: PathSlots.pathCapacity)) == nil)
    #expect(slots.insert("a\0b") == nil)
    #expect(Self.held(slots).isEmpty)
  }

  /// Memory follows the most paths held at once: a freed slot is the next one used.
  @Test func slotsAreReusedLowestFirst() {
    let slots = PathSlots()
    #expect([slots.insert("a"), slots.insert("b"), slots.insert("c")] == [0, 1, 2])
    slots.remove(1)
    #expect(slots.insert("d") == 1)
    #expect(Self.held(slots) == ["a", "d", "c"])
  }

  @Test func everySlotCanBeTaken() {
    let slots = PathSlots()
    let all = (0..<PathSlots.capacity).map { slots.insert("/p\($0)") }
    #expect(all == Array(0..<PathSlots.capacity))
    #expect(Self.held(slots).count == PathSlots.capacity)
    #expect(slots.insert("/one too many") == nil)
    slots.remove(500)
    #expect(slots.insert("/again") == 500)
  }

  /// A slot refilled while a handler copies it: the copy is taken again, so the handler
  /// gets the new path whole, never the old one (already renamed or removed) nor a mix.
  @Test func aPathChangedDuringItsCopyIsCopiedAgain() {
    let slots = PathSlots(count: 2)
    _ = slots.insert("/tmp/.a.png.tmp-1")
    var changes = 0
    let seen = Self.held(slots) { index in
      guard changes == 0 else { return }
      slots.remove(index)
      #expect(slots.insert("/tmp/.b.png.tmp-2") == index)
      changes += 1
    }
    #expect(seen == ["/tmp/.b.png.tmp-2"])
  }

  /// A slot freed during its copy, or refilled at every try, is skipped.
  @Test func aPathThatGoesOrKeepsChangingIsSkipped() {
    let slots = PathSlots(count: 2)
    _ = slots.insert("/a")
    #expect(Self.held(slots) { slots.remove($0) }.isEmpty)
    _ = slots.insert("/b")
    var tries = 0
    let seen = Self.held(slots) { index in
      tries += 1
      slots.remove(index)
      _ = slots.insert("/c\(tries)")
    }
    #expect(seen.isEmpty)
    #expect(tries == 4)
  }

  /// Writers fill and free slots as fast as they can while a reader copies them (as a signal
  /// handler would): each copy is one whole path. (A smoke test of the atomics: on two
  /// cores a copy rarely overlaps a refill, so the tests above are the ones that show the
  /// check of the tag at work.) A path is one letter repeated, its length
  /// a function of the letter, so a mix of two shows as two letters or a wrong length.
  @Test func aCopyNeverMixesTwoPaths() {
    let slots = PathSlots(count: 4)  // 3 used at most
    let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    let stop = Flag(), started = Counter()
    let group = DispatchGroup()
    for writer in 0..<3 {
      group.enter()
      Thread {
        started.value.add(1, ordering: .relaxed)
        var k = writer
        while !stop.value.load(ordering: .relaxed) {
          let letter = letters[k % letters.count]
          if let slot = slots.insert(String(repeating: String(UnicodeScalar(letter)), count: Self.length(letter))) {
            // Held for a moment, about as long as a copy takes, at times shorter or longer.
            for _ in 0..<(k % 7) * 300 where stop.value.load(ordering: .relaxed) { break }
            slots.remove(slot)
          }
          k += 3
        }
        group.leave()
      }.start()
    }
    // Until enough copies were checked: threads start late on a busy machine.
    var copies = 0, mixed: [String] = []
    let end = ContinuousClock.now + .seconds(10)
    while copies < 500, ContinuousClock.now < end {
      guard started.value.load(ordering: .relaxed) == 3 else { continue }
      for path in Self.held(slots) {
        copies += 1
        let bytes = Array(path.utf8)
        guard let first = bytes.first, bytes.allSatisfy({ $0 == first }), bytes.count == Self.length(first) else {
          mixed.append(path)
          continue
        }
      }
    }
    stop.value.store(true, ordering: .relaxed)
    group.wait()
    #expect(mixed.isEmpty, "\(mixed.count) of \(copies) copies mix two paths, e.g. \(mixed.first?.prefix(60) ?? "")…")
    #expect(copies >= 500, "the reader saw only \(copies) paths held in 10 seconds")
  }

  /// The length of the paths made of `letter`: 9 for `a`, 46 for `b`, … (up to 934).
  static func length(_ letter: UInt8) -> Int { 9 + Int(letter - UInt8(ascii: "a")) * 37 }

  final class Flag: Sendable {
    let value = Atomic<Bool>(false)
  }

  final class Counter: Sendable {
    let value = Atomic<Int>(0)
  }
}

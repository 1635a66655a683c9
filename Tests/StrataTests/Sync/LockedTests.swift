import Dispatch
import StrataSync
import Testing

/// `Locked` must exclude: two threads adding to the same state through it lose no update.
@Suite struct LockedTests {
  @Test func concurrentUpdatesAreNotLost() {
    let counter = Locked(0)
    let log = Locked([Int]())
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for step in 0..<5000 {
        counter.withLock { $0 += 1 }
        if step % 1000 == 0 { log.withLock { $0.append(worker) } }
      }
    }
    #expect(counter.withLock { $0 } == 40_000)
    #expect(log.withLock { $0.count } == 40)
  }

  @Test func errorsThrownInsideReleaseTheLock() {
    struct Refused: Error {}
    let box = Locked("start")
    #expect(throws: Refused.self) {
      try box.withLock { (value: inout String) throws(Refused) in
        value = "changed"
        throw Refused()
      }
    }
    // The lock is free again (a held lock would deadlock here) and the change stays.
    #expect(box.withLock { $0 } == "changed")
  }

  /// A state that cannot be copied (as `LayerKinds`' registry) is kept in place.
  @Test func holdsNoncopyableState() {
    struct Token: ~Copyable { var uses = 0 }
    let box = Locked(Token())
    box.withLock { $0.uses += 2 }
    #expect(box.withLock { $0.uses } == 2)
  }
}

import Synchronization

/// The temporary files this process has made for atomic writes and not yet renamed or
/// removed, kept where a signal handler can reach them.
///
/// A handler may not allocate, take locks or touch Swift arrays, so the paths live in fixed
/// storage allocated once: `capacity` slots of `pathCapacity` bytes, each with an atomic
/// state. `removeAll()` only reads that storage and calls `unlink`, which POSIX lists as
/// async-signal-safe. A tool that handles SIGINT and SIGTERM calls `prepare()` before
/// installing its handler and `removeAll()` from it.
public enum TemporaryFiles {
  /// Slots for paths held at once: one per file being written concurrently.
  static let capacity = 1024
  /// The longest path, with its NUL, that a slot holds: Linux's `PATH_MAX`. Longer paths
  /// fail in the kernel anyway (`ENAMETOOLONG`).
  static let pathCapacity = 4096

  private static let free = 0, filling = 1, held = 2

  /// Per slot: `free`, `filling` (the path is being copied in) or `held`.
  private nonisolated(unsafe) static let states: UnsafeMutablePointer<Atomic<Int>> = {
    let p = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: capacity)
    for i in 0..<capacity { (p + i).initialize(to: Atomic(free)) }
    return p
  }()
  /// The paths, NUL-terminated; only the pages of slots in use are ever touched.
  private nonisolated(unsafe) static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * pathCapacity)
  /// Where the search for a free slot starts, moved on each time, so that a slot is not
  /// refilled while a handler may still be reading its old path.
  private static let cursor = Atomic<Int>(0)
  /// Set by `removeAll()`: the process is about to end by a signal.
  private static let closing = Atomic<Bool>(false)

  /// Allocates the storage now, so that a signal handler never runs its lazy initialisation.
  public static func prepare() {
    _ = states
    _ = paths
    _ = cursor.load(ordering: .relaxed)
    _ = closing.load(ordering: .relaxed)
  }

  /// True once `removeAll()` has run: a writer that made a file after that removes it itself.
  static var isClosing: Bool { closing.load(ordering: .sequentiallyConsistent) }

  /// Remembers `path` until `forget(_:)`; nil when it is too long or every slot is taken (the
  /// file is then written all the same, but a signal could leave it behind).
  static func remember(_ path: String) -> Int? {
    let bytes = Array(path.utf8CString)
    guard bytes.count <= pathCapacity else { return nil }
    let start = cursor.add(1, ordering: .relaxed).newValue
    for k in 0..<capacity {
      let slot = (start + k) % capacity
      guard states[slot].compareExchange(expected: free, desired: filling, ordering: .acquiring).exchanged else { continue }
      let base = paths + slot * pathCapacity
      for (i, b) in bytes.enumerated() { base[i] = b }
      states[slot].store(held, ordering: .sequentiallyConsistent)
      return slot
    }
    return nil
  }

  /// Stops remembering the path in `slot`: it was renamed into place or removed.
  static func forget(_ slot: Int?) {
    guard let slot else { return }
    states[slot].store(free, ordering: .releasing)
  }

  /// Removes every remembered file, and marks the process as closing so that files made
  /// from now on are removed by their writers. Async-signal-safe: for signal handlers.
  ///
  /// The corresponding C function is `unlink`.
  public static func removeAll() {
    closing.store(true, ordering: .sequentiallyConsistent)
    for slot in 0..<capacity where states[slot].load(ordering: .sequentiallyConsistent) == held {
      FileIO.remove(paths + slot * pathCapacity)
    }
  }
}

import Synchronization

/// The temporary files this process has made for atomic writes and not yet renamed or
/// removed, kept where a signal handler can reach them.
///
/// A handler may not allocate, take locks or touch Swift arrays, so the paths live in
/// `PathSlots`: fixed slots of atomic words, made before the handler needs them.
/// `removeAll()` only reads them and calls `unlink`, which POSIX lists as
/// async-signal-safe. A tool that handles SIGINT and SIGTERM calls `prepare()` before
/// installing its handler and `removeAll()` from it.
public enum TemporaryFiles {
  /// The paths remembered.
  private static let paths = PathSlots()
  /// Set by `removeAll()`: the process is about to end by a signal.
  private static let closing = Atomic<Bool>(false)

  /// Makes everything the handler touches now, so that a signal handler never runs a lazy
  /// initialisation: the storage, and (in a build without optimisation) the run-time type
  /// information of the handler's path, which a first use would allocate.
  public static func prepare() {
    _ = closing.load(ordering: .relaxed)
    // The handler's path once, over an empty name (which `remove` would skip anyway).
    let slot = paths.insert("")
    paths.forEachHeld { _ in }
    if let slot { paths.remove(slot) }
  }

  /// True once `removeAll()` has run: a writer that made a file after that removes it itself.
  static var isClosing: Bool { closing.load(ordering: .sequentiallyConsistent) }

  /// Remembers `path` until `forget(_:)`; nil when it is too long or every slot is taken (the
  /// file is then written all the same, but a signal could leave it behind).
  static func remember(_ path: String) -> Int? {
    paths.insert(path)
  }

  /// Stops remembering the path in `slot`: it was renamed into place or removed.
  static func forget(_ slot: Int?) {
    guard let slot else { return }
    paths.remove(slot)
  }

  /// Removes every remembered file, and marks the process as closing so that files made
  /// from now on are removed by their writers. Async-signal-safe: for signal handlers.
  ///
  /// The corresponding C function is `unlink`.
  public static func removeAll() {
    closing.store(true, ordering: .sequentiallyConsistent)
    paths.forEachHeld { FileIO.remove(nulTerminated: $0) }
  }
}

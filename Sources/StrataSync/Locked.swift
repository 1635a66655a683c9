/// A value that threads share, reached only while its lock is held.
///
/// Strata uses this instead of the standard library's `Synchronization.Mutex` for one
/// reason: ThreadSanitizer. On Linux, `Mutex` takes and releases a contended lock inside the
/// kernel (`FUTEX_LOCK_PI`, `FUTEX_UNLOCK_PI`), where the sanitizer cannot see it, so every
/// hand-over between two threads that had to wait looked like a data race (17 reports in a
/// whole-suite run, all on state touched only inside `withLock`). `Locked` holds a POSIX
/// mutex, whose `pthread_mutex_lock` and `pthread_mutex_unlock` ThreadSanitizer intercepts,
/// so its reports are real ones. Uncontended, the two cost about the same.
///
/// `State` is reached only inside `withLock`, which is what makes sharing the box safe;
/// keep the closures short and never call back into the same box (the mutex is not
/// recursive: that deadlocks, as it does with `Mutex`).
public final class Locked<State: ~Copyable>: @unchecked Sendable {
  @usableFromInline let mutex = PosixMutex()
  @usableFromInline var state: State

  public init(_ initialState: consuming State) {
    state = initialState
  }

  /// Runs `body` with exclusive access to the state, and returns what it returns.
  @inlinable
  public func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&state)
  }
}

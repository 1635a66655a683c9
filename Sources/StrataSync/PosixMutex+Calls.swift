import Glibc

/// A `pthread_mutex_t` at a fixed address: the thin wrapper that holds this module's only
/// unsafe code (a mutex must not move once initialised, so it lives in memory allocated
/// here rather than in a Swift property).
@safe @usableFromInline final class PosixMutex: @unchecked Sendable {
  private let handle: UnsafeMutablePointer<pthread_mutex_t>

  @usableFromInline init() {
    unsafe handle = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    unsafe handle.initialize(to: pthread_mutex_t())
    let status = unsafe pthread_mutex_init(handle, nil)
    precondition(status == 0, "pthread_mutex_init failed with error \(status)")
  }

  deinit {
    unsafe pthread_mutex_destroy(handle)
    unsafe handle.deinitialize(count: 1)
    unsafe handle.deallocate()
  }

  @usableFromInline func lock() {
    let status = unsafe pthread_mutex_lock(handle)
    precondition(status == 0, "pthread_mutex_lock failed with error \(status)")
  }

  @usableFromInline func unlock() {
    let status = unsafe pthread_mutex_unlock(handle)
    precondition(status == 0, "pthread_mutex_unlock failed with error \(status)")
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serialises read-modify-write of shared files (the failure index, the audit manifest)
/// between threads and between test processes.
///
/// The corresponding C function is `flock`.
enum FileLock {
  private static let inProcess = NSLock()

  /// Runs `body` while holding an exclusive lock on `path`, created if needed. When the
  /// lock file cannot be opened, `body` runs under the in-process lock alone.
  static func withLock<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
    inProcess.lock()
    defer { inProcess.unlock() }
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return try body() }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    defer { flock(fd, LOCK_UN) }
    return try body()
  }
}

import Foundation
import StrataSync

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serialises read-modify-write of shared files (the failure index, the audit manifest,
/// the recording of a reference) between threads and between test processes.
///
/// The file is opened through `FileHandle`, so the only C call is `flock` on its
/// descriptor, which takes no pointer: nothing here is unsafe.
///
/// The corresponding C function is `flock`.
package enum FileLock {
  /// Threads of this process take turns here first: `flock` locks belong to open files,
  /// and two descriptors of one process would not exclude each other reliably.
  private static let inProcess = Locked<Void>(())

  /// Runs `body` while holding an exclusive lock on `path`, created if needed. When the
  /// lock file cannot be opened, `body` runs under the in-process lock alone.
  package static func withLock<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
    try inProcess.withLock { _ in
      if !FileManager.default.fileExists(atPath: path) {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
      }
      guard let handle = FileHandle(forUpdatingAtPath: path) else { return try body() }
      defer { try? handle.close() }
      let fd = handle.fileDescriptor
      while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
      defer { _ = flock(fd, LOCK_UN) }
      return try body()
    }
  }
}

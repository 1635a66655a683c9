#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and atomic writes over POSIX calls, each turning `errno` into a
/// `PNGError` that names the file.
enum FileIO {
  /// Reads the whole file at `path`.
  ///
  /// The corresponding C functions are `open`, `fstat`, `read` and `close`.
  static func readAll(path: String) throws(PNGError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .unreadable(file: path, reason: reasonForOpen(errno)) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .unreadable(file: path, reason: osMessage(errno)) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadable(file: path, reason: (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "not a regular file")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR { continue }
        throw .unreadable(file: path, reason: osMessage(errno))
      }
      bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
  }

  /// Writes `bytes` to `path` through a temporary file in the same directory and
  /// `rename(2)`, which replaces `path` in one step on POSIX file systems. On any failure
  /// the temporary file is removed and `path` is untouched.
  ///
  /// The corresponding C functions are `open`, `write`, `fsync`, `close`, `rename` and
  /// `unlink`.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(PNGError) {
    let temp = temporaryPath(for: path)
    // O_EXCL: never write through a stale temp file or a symlink planted in its place.
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw .writeFailed(file: path, reason: osMessage(errno)) }
    var failure: Int32? = nil
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      offset += n
    }
    // fsync before rename, or a crash could leave `path` naming an empty file.
    if failure == nil, fsync(fd) != 0 { failure = errno }
    if close(fd) != 0, failure == nil { failure = errno }
    if failure == nil, rename(temp, path) != 0 { failure = errno }
    if let failure {
      unlink(temp)
      throw .writeFailed(file: path, reason: osMessage(failure))
    }
  }

  /// `dir/.name.png.tmp-<pid>`: hidden, beside the target so that `rename` stays within one
  /// file system, and unique per process.
  static func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return "\(directory).\(name).tmp-\(getpid())"
  }

  private static func reasonForOpen(_ code: Int32) -> String {
    code == ENOENT ? "file not found" : "cannot read (\(osMessage(code)))"
  }

  /// The C library's text for `code`, e.g. "Permission denied".
  static func osMessage(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard strerror_r(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }
}

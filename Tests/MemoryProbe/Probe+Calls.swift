#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The probe's POSIX calls: the only file of the probe that calls the C library. Files are
/// read with them rather than with Foundation, so that no Foundation buffer is kept beside
/// the bytes and counted in the peak.
///
/// The pointers: each `read` goes into the array lent for the call, at an offset inside it,
/// for at most the bytes left in it.
enum Probe {
  /// The whole regular file at `path`, read into an array of exactly its size.
  ///
  /// The corresponding C functions are `open`, `fstat`, `read` and `close`.
  static func contents(of path: String) -> [UInt8] {
    let fd = unsafe open(path, O_RDONLY)
    precondition(fd >= 0, "cannot open \(path)")
    defer { close(fd) }
    var info = stat()
    precondition(unsafe fstat(fd, &info) == 0, "cannot stat \(path)")
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var offset = 0
    while offset < bytes.count {
      let n = unsafe bytes.withUnsafeMutableBytes { unsafe read(fd, $0.baseAddress! + offset, $0.count - offset) }
      precondition(n > 0, "cannot read \(path)")
      offset += n
    }
    return bytes
  }

  /// A /proc file, which reports size 0 and must be read to its end.
  ///
  /// The corresponding C functions are `open`, `read` and `close`.
  static func procContents(of path: String) -> [UInt8] {
    let fd = unsafe open(path, O_RDONLY)
    precondition(fd >= 0, "cannot open \(path)")
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = unsafe buffer.withUnsafeMutableBytes { unsafe read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { return bytes }
      bytes += buffer[0..<n]
    }
  }

  /// The corresponding C function is `exit`.
  static func exitProcess(_ status: Int32) -> Never {
    exit(status)
  }
}

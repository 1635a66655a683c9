#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls behind reading and writing files: the only place in this module that
/// calls the C library, and so the only one that hands it a pointer. Each wrapper takes and
/// returns Swift values (strings, arrays, spans, `Result`s), retries `EINTR` where a retry is
/// right, and returns `errno` as an `Errno` instead of leaving it in the thread-local variable.
///
/// The pointers: a `String` path passed to C is a temporary NUL-terminated copy, valid for
/// the call; arrays and spans lend their storage for the call, with the count C may use.
extension FileIO {
  /// Opens `path` for reading. Without blocking: opening a FIFO waits for a writer, which
  /// may never come; the caller then refuses anything but a regular file (reads of regular
  /// files never block, with or without the flag).
  ///
  /// The corresponding C function is `open`.
  static func openForReading(_ path: String) -> Result<Int32, Errno> {
    retrying { unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
  }

  /// The kind and size of the open file `fd`.
  ///
  /// The corresponding C function is `fstat`.
  static func status(of fd: Int32) -> Result<(kind: Status.Kind, size: Int), Errno> {
    var info = stat()
    guard unsafe fstat(fd, &info) == 0 else { return .failure(Errno(errno)) }
    return .success((kind(info.st_mode), Int(info.st_size)))
  }

  /// Reads up to `buffer.count` bytes into the start of `buffer`: how many, 0 at the end.
  ///
  /// The corresponding C function is `read`.
  static func readSome(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    while true {
      let n = unsafe buffer.withUnsafeMutableBytes { unsafe read(fd, $0.baseAddress, $0.count) }
      if n >= 0 { return .success(n) }
      if errno != EINTR { return .failure(Errno(errno)) }
    }
  }

  /// The file `path` names, or the `errno` of `stat` (`ENOENT` when there is none).
  ///
  /// The corresponding C functions are `stat` and `lstat`.
  static func status(_ path: String) -> Result<Status, Errno> {
    var info = stat()
    guard unsafe stat(path, &info) == 0 else { return .failure(Errno(errno)) }
    var link = stat()
    let isLink = unsafe lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
    return .success(Status(kind: kind(info.st_mode), device: UInt64(info.st_dev), inode: UInt64(info.st_ino), isLink: isLink))
  }

  /// The absolute path with every symbolic link resolved, or nil.
  ///
  /// The corresponding C function is `realpath`.
  static func resolve(_ path: String) -> String? {
    guard let p = unsafe realpath(path, nil) else { return nil }
    defer { unsafe free(p) }
    return unsafe String(cString: p)
  }

  /// Creates `path`, which must not exist yet (not even as a symbolic link), for writing.
  ///
  /// The corresponding C function is `open` with `O_CREAT | O_EXCL`.
  static func create(_ path: String) -> Result<Int32, Errno> {
    retrying { unsafe open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
  }

  /// Opens an existing file (a device, a FIFO) for writing, without truncating it.
  ///
  /// The corresponding C function is `open`.
  static func openForWriting(_ path: String) -> Result<Int32, Errno> {
    retrying { unsafe open(path, O_WRONLY | O_CLOEXEC) }
  }

  /// Writes all of `bytes`, continuing after short writes; nil, or the failing `errno`.
  ///
  /// The corresponding C function is `write`.
  static func writeAll(_ fd: Int32, _ bytes: Span<UInt8>) -> Errno? {
    unsafe bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = unsafe write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return Errno(errno)
        }
        offset += n
      }
      return nil
    }
  }

  /// The corresponding C function is `fsync`.
  static func sync(_ fd: Int32) -> Errno? {
    while fsync(fd) != 0 {
      if errno != EINTR { return Errno(errno) }
    }
    return nil
  }

  /// Closes `fd` (not retried on `EINTR`: on Linux the descriptor is gone either way).
  ///
  /// The corresponding C function is `close`.
  static func closeFile(_ fd: Int32) -> Errno? {
    close(fd) == 0 || errno == EINTR ? nil : Errno(errno)
  }

  /// The corresponding C function is `rename`.
  static func move(_ from: String, to: String) -> Errno? {
    unsafe rename(from, to) == 0 ? nil : Errno(errno)
  }

  /// Creates the directory `path`; nil, or the failing `errno` (`EEXIST` when it exists).
  ///
  /// The corresponding C function is `mkdir`.
  static func makeDirectory(_ path: String) -> Errno? {
    unsafe mkdir(path, 0o777) == 0 ? nil : Errno(errno)
  }

  /// The corresponding C function is `unlink`.
  static func remove(_ path: String) { _ = unsafe unlink(path) }

  /// Removes the file named by the bytes of `path` (words in memory order, as `PathSlots`
  /// keeps them) up to the first NUL; nothing when there is none or the name is empty. What
  /// a signal handler may call: no allocation.
  ///
  /// The corresponding C function is `unlink`.
  static func remove(nulTerminated path: Span<UInt64>) {
    unsafe path.withUnsafeBytes { raw in
      // A plain loop: in a build without optimisation a generic algorithm (`firstIndex(of:)`)
      // runs unspecialised, through accessors that allocate.
      var end = 0
      while unsafe end < raw.count && raw[end] != 0 { end += 1 }
      guard end > 0 && end < raw.count else { return }
      _ = unsafe unlink(raw.baseAddress!.assumingMemoryBound(to: CChar.self))
    }
  }

  /// Waits for the signal that is ending the process.
  ///
  /// The corresponding C function is `pause`.
  static func waitForTheEnd() -> Never {
    while true { _ = pause() }
  }

  /// The C library's text for `code`, e.g. "Permission denied".
  ///
  /// The corresponding C function is `strerror_r`.
  static func osMessage(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard unsafe strerror_r(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func kind(_ mode: mode_t) -> Status.Kind {
    let type = mode & S_IFMT
    return type == S_IFREG ? .regular : type == S_IFDIR ? .directory : .other
  }

  private static func retrying(_ call: () -> Int32) -> Result<Int32, Errno> {
    while true {
      let fd = call()
      if fd >= 0 { return .success(fd) }
      if errno != EINTR { return .failure(Errno(errno)) }
    }
  }
}

/// The `errno` values the file code tells apart.
extension Errno {
  static let noEntry = Errno(ENOENT)
  static let exists = Errno(EEXIST)
  static let isDirectory = Errno(EISDIR)
  static let notDirectory = Errno(ENOTDIR)
  static let brokenPipe = Errno(EPIPE)
}

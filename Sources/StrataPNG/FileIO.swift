#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls behind reading and writing files: the only place in this module that
/// calls them. Each wrapper retries `EINTR` and returns `errno` instead of setting it.
enum FileIO {
  /// Reads the whole file at `path`.
  ///
  /// The corresponding C functions are `open`, `fstat`, `read` and `close`.
  static func readAll(path: String) throws(PNGError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .unreadable(file: path, reason: reasonForOpen(errno)) }
    defer { _ = close(fd) }
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

  /// What a path names, following symbolic links; `isLink` says whether `path` itself is one.
  struct Status {
    enum Kind { case regular, directory, other }
    var kind: Kind
    var device: UInt64
    var inode: UInt64
    var isLink: Bool
  }

  /// The file `path` names, or the `errno` of `stat` (`ENOENT` when there is none).
  ///
  /// The corresponding C functions are `stat` and `lstat`.
  static func status(_ path: String) -> Result<Status, Errno> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(Errno(errno)) }
    var link = stat()
    let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
    let type = info.st_mode & S_IFMT
    let kind: Status.Kind = type == S_IFREG ? .regular : type == S_IFDIR ? .directory : .other
    return .success(Status(kind: kind, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), isLink: isLink))
  }

  /// The absolute path with every symbolic link resolved, or nil.
  ///
  /// The corresponding C function is `realpath`.
  static func resolve(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return String(cString: p)
  }

  /// Creates `path`, which must not exist yet (not even as a symbolic link), for writing.
  ///
  /// The corresponding C function is `open` with `O_CREAT | O_EXCL`.
  static func create(_ path: String) -> Result<Int32, Errno> {
    retrying { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
  }

  /// Opens an existing file (a device, a FIFO) for writing, without truncating it.
  ///
  /// The corresponding C function is `open`.
  static func openForWriting(_ path: String) -> Result<Int32, Errno> {
    retrying { open(path, O_WRONLY | O_CLOEXEC) }
  }

  /// Writes all of `bytes`, continuing after short writes; nil, or the failing `errno`.
  ///
  /// The corresponding C function is `write`.
  static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Errno? {
    var offset = 0
    while offset < bytes.count {
      let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        return Errno(errno)
      }
      offset += n
    }
    return nil
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
    rename(from, to) == 0 ? nil : Errno(errno)
  }

  /// Creates the directory `path`; nil, or the failing `errno` (`EEXIST` when it exists).
  ///
  /// The corresponding C function is `mkdir`.
  static func makeDirectory(_ path: String) -> Errno? {
    mkdir(path, 0o777) == 0 ? nil : Errno(errno)
  }

  /// The corresponding C function is `unlink`.
  static func remove(_ path: String) { _ = unlink(path) }

  /// `unlink` on a C string: what a signal handler may call.
  static func remove(_ path: UnsafePointer<CChar>) { _ = unlink(path) }

  /// Waits for the signal that is ending the process.
  ///
  /// The corresponding C function is `pause`.
  static func waitForTheEnd() -> Never {
    while true { _ = pause() }
  }

  private static func retrying(_ call: () -> Int32) -> Result<Int32, Errno> {
    while true {
      let fd = call()
      if fd >= 0 { return .success(fd) }
      if errno != EINTR { return .failure(Errno(errno)) }
    }
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

/// An `errno` value, kept apart from the thread-local variable that the next call overwrites.
struct Errno: Error, Equatable {
  let code: Int32
  init(_ code: Int32) { self.code = code }

  static let noEntry = Errno(ENOENT)
  static let exists = Errno(EEXIST)
  static let isDirectory = Errno(EISDIR)
  static let notDirectory = Errno(ENOTDIR)

  /// The C library's text, e.g. "No space left on device".
  var message: String { FileIO.osMessage(code) }
}

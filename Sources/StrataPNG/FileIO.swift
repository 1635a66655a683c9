/// Reading and writing files, in safe Swift over the POSIX wrappers of `FileIO+Calls.swift`
/// (the only file of this module that calls the C library).
enum FileIO {
  /// What a path names, following symbolic links; `isLink` says whether `path` itself is one.
  struct Status {
    enum Kind { case regular, directory, other }
    var kind: Kind
    var device: UInt64
    var inode: UInt64
    var isLink: Bool
  }

  /// Reads the whole file at `path`, which must be a regular file.
  ///
  /// Reads in 64 KiB pieces into an array that has room for the size the file had when
  /// opened, so that a file growing meanwhile is still read whole.
  static func readAll(path: String, maxBytes: Int = .max) throws(PNGError) -> [UInt8] {
    let fd: Int32
    switch openForReading(path) {
    case .success(let d): fd = d
    case .failure(let e): throw .unreadable(file: path, reason: e == .noEntry ? "file not found" : "cannot read (\(e.message))")
    }
    defer { _ = closeFile(fd) }
    let size: Int
    switch status(of: fd) {
    case .success(let s) where s.kind == .regular: size = s.size
    case .success(let s): throw .unreadable(file: path, reason: s.kind == .directory ? "is a directory" : "not a regular file")
    case .failure(let e): throw .unreadable(file: path, reason: e.message)
    }
    guard size <= maxBytes else { throw .unreadable(file: path, reason: Self.overLimit(size, maxBytes)) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      switch readSome(fd, into: &chunk) {
      case .success(0): return bytes
      case .success(let n):
        // A file growing while it is read is held to the limit too.
        guard bytes.count + n <= maxBytes else { throw .unreadable(file: path, reason: Self.overLimit(bytes.count + n, maxBytes)) }
        bytes.append(contentsOf: chunk[0..<n])
      case .failure(let e): throw .unreadable(file: path, reason: e.message)
      }
    }
  }

  static func overLimit(_ bytes: Int, _ limit: Int) -> String {
    "the file has \(bytes > limit && bytes - limit < 65536 ? "more than \(limit)" : "\(bytes)") bytes, more than the limit of \(limit) bytes"
  }
}

/// Reading input files (scene files; PNG files go through `PNG.read`) for the other modules.
public enum InputFile {
  /// The bytes of the regular file at `path`, at most `maxBytes` of them. A FIFO, device or
  /// directory is refused without blocking (a FIFO given as a scene file would otherwise
  /// wait for a writer forever), and so is a file over `maxBytes`, before it is read.
  public static func read(path: String, maxBytes: Int = .max) throws(PNGError) -> [UInt8] {
    try FileIO.readAll(path: path, maxBytes: maxBytes)
  }
}

/// An `errno` value, kept apart from the thread-local variable that the next call overwrites.
/// (Its named values are in `FileIO+Calls.swift`, beside the C library they come from.)
struct Errno: Error, Equatable {
  let code: Int32
  init(_ code: Int32) { self.code = code }

  /// The C library's text, e.g. "No space left on device".
  var message: String { FileIO.osMessage(code) }
}

/// A file being written: a regular file replaced in one step, or a device, FIFO or standard
/// output written directly.
///
/// - A new path, or a regular file (also through a symbolic link, which stays a link), is
///   written to a temporary file beside it, which `commit()` renames over it: readers see
///   the old file or the complete new one, and a failed or abandoned write leaves the path
///   as it was. The temporary file (`.NAME.tmp-` and 16 random hex digits) is created
///   exclusively, under a new random name when one exists, so a stale one from a killed
///   run never blocks a later one; `TemporaryFiles` can remove it from a signal handler.
/// - An existing character device, FIFO or socket (`/dev/null`, a named pipe), and
///   standard output (`"-"`), are written directly: renaming over them would replace the
///   device node with a regular file. Their write errors (disk full, closed pipe) are thrown.
///
/// Every error is a `PNGError.writeFailed` that names the file and the operating system's
/// reason, e.g. `out.png: cannot write (No space left on device)`.
public final class OutputFile {
  /// The name in messages: the path as given, or `standard output`.
  public let name: String
  /// True when the data goes to a temporary file renamed into place by `commit()`.
  public var isAtomic: Bool { temporary != nil }

  private let descriptor: Int32
  private let target: String
  private let temporary: String?
  private let slot: Int?
  private var open = true

  /// The name `"-"` stands for.
  public static let standardOutputName = "standard output"

  /// Creates the missing directories above `path` (`frames/` for `frames/f-0001.png`).
  /// Errors name the directory that could not be made, with the system's reason.
  public static func createDirectories(above path: String) throws(PNGError) {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
    let directory = String(path[..<slash])
    switch FileIO.status(directory) {
    case .success(let s) where s.kind == .directory: return
    case .success: throw .writeFailed(file: directory, reason: Errno.notDirectory.message)
    case .failure: break
    }
    try createDirectories(above: directory)
    if let e = FileIO.makeDirectory(directory), e != .exists { throw .writeFailed(file: directory, reason: e.message) }
  }

  /// Opens `path` for writing; `"-"` is standard output.
  public init(path: String) throws(PNGError) {
    if path == "-" {
      (name, target, descriptor, temporary, slot) = (Self.standardOutputName, path, 1, nil, nil)
      return
    }
    name = path
    var target = path
    switch FileIO.status(path) {
    case .success(let s) where s.kind == .directory:
      throw .writeFailed(file: path, reason: Errno.isDirectory.message)
    case .success(let s) where s.kind == .other:
      switch FileIO.openForWriting(path) {
      case .success(let fd): (self.target, descriptor, temporary, slot) = (path, fd, nil, nil)
      case .failure(let e): throw .writeFailed(file: path, reason: e.message)
      }
      return
    case .success(let s) where s.isLink:
      // Replace the file the link points to, not the link.
      target = FileIO.resolve(path) ?? path
    default:
      break  // a regular file, or a new path (any stat error shows again when creating)
    }
    self.target = target
    (descriptor, temporary, slot) = try Self.createTemporary(beside: target, name: path)
  }

  deinit {
    if open { abandon() }
  }

  /// Appends `bytes`.
  public func write(_ bytes: [UInt8]) throws(PNGError) {
    try write(bytes.span)
  }

  /// Appends `bytes`.
  public func write(_ bytes: ArraySlice<UInt8>) throws(PNGError) {
    try write(bytes.span)
  }

  /// Appends `bytes`, from any contiguous storage (an array's `span`), without a copy.
  public func write(_ bytes: Span<UInt8>) throws(PNGError) {
    precondition(open, "OutputFile.write after commit or abandon")
    if let e = FileIO.writeAll(descriptor, bytes) { try fail(e) }
  }

  /// Makes the written data the file's content: flushes the temporary file to disk and
  /// renames it over the target; for a direct target, closes it.
  public func commit() throws(PNGError) {
    precondition(open, "OutputFile.commit after commit or abandon")
    open = false
    guard let temporary else {
      if descriptor != 1, let e = FileIO.closeFile(descriptor) { throw .writeFailed(file: name, reason: e.message) }
      return
    }
    // fsync before rename, or a crash could leave the target naming an empty file.
    var failure = FileIO.sync(descriptor)
    if let e = FileIO.closeFile(descriptor), failure == nil { failure = e }
    // A signal handler has removed the temporary files: the process is ending.
    if TemporaryFiles.isClosing { FileIO.waitForTheEnd() }
    if failure == nil { failure = FileIO.move(temporary, to: target) }
    if let failure {
      FileIO.remove(temporary)
      TemporaryFiles.forget(slot)
      throw .writeFailed(file: name, reason: failure.message)
    }
    TemporaryFiles.forget(slot)
  }

  /// Gives up: closes the file and removes the temporary file, leaving the target as it
  /// was. (Bytes already written to a device or pipe cannot be taken back.)
  public func abandon() {
    guard open else { return }
    open = false
    if descriptor != 1 { _ = FileIO.closeFile(descriptor) }
    if let temporary {
      FileIO.remove(temporary)
      TemporaryFiles.forget(slot)
    }
  }

  /// Throws after removing the temporary file.
  private func fail(_ e: Errno) throws(PNGError) -> Never {
    abandon()
    throw .writeFailed(file: name, reason: e.message)
  }

  /// A new file `dir/.NAME.tmp-<16 random hex digits>` beside `target`: in the same
  /// directory so that `rename` stays within one file system, hidden, and never an
  /// existing file (`O_EXCL`, another random name on `EEXIST`).
  private static func createTemporary(beside target: String, name: String) throws(PNGError) -> (Int32, String, Int?) {
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[...$0]) } ?? ""
    var base = slash.map { String(target[target.index(after: $0)...]) } ?? target
    // A file name has at most 255 bytes: shorten the copied name, not the random part.
    while base.utf8.count > 255 - 6 - 16 - 1 { base.removeLast() }
    for _ in 0..<64 {
      let random = String(UInt64.random(in: .min ... .max), radix: 16)
      let temp = directory + "." + base + ".tmp-" + String(repeating: "0", count: 16 - random.count) + random
      // Remembered before it exists, so that no signal can come between creating and
      // remembering it: a handler removing a name not created yet does no harm. (On
      // EEXIST the name is another file's, for the moment until it is forgotten; with 64
      // random bits that is a stale temporary file of this kind, not a user's file.)
      let slot = TemporaryFiles.remember(temp)
      switch FileIO.create(temp) {
      case .success(let fd):
        if TemporaryFiles.isClosing {
          FileIO.remove(temp)
          FileIO.waitForTheEnd()
        }
        return (fd, temp, slot)
      case .failure(let e):
        TemporaryFiles.forget(slot)
        if e == .exists { continue }
        throw .writeFailed(file: name, reason: e.message)
      }
    }
    throw .writeFailed(file: name, reason: "no unused temporary file name in 64 tries")
  }
}

extension FileIO {
  /// Writes `bytes` as the whole content of `path` through `OutputFile`: atomically for
  /// regular files and new paths, directly for devices, FIFOs and `"-"`. (`PNG.write` calls
  /// it by this name.)
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(PNGError) {
    let file = try OutputFile(path: path)
    try file.write(bytes)
    try file.commit()
  }
}

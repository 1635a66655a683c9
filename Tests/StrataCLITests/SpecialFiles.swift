import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Devices, FIFOs and file identities for the output tests.
enum SpecialFiles {
  /// A character device that behaves as `original` (`/dev/full`, `/dev/null`).
  ///
  /// A copy made with `mknod` in `directory` when allowed (as root): a tool that wrongly
  /// replaced its output by renaming would then replace the copy, not the machine's own
  /// `/dev/full`. Elsewhere the original, which an unprivileged process cannot replace.
  static func device(like original: String, in directory: URL) -> String {
    var info = stat()
    guard stat(original, &info) == 0 else { return original }
    let copy = directory.appendingPathComponent(URL(fileURLWithPath: original).lastPathComponent).path
    return mknod(copy, S_IFCHR | 0o666, info.st_rdev) == 0 ? copy : original
  }

  /// A new FIFO (named pipe) at `path`.
  static func fifo(_ path: String) throws {
    guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// The type bits of the file at `path` (`S_IFCHR`, `S_IFIFO`, `S_IFREG`) and its device
  /// number, without following a link; nil when there is none.
  static func kind(_ path: String) -> (type: mode_t, device: dev_t)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & S_IFMT, info.st_rdev)
  }

  /// A pipe whose read end is already closed: writes to the other end fail with `EPIPE`.
  static func pipeWithoutReader() -> Int32 {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "pipe failed")
    close(ends[0])
    return ends[1]
  }

  /// Opens the FIFO at `path` for reading without waiting for a writer, so that a test
  /// never hangs when the writer went elsewhere.
  static func openReader(_ path: String) throws -> Int32 {
    let fd = open(path, O_RDONLY | O_NONBLOCK)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return fd
  }

  /// Everything `child` writes to the FIFO opened as `fd`, until it ends (or 60 s pass).
  static func drain(_ fd: Int32, while child: ChildProcess) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        bytes += chunk[0..<n]
      } else if !child.isRunning {
        // The child has ended: what it wrote is all in the pipe now.
        while case let n = chunk.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }), n > 0 { bytes += chunk[0..<n] }
        break
      } else {
        usleep(2_000)
      }
    }
    return bytes
  }

  /// The names in `directory` that look like temporary files (`.NAME.tmp-…`).
  static func temporaryFiles(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.contains(".tmp-") }
  }
}

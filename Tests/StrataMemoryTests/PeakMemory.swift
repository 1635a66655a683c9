import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs `strata-memory-probe` (Tests/MemoryProbe) as a child process and reports its peak
/// resident memory.
///
/// Measuring in a child is the only honest way: this process runs other tests in parallel,
/// and its own peak would count their allocations. The probe reports its own `VmHWM` (the
/// high-water mark of its address space); `ru_maxrss` from `wait4` cannot be used, as it
/// includes this process's peak (see Tests/MemoryProbe/main.swift).
enum PeakMemory {
  struct Result {
    /// The probe's result line: `ok …` or `error …`, without the newline.
    var output: String
    /// The child's largest resident set, in bytes.
    var peakBytes: Int
    /// The exit status, or 128 + the signal number when a signal ended it.
    var status: Int32

    var peakMiB: Double { Double(peakBytes) / 1_048_576 }
  }

  /// The probe, built next to the test bundle by `swift build --build-tests`.
  static var probe: String? {
    let here = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
    let candidates = [here.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
      .map { $0.appendingPathComponent("strata-memory-probe").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `strata-memory-probe args…` and waits for it; `environment` (`NAME=value`) is
  /// added to this process's.
  ///
  /// The corresponding C functions are `pipe`, `posix_spawn`, `read` and `waitpid`.
  static func run(_ args: [String], environment: [String] = []) throws -> Result {
    let probe = try #require(Self.probe, "strata-memory-probe is not built next to the tests; run swift build --build-tests")
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0, "pipe failed")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    let argv: [UnsafeMutablePointer<CChar>?] = ([probe] + args).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var envp: [UnsafeMutablePointer<CChar>?] = []
    var e = environ
    while let entry = e.pointee {
      envp.append(strdup(entry))
      e += 1
    }
    envp += environment.map { strdup($0) } + [nil]
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, probe, &actions, nil, argv, envp)
    close(fds[1])
    defer { close(fds[0]) }
    try #require(spawned == 0, "posix_spawn failed: \(spawned)")
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
      if n > 0 {
        output += buffer[0..<n]
      } else if n == 0 || errno != EINTR {
        break
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      try #require(errno == EINTR, "waitpid failed: \(errno)")
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
    let signal = status & 0x7F
    let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    // The last line is `peak <bytes>`; the lines before it are the result.
    var lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    let peakLine = lines.popLast() ?? ""
    let peak = try #require(
      peakLine.hasPrefix("peak ") ? Int(peakLine.dropFirst(5)) : nil, "the probe reported no peak (status \(code))")
    return Result(output: lines.joined(separator: "\n"), peakBytes: peak, status: code)
  }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct ScratchDirectory {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory
      .appendingPathComponent("strata-memory-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `bytes` to `name` in the directory and returns its path.
  func write(_ bytes: [UInt8], to name: String) throws -> String {
    let file = path + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

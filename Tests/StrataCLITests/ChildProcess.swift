import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `strata` tool started with `posix_spawn`, for what `Process` cannot give: the
/// child's peak memory (`ru_maxrss` from `wait4`), signals sent at a chosen moment, and
/// standard output on any file descriptor (a device, a pipe with no reader).
///
/// The child starts as from a shell: SIGINT, SIGTERM, SIGHUP and SIGPIPE at their default
/// actions and no signal blocked, whatever the test runner set for itself.
struct ChildProcess {
  let pid: pid_t
  /// Where its standard error goes.
  let stderrPath: String

  enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)
    var description: String {
      switch self {
      case .exited(let s): "exit status \(s)"
      case .signaled(let s): "killed by signal \(s)"
      }
    }
  }

  struct Ending {
    var termination: Termination
    /// The child's peak resident memory in bytes (see `run`).
    var maxResidentBytes: Int
    /// False when `maxResidentBytes` is only an upper bound (see `run`).
    var peakIsExact = false
    var stderr: String

    /// For messages: the peak in MiB, and what kind of figure it is.
    var peak: String {
      "peak \(maxResidentBytes >> 20) MiB"
        + (peakIsExact ? "" : " (an upper bound that includes the test runner's own peak: install GNU time, package 'time', for the tool's own figure)")
    }
  }

  /// Starts `strata args…` in the current directory; standard output goes to `stdout` (a
  /// file descriptor the caller keeps; /dev/null when nil), standard error to a new file in
  /// `directory`.
  static func start(_ args: [String], stdout: Int32? = nil, directory: URL) throws -> ChildProcess {
    let tool = try #require(ToolProcess.tool, "the strata tool is not built next to the tests")
    return try spawn(tool.path, args, stdout: stdout, directory: directory)
  }

  private static func spawn(_ executable: String, _ args: [String], stdout: Int32?, directory: URL) throws -> ChildProcess {
    let stderrPath = directory.appendingPathComponent("stderr-\(UUID().uuidString).txt").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let stdout {
      posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t(), none = sigset_t()
    sigemptyset(&defaults)
    for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, s) }
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var environment = ProcessInfo.processInfo.environment
    for name in ["STRATA_BACKEND", "STRATA_EGL_PLATFORM"] { environment[name] = nil }
    let argv = ([executable] + args).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
    return ChildProcess(pid: pid, stderrPath: stderrPath)
  }

  /// Runs `strata args…` to the end, standard output to `stdout` (default: /dev/null).
  ///
  /// `maxResidentBytes` is the tool's own peak when GNU time is installed: it runs the tool
  /// as its own child, forked from its small process. Without it, the figure comes from
  /// `wait4` and is an upper bound only: Linux counts into a child's `ru_maxrss` the peak of
  /// the process it was spawned from (the test runner, 200 MB after the GPU tests), so a
  /// bound checked against it holds whenever it passes, but can fail for that reason.
  static func run(_ args: [String], stdout: Int32? = nil, directory: URL) throws -> Ending {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else {
      return try start(args, stdout: stdout, directory: directory).wait()
    }
    let tool = try #require(ToolProcess.tool, "the strata tool is not built next to the tests")
    let report = directory.appendingPathComponent("time-\(UUID().uuidString).txt").path
    var ending = try spawn(time, ["-f", "%M", "-o", report, tool.path] + args, stdout: stdout, directory: directory).wait()
    let lines = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n")
    // "Command exited with non-zero status N" comes first when it applies, then %M.
    ending.maxResidentBytes = try #require(lines.last.flatMap { Int($0) }, "GNU time wrote \(lines)") * 1024
    ending.peakIsExact = true
    return ending
  }

  func send(_ signal: Int32) { kill(pid, signal) }

  /// True while the child has not ended (it is not reaped here).
  var isRunning: Bool {
    var info = siginfo_t()
    return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == 0
  }

  /// Waits for the end, and reaps the child.
  func wait() -> Ending {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    let termination: Termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    // Linux reports ru_maxrss in kilobytes.
    return Ending(termination: termination, maxResidentBytes: Int(usage.ru_maxrss) * 1024, stderr: stderr)
  }

  /// Waits until `condition` holds or `seconds` pass (or the child ends); true if it held.
  func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      if !isRunning { return condition() }
      usleep(5_000)
    }
    return false
  }
}

/// Where a command writes: standard output and standard error in the tool, buffers in tests.
public struct Console: Sendable {
  public var out: @Sendable (String) -> Void
  public var err: @Sendable (String) -> Void

  public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
    self.out = out
    self.err = err
  }
}

/// A command's exit status: 0 success, 1 the work failed, 2 the command line was wrong.
public enum ExitCode: Int32, Sendable {
  case success = 0
  case failure = 1
  case usage = 2
  /// A frame sequence stopped between frames on SIGINT, SIGTERM or SIGHUP. The tool then
  /// ends by that signal (`Interrupts.exit(_:)`), which shells report as 128 plus its
  /// number: 130 for SIGINT, 143 for SIGTERM.
  case interrupted = 130
}

/// A command-line mistake, or an environment variable with an unknown value; reported
/// with exit status 2 (and, for the command line, the one-line usage).
struct UsageError: Error {
  let message: String
  /// False for a bad environment variable: the command line was fine.
  var showsUsage = true
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The C call behind `FrameProgress`.
extension FrameProgress {
  /// Whether standard error is a terminal, where a progress bar redrawn in place shows as
  /// one (in a log or a pipe it would be a mess of carriage returns).
  ///
  /// The corresponding C function is `isatty`.
  static var standardErrorIsATerminal: Bool { isatty(STDERR_FILENO) != 0 }
}

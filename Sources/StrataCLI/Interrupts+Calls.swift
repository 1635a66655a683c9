#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The C calls behind `Interrupts`: the only place in this module that installs handlers
/// or raises signals.
///
/// The pointers: `sigaction` reads and writes the `struct sigaction` values here, and the
/// handler is a C function pointer compared with `SIG_IGN` by address.
enum SignalCalls {
  /// The signals that ask a program to stop: SIGINT (Ctrl-C), SIGTERM, SIGHUP.
  static let stopSignals = [SIGINT, SIGTERM, SIGHUP]

  /// `SIGINT`, `SIGTERM`, `SIGHUP` or `signal N`, for messages.
  static func name(_ number: Int32) -> String {
    switch number {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    default: "signal \(number)"
    }
  }

  /// Installs `handler` for signal `number`, with `SA_RESTART` (an interrupted `write` or
  /// `open` carries on rather than failing with `EINTR`), unless it is ignored already.
  ///
  /// The corresponding C function is `sigaction`.
  static func handle(_ number: Int32, with handler: @convention(c) (Int32) -> Void) {
    var old = sigaction()
    guard unsafe sigaction(number, nil, &old) == 0 else { return }
    // Function pointers compare by address.
    let ignored =
      unsafe unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    guard !ignored else { return }
    var action = sigaction()
    unsafe action.__sigaction_handler.sa_handler = handler
    action.sa_flags = SA_RESTART
    unsafe sigemptyset(&action.sa_mask)
    for s in Interrupts.signals { unsafe sigaddset(&action.sa_mask, s) }
    unsafe sigaction(number, &action, nil)
  }

  /// Makes writes to a closed pipe fail with `EPIPE` instead of ending the process.
  ///
  /// The corresponding C function is `signal`.
  static func ignoreBrokenPipes() {
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// Restores the default action of signal `number` (ending the process) and raises it.
  /// Async-signal-safe. The corresponding C functions are `signal` and `raise`.
  static func raiseWithDefaultAction(_ number: Int32) {
    _ = signal(number, SIG_DFL)
    _ = raise(number)
  }

  /// The corresponding C function is `exit`.
  static func exitProcess(_ status: Int32) -> Never {
    exit(status)
  }
}

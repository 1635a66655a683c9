import StrataPNG
import Synchronization

/// What `strata` does on SIGINT (Ctrl-C), SIGTERM and SIGHUP: remove its temporary files
/// and end by the signal, so that shells see 130, 143 or 129 and scripts stop too.
///
/// A single image ends at once: the handler removes every temporary file (see
/// `TemporaryFiles`) and re-raises the signal; a file being replaced keeps its old content.
/// A frame sequence runs `deferred`: the first signal is only recorded, the sequence stops
/// at the next frame boundary (every file written so far whole, the animated PNG or raw
/// file not written, a raw stream ending after a whole frame), and then the tool ends by
/// the signal. A second signal ends it at once, for a run stuck writing to a pipe nobody
/// reads. Signals ignored when the tool starts (`nohup`, background jobs) stay ignored.
///
/// The handler is async-signal-safe: it touches only atomics, `unlink`, `signal` and
/// `raise`. SIGPIPE is ignored, so a closed pipe is a write error (`Broken pipe`, exit 1),
/// reported like a full disk, rather than a silent death.
public enum Interrupts {
  /// The first signal received, or 0.
  static let received = Atomic<Int32>(0)
  /// Above zero while a frame sequence runs (see `deferred`).
  static let deferring = Atomic<Int>(0)

  /// The signals handled: SIGINT, SIGTERM and SIGHUP.
  static let signals = SignalCalls.stopSignals

  /// Installs the handlers. For the tool's own process: commands run in tests do without.
  public static func install() {
    // Storage the handler reads is allocated now, never lazily inside the handler.
    TemporaryFiles.prepare()
    _ = received.load(ordering: .relaxed)
    _ = deferring.load(ordering: .relaxed)
    SignalCalls.ignoreBrokenPipes()
    for s in signals { SignalCalls.handle(s, with: handler) }
  }

  /// The signal that asked the tool to stop, or nil.
  static var pending: Int32? {
    let s = received.load(ordering: .sequentiallyConsistent)
    return s == 0 ? nil : s
  }

  /// Runs `body` with the first signal recorded rather than acted on: `body` checks
  /// `pending` between frames and returns `.interrupted`.
  static func deferred(_ body: () -> ExitCode) -> ExitCode {
    deferring.add(1, ordering: .sequentiallyConsistent)
    defer { deferring.subtract(1, ordering: .sequentiallyConsistent) }
    return body()
  }

  /// Ends the tool: by the signal received, when there was one, else with `code`.
  public static func exit(_ code: ExitCode) -> Never {
    if let s = pending { end(by: s) }
    SignalCalls.exitProcess(code.rawValue)
  }

  /// Removes the temporary files and ends the process by `signal`.
  static func end(by signal: Int32) -> Never {
    TemporaryFiles.removeAll()
    SignalCalls.raiseWithDefaultAction(signal)
    // Only reached if the signal did not end the process.
    SignalCalls.exitProcess(128 + signal)
  }

  /// The handler: records the signal; unless a frame sequence defers it, or this is the
  /// second one, ends the process. Async-signal-safe.
  private static let handler: @convention(c) (Int32) -> Void = { signal in
    let first = received.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent).exchanged
    if first && deferring.load(ordering: .sequentiallyConsistent) > 0 { return }
    TemporaryFiles.removeAll()
    // Blocked while the handler runs: the default action (the end) comes when it returns.
    SignalCalls.raiseWithDefaultAction(signal)
  }
}

import Foundation

/// The switches a golden test reads from the environment, gathered once per check so that
/// tests of the toolkit can pass their own.
///
/// | variable | meaning |
/// |---|---|
/// | `STRATA_RECORD` | `missing` (default), `all`, `failed` or `never`: see `RecordMode` |
/// | `STRATA_CALIBRATE` | `1`: write cross-backend budgets from what is measured (and fail) |
/// | `STRATA_FAILURE_DIR` | where mismatches write their images, reports and `index.html` |
/// | `STRATA_REFERENCE_AUDIT` | a file to append the path of every reference read to |
public struct RenderingEnvironment: Sendable {
  public var recordMode: RecordMode
  public var calibrate: Bool
  public var failureOutput: FailureOutput
  public var auditManifest: String?
  /// Settings that could not be understood; each fails the check that reads it.
  public var problems: [String]

  public init(
    recordMode: RecordMode = .missing, calibrate: Bool = false, failureOutput: FailureOutput,
    auditManifest: String? = nil
  ) {
    self.recordMode = recordMode
    self.calibrate = calibrate
    self.failureOutput = failureOutput
    self.auditManifest = auditManifest
    self.problems = []
  }

  /// The settings of `env`, by default this process's environment.
  public static func current(_ env: [String: String] = ProcessInfo.processInfo.environment) -> RenderingEnvironment {
    var r = RenderingEnvironment(failureOutput: .fromEnvironment(env))
    if let v = env["STRATA_RECORD"] {
      if let mode = RecordMode(environmentValue: v) {
        r.recordMode = mode
      } else {
        // Recording nothing is the safe reading of a typo; the check still fails.
        r.recordMode = .never
        r.problems.append("STRATA_RECORD=\(v) is not a record mode; use missing, all, failed or never")
      }
    }
    if let v = env["STRATA_CALIBRATE"] { r.calibrate = ["1", "true", "yes"].contains(v.lowercased()) }
    if let v = env["STRATA_REFERENCE_AUDIT"], !v.isEmpty { r.auditManifest = v }
    return r
  }
}

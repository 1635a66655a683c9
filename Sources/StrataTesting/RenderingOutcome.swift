/// What a golden check concluded, and everything its failure message names.
public struct RenderingOutcome: Sendable {
  public enum Status: Sendable, Hashable {
    /// The rendering matches a reference: the only passing status.
    case matched
    /// A reference was written; the check fails so that someone looks at it.
    case recorded
    /// A budget sidecar was written from the measurement; the check fails likewise.
    case calibrated
    /// The rendering does not match.
    case mismatched
    /// No reference exists and the record mode is `never`.
    case missingReference
    /// The check could not run as configured (an unknown `STRATA_RECORD` value).
    case misconfigured
  }

  public var status: Status
  /// A message for the test log: what happened, why, and which files to look at.
  public var message: String
  /// Remarks that do not fail the check, such as a budget that can be tightened.
  public var notes: [String]
  /// The comparison against the closest accepted reference, when one was made.
  public var comparison: ImageComparison?
  /// The reference compared against, or the one written.
  public var reference: String?
  /// The failure output, when a mismatch wrote one.
  public var files: FailureOutput.Files?

  /// Whether the test should pass.
  public var passed: Bool { status == .matched }
}

/// When a golden test writes its rendering as the reference, set with `STRATA_RECORD`.
///
/// Recording always fails the test and says which file it wrote, so that a recording is
/// never mistaken for a pass: look at the image, then run the tests again.
public enum RecordMode: String, Sendable, CaseIterable {
  /// Record only when no reference exists on the backend's whole key chain (the default).
  case missing
  /// Record every rendering, replacing the backend's own reference.
  case all
  /// Record renderings that do not match, as the backend's own reference. Use it when a
  /// change is intended; a GPU backend that fails against the CPU reference then gets a
  /// reference of its own, compared strictly from then on.
  case failed
  /// Never record; a missing reference is a failure (for CI).
  case never

  /// The mode named by `value`; `1`, `true` and `yes` mean `all`, as the older
  /// `STRATA_RECORD=1` did.
  public init?(environmentValue value: String) {
    switch value.lowercased() {
    case "", "missing": self = .missing
    case "all", "1", "true", "yes": self = .all
    case "failed": self = .failed
    case "never", "0", "false", "no": self = .never
    default: return nil
    }
  }
}

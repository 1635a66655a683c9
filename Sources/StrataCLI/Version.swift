/// The tool's version, printed by `strata --version`: the one place it is written.
public enum StrataVersion {
  public static let current = "0.1.0"
}

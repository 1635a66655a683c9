import Foundation
import Strata
import StrataPNG

/// Writes what a person needs to judge a mismatch: the three-panel image, the actual
/// image (copy it beside the references to accept it), a JSON report, and an entry in the
/// run's `index.html`.
public struct FailureOutput: Sendable {
  /// Where the files go: `STRATA_FAILURE_DIR`, else `strata-failures` in the temporary
  /// directory (`$TMPDIR`).
  public var directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  /// The directory the environment names.
  public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> FailureOutput {
    if let d = env["STRATA_FAILURE_DIR"], !d.isEmpty {
      return FailureOutput(directory: URL(fileURLWithPath: d))
    }
    return FailureOutput(directory: FileManager.default.temporaryDirectory.appendingPathComponent("strata-failures"))
  }

  /// The files written for one mismatch.
  public struct Files: Sendable, Hashable {
    public var diff: String
    public var actual: String
    public var report: String
    public var index: String
  }

  /// The JSON report: the comparison and where its images are.
  struct Report: Encodable {
    var name: String
    var backend: String
    var reference: String
    var diff: String
    var actual: String
    var result: ImageComparison
  }

  /// Writes the files for `name` on `backend`; the stem is `<name>.<backend>`.
  public func write(
    name: String, backend: String, reference: String, expected: Image, actual: Image, result: ImageComparison
  ) throws -> Files {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let stem = Self.fileStem(name) + "." + backend
    let diff = directory.appendingPathComponent(stem + ".diff.png").path
    let actualPath = directory.appendingPathComponent(stem + ".actual.png").path
    let reportPath = directory.appendingPathComponent(stem + ".json").path
    try PNG.write(DiffImage.threePanel(expected: expected, actual: actual, result: result), to: diff)
    try PNG.write(actual, to: actualPath)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let report = Report(name: name, backend: backend, reference: reference, diff: diff, actual: actualPath, result: result)
    try encoder.encode(report).write(to: URL(fileURLWithPath: reportPath), options: .atomic)
    try FailureIndex.append(
      .init(
        name: name, backend: backend, reference: reference, tier: result.tier, failures: result.failures,
        diffFile: stem + ".diff.png", actualFile: stem + ".actual.png", reportFile: stem + ".json"),
      in: directory)
    return Files(diff: diff, actual: actualPath, report: reportPath, index: directory.appendingPathComponent("index.html").path)
  }

  /// `name` with anything but letters, digits, `-`, `_` and `.` replaced by `_`.
  static func fileStem(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
  }
}

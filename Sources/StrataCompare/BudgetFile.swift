import Foundation

/// The budget sidecar beside a reference: cross-backend budgets per backend pair.
///
/// ```json
/// {
///   "gles3-llvmpipe vs cpu": {
///     "envelopePixels": { "max": 12, "min": 4 },
///     "meanSignedDifference": { "max": 0.6 }
///   }
/// }
/// ```
/// Keys are `"<actual backend> vs <reference key>"`; limits not named keep the defaults of
/// `Budget`. `STRATA_CALIBRATE=1` writes the entries from measurements.
public enum BudgetFile {
  /// The key of a backend pair: `"gles3-llvmpipe vs cpu"`.
  public static func pairKey(actual: String, reference: String) -> String {
    "\(actual) vs \(reference)"
  }

  /// The budgets in the file at `url`; none when there is no file.
  public static func load(_ url: URL) throws -> [String: Budget] {
    guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
    let data = try Data(contentsOf: url)
    do {
      return try JSONDecoder().decode([String: Budget].self, from: data)
    } catch {
      throw ReferenceError.badBudgetFile(path: url.path, reason: "\(error)")
    }
  }

  /// Writes `budgets` to `url`, keys sorted, atomically.
  public static func save(_ budgets: [String: Budget], to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try encoder.encode(budgets).write(to: url, options: .atomic)
  }
}

/// A reference directory whose contents cannot be used.
public enum ReferenceError: Error, CustomStringConvertible, Equatable {
  case badBudgetFile(path: String, reason: String)

  public var description: String {
    switch self {
    case .badBudgetFile(let path, let reason): "\(path): not a budget file (\(reason))"
    }
  }
}

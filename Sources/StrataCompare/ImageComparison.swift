/// The outcome of comparing an image with its reference: the verdict, why, and the
/// numbers a person needs to judge it. Encodes to the JSON failure report.
public struct ImageComparison: Sendable, Codable, CustomStringConvertible {
  /// Per-channel values in red, green, blue, alpha order.
  public struct Channels: Sendable, Hashable, Codable {
    public var red: Int, green: Int, blue: Int, alpha: Int
  }

  /// How many pixels differ by more than `levels` in their worst channel.
  public struct Threshold: Sendable, Hashable, Codable {
    public var levels: Int
    public var pixels: Int
  }

  /// A differing region: the bounds of a connected group of failing pixels.
  public struct Region: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    /// Failing pixels inside.
    public var pixels: Int
    public var description: String { "\(width)x\(height) at (\(x), \(y))" }
  }

  public var width: Int
  public var height: Int
  /// `strict`, `channel ±N` or `cross-backend`.
  public var tier: String
  public var passed: Bool
  /// One sentence per failed check.
  public var failures: [String]
  /// Remarks that do not fail the comparison, e.g. a budget that can be tightened.
  public var notes: [String]
  /// Pixels with any byte different.
  public var differentPixels: Int
  /// The largest difference of each channel (colour weighted by coverage), in levels.
  public var largestDifference: Channels
  public var pixelsOver: [Threshold]
  public var measurements: Measurements
  /// The limits the cross-backend tier applied to this picture; nil for channel tiers.
  public var allowance: Allowance?
  /// The largest regions of failing pixels, biggest first (at most 32).
  public var regions: [Region]
  /// The bits of `FailureMask` per pixel, row-major; not part of the JSON report.
  public var mask: [UInt8] = []

  private enum CodingKeys: String, CodingKey {
    case width, height, tier, passed, failures, notes, differentPixels, largestDifference, pixelsOver,
      measurements, allowance, regions
  }

  public var description: String { summary }

  /// One line: the verdict and the failed checks, or the largest difference.
  public var summary: String {
    if passed {
      let d = largestDifference
      return "matches (\(tier)): \(differentPixels) pixels differ, largest difference r\(d.red) g\(d.green) b\(d.blue) a\(d.alpha)"
    }
    return "differs (\(tier)): " + failures.joined(separator: "; ")
  }
}

/// Which check a pixel failed; several bits may be set.
public struct FailureMask: OptionSet, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let channel = FailureMask(rawValue: 1)
  public static let envelope = FailureMask(rawValue: 2)
  public static let flat = FailureMask(rawValue: 4)
  public static let geometry = FailureMask(rawValue: 8)
  public static let criticalAlpha = FailureMask(rawValue: 16)
  /// ΔE94 over the threshold of `SnapshotPrecision`.
  public static let perceptual = FailureMask(rawValue: 32)
}

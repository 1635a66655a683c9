/// What a comparison measured, check by check; compared against a `Budget`.
public struct Measurements: Sendable, Hashable, Codable {
  /// Pixels with a channel over the channel tolerance (the strict tier's count).
  public var channelPixels = 0
  public var envelopePixels = 0
  public var geometryPixels = 0
  public var flatPixels = 0
  public var criticalAlphaPixels = 0
  /// Mean of actual − expected per channel (red, green, blue, alpha), in levels, over
  /// the pixels that are not flat in the reference or that differ.
  public var meanSignedDifference: [Double] = [0, 0, 0, 0]
  /// The standard error of each mean: a mean within four of these of zero is noise.
  public var meanStandardError: [Double] = [0, 0, 0, 0]
  /// The largest local edge displacement found, in pixels.
  public var largestDisplacement: Double = 0

  public init() {}

  /// The channel whose mean signed difference is both largest and significant, or 0.
  public var significantMeanDifference: Double {
    var worst = 0.0
    for c in 0..<4 where abs(meanSignedDifference[c]) > 4 * meanStandardError[c] {
      worst = max(worst, abs(meanSignedDifference[c]))
    }
    return worst
  }
}

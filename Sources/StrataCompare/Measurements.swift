/// What a comparison measured, check by check; compared against the tier's limits.
public struct Measurements: Sendable, Hashable, Codable {
  /// Pixels with a channel over the channel tolerance (the strict tier's count).
  public var channelPixels = 0
  public var envelopePixels = 0
  /// Envelope failures that changed by more than `CrossBackendTolerance.flipShare` percent
  /// of the reference's 3x3 range: pixels that went over to the other side of an edge (a
  /// hole, a speck), which no difference in anti-aliasing explains.
  public var flippedPixels = 0
  /// Failing pixels (envelope, flat or critical alpha) with at least three more in their
  /// 3x3 neighbourhood: a blob, not scattered edge noise.
  public var clusteredPixels = 0
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
  /// The reference's edge pixels: those whose 3x3 neighbourhood spans at least
  /// `CrossBackendTolerance.edgeRange` levels in some channel. The picture's edge length,
  /// which the default allowances scale with.
  public var edgePixels = 0
  /// The mean 3x3 range (largest channel, levels) of the reference over the pixels the
  /// mean signed difference is taken on: how much contrast the bias is measured against.
  public var meanContrast: Double = 0

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

/// The upper limits of a cross-backend comparison, resolved for one picture: how many
/// pixels may fail each check, and how far the mean may drift.
///
/// `CrossBackendTolerance.defaultAllowance` derives them from the picture (its edge length,
/// its size, its contrast); a budget sidecar may override some. Every comparison reports
/// the allowance it applied (`ImageComparison.allowance`), so `strata parity` and failure
/// messages can say what was allowed, not only what was found.
public struct Allowance: Sendable, Hashable, Codable, CustomStringConvertible {
  public var envelopePixels: Double
  public var flippedPixels: Double
  public var clusteredPixels: Double
  public var geometryPixels: Double
  public var flatPixels: Double
  public var criticalAlphaPixels: Double
  /// Levels.
  public var meanSignedDifference: Double

  public init(
    envelopePixels: Double, flippedPixels: Double = 2, clusteredPixels: Double, geometryPixels: Double, flatPixels: Double,
    criticalAlphaPixels: Double, meanSignedDifference: Double
  ) {
    self.envelopePixels = envelopePixels
    self.flippedPixels = flippedPixels
    self.clusteredPixels = clusteredPixels
    self.geometryPixels = geometryPixels
    self.flatPixels = flatPixels
    self.criticalAlphaPixels = criticalAlphaPixels
    self.meanSignedDifference = meanSignedDifference
  }

  /// One line: `envelope 7 (flipped 2), clustered 0, geometry 12, flat 1, critical alpha 3 pixels; bias 1.5 levels`.
  public var description: String {
    let f = ImageComparator.format2
    return "envelope \(f(envelopePixels)) (flipped \(f(flippedPixels))), clustered \(f(clusteredPixels)), geometry \(f(geometryPixels)), "
      + "flat \(f(flatPixels)), critical alpha \(f(criticalAlphaPixels)) pixels; bias \(f(meanSignedDifference)) levels"
  }
}

extension CrossBackendTolerance {
  /// The allowance for a picture with these measurements and `pixels` pixels.
  ///
  /// Scattered failures grow with the reference's edge length, where renderers honestly
  /// differ (anti-aliasing, multisampling, filtering); flat-region failures with its area;
  /// the bias with its mean contrast. Clusters are never allowed. See `Scaling`.
  public func defaultAllowance(for m: Measurements, pixels: Int) -> Allowance {
    let s = scaling, edges = Double(m.edgePixels)
    func count(_ base: Double, _ share: Double, of n: Double) -> Double { (base + share * n).rounded(.down) }
    return Allowance(
      envelopePixels: count(s.envelopeBase, s.envelopePerEdgePixel, of: edges),
      flippedPixels: s.flippedPixels,
      clusteredPixels: 0,
      geometryPixels: count(s.geometryBase, s.geometryPerEdgePixel, of: edges),
      flatPixels: count(0, s.flatPerPixel, of: Double(pixels)),
      criticalAlphaPixels: count(0, s.criticalAlphaPerEdgePixel, of: edges),
      meanSignedDifference: ((max(s.minimumBias, s.biasPerContrast * m.meanContrast)) * 100).rounded() / 100)
  }
}

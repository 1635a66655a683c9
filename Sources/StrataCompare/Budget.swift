/// Limits for a cross-backend comparison that differ from the picture's default allowance,
/// per backend pair.
///
/// Each limit has an upper bound (`max`: more fails the comparison) and an optional lower
/// bound (`min`): when a measurement falls below it, rendering has improved, and the
/// comparison notes that the budget can be tightened. A limit left out (nil) is the
/// default allowance of `CrossBackendTolerance`, which scales with the picture. Budgets
/// live in a sidecar file beside the reference, `<name>.budget.json`; see `BudgetFile`.
public struct Budget: Sendable, Hashable, Codable {
  /// One bounded measurement.
  public struct Limit: Sendable, Hashable, Codable {
    public var max: Double
    public var min: Double?

    public init(max: Double, min: Double? = nil) {
      self.max = max
      self.min = min
    }
  }

  /// Pixels outside the reference's 3x3 envelope.
  public var envelopePixels: Limit?
  /// Envelope failures that went over to the other side of an edge (see `Measurements`).
  public var flippedPixels: Limit?
  /// Failing pixels in clusters (see `FailureClusters`).
  public var clusteredPixels: Limit?
  /// Edge pixels displaced, vanished or appeared.
  public var geometryPixels: Limit?
  /// Pixels off by more than the flat tolerance inside one-colour regions.
  public var flatPixels: Limit?
  /// Alpha changes where the reference is fully transparent or fully opaque.
  public var criticalAlphaPixels: Limit?
  /// The largest significant mean signed difference of a channel, in levels.
  public var meanSignedDifference: Limit?

  public init() {}

  /// The margin calibration adds to a measured pixel count: a quarter, plus two pixels.
  public static func pixelMargin(_ measured: Double) -> Double { (measured * 0.25).rounded(.up) + 2 }
  /// The margin calibration adds to a measured mean difference: a quarter, plus 0.25 levels.
  public static func levelMargin(_ measured: Double) -> Double { ((measured * 0.25 + 0.25) * 100).rounded(.up) / 100 }

  /// A budget fitted to one measurement, for `STRATA_CALIBRATE`: each limit is what was
  /// measured plus its margin (`pixelMargin`, `levelMargin`), but never above the picture's
  /// default allowance `defaults`, so calibration only ever tightens. Half the measurement
  /// is the lower bound, from 4 pixels or half a level.
  ///
  /// A measurement over the default stays over it: the budget is the default and the
  /// comparison still fails. Loosening a limit past the default is a decision a person
  /// writes into the sidecar by hand, with a reason.
  public static func calibrated(to m: Measurements, defaults a: Allowance) -> Budget {
    func pixels(_ v: Int, _ ceiling: Double) -> Limit {
      let x = Double(v)
      return Limit(max: Swift.min(ceiling, x + pixelMargin(x)), min: x >= 4 ? (x * 0.5).rounded(.down) : nil)
    }
    let mean = m.significantMeanDifference
    var b = Budget()
    b.envelopePixels = pixels(m.envelopePixels, a.envelopePixels)
    b.flippedPixels = pixels(m.flippedPixels, a.flippedPixels)
    b.clusteredPixels = pixels(m.clusteredPixels, a.clusteredPixels)
    b.geometryPixels = pixels(m.geometryPixels, a.geometryPixels)
    b.flatPixels = pixels(m.flatPixels, a.flatPixels)
    b.criticalAlphaPixels = pixels(m.criticalAlphaPixels, a.criticalAlphaPixels)
    b.meanSignedDifference = Limit(
      max: Swift.min(a.meanSignedDifference, mean + levelMargin(mean)),
      min: mean >= 0.5 ? ((mean * 0.5) * 100).rounded(.down) / 100 : nil)
    return b
  }

  /// The limits that apply: each one set here, else the default allowance's.
  func limits(defaults a: Allowance) -> Limits {
    Limits(
      envelopePixels: envelopePixels ?? Limit(max: a.envelopePixels),
      flippedPixels: flippedPixels ?? Limit(max: a.flippedPixels),
      clusteredPixels: clusteredPixels ?? Limit(max: a.clusteredPixels),
      geometryPixels: geometryPixels ?? Limit(max: a.geometryPixels),
      flatPixels: flatPixels ?? Limit(max: a.flatPixels),
      criticalAlphaPixels: criticalAlphaPixels ?? Limit(max: a.criticalAlphaPixels),
      meanSignedDifference: meanSignedDifference ?? Limit(max: a.meanSignedDifference))
  }

  /// Every limit resolved.
  struct Limits {
    var envelopePixels, flippedPixels, clusteredPixels, geometryPixels, flatPixels, criticalAlphaPixels, meanSignedDifference: Limit

    /// The upper bounds, as reported.
    var allowance: Allowance {
      Allowance(
        envelopePixels: envelopePixels.max, flippedPixels: flippedPixels.max, clusteredPixels: clusteredPixels.max, geometryPixels: geometryPixels.max,
        flatPixels: flatPixels.max, criticalAlphaPixels: criticalAlphaPixels.max,
        meanSignedDifference: meanSignedDifference.max)
    }
  }
}

/// How much a cross-backend comparison may fail each check, calibrated per backend pair.
///
/// Each limit has an upper bound (`max`: more fails the comparison) and an optional lower
/// bound (`min`): when a measurement falls below it, rendering has improved, and the
/// comparison notes that the budget can be tightened. Budgets live in a sidecar file
/// beside the reference, `<name>.budget.json`; see `BudgetFile`.
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

  /// Pixels outside the reference's 3x3 envelope. A small budget: a 2x2 dot is 4 pixels.
  public var envelopePixels = Limit(max: 2)
  /// Edge pixels displaced, vanished or appeared.
  public var geometryPixels = Limit(max: 0)
  /// Pixels off by more than the flat tolerance inside one-colour regions.
  public var flatPixels = Limit(max: 0)
  /// Alpha changes where the reference is fully transparent or fully opaque.
  public var criticalAlphaPixels = Limit(max: 0)
  /// The largest significant mean signed difference of a channel, in levels.
  public var meanSignedDifference = Limit(max: 1)

  public init() {}

  private enum CodingKeys: String, CodingKey {
    case envelopePixels, geometryPixels, flatPixels, criticalAlphaPixels, meanSignedDifference
  }

  /// Missing limits keep their defaults, so a sidecar names only what it changes.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = Budget()
    envelopePixels = try c.decodeIfPresent(Limit.self, forKey: .envelopePixels) ?? d.envelopePixels
    geometryPixels = try c.decodeIfPresent(Limit.self, forKey: .geometryPixels) ?? d.geometryPixels
    flatPixels = try c.decodeIfPresent(Limit.self, forKey: .flatPixels) ?? d.flatPixels
    criticalAlphaPixels = try c.decodeIfPresent(Limit.self, forKey: .criticalAlphaPixels) ?? d.criticalAlphaPixels
    meanSignedDifference = try c.decodeIfPresent(Limit.self, forKey: .meanSignedDifference) ?? d.meanSignedDifference
  }

  /// A budget fitted to one measurement: a quarter more than measured (at least one pixel
  /// or a quarter level more), with half the measurement as the lower bound.
  public static func calibrated(to m: Measurements) -> Budget {
    func pixels(_ v: Int) -> Limit {
      let x = Double(v)
      return Limit(max: (x * 1.25).rounded(.up) + 1, min: x >= 4 ? (x * 0.5).rounded(.down) : nil)
    }
    let mean = m.meanSignedDifference.map(abs).max() ?? 0
    var b = Budget()
    b.envelopePixels = pixels(m.envelopePixels)
    b.geometryPixels = pixels(m.geometryPixels)
    b.flatPixels = pixels(m.flatPixels)
    b.criticalAlphaPixels = pixels(m.criticalAlphaPixels)
    b.meanSignedDifference = Limit(
      max: ((mean * 1.25 + 0.25) * 100).rounded(.up) / 100, min: mean >= 0.5 ? ((mean * 0.5) * 100).rounded(.down) / 100 : nil)
    return b
  }
}

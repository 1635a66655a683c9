/// How closely an image must match its reference: the comparison tier.
public enum Tolerance: Sendable, Hashable, CustomStringConvertible {
  /// Every channel (straight colour weighted by coverage, and alpha) within `n` levels of
  /// the reference; no pixel may differ more.
  case channel(Int)
  /// The checks for a rendering from another backend: see `CrossBackendTolerance`.
  case crossBackend(CrossBackendTolerance)

  /// The same-backend tier: each channel within ±1, no pixel more.
  public static let strict = Tolerance.channel(1)
  /// The cross-backend tier with the default budget.
  public static let cross = Tolerance.crossBackend(CrossBackendTolerance())

  /// `strict`, `channel ±N` or `cross-backend`, for reports.
  public var description: String {
    switch self {
    case .channel(1): "strict"
    case .channel(let n): "channel ±\(n)"
    case .crossBackend: "cross-backend"
    }
  }
}

/// The cross-backend tier: passes honest anti-aliasing and filtering differences between
/// two renderers, catches real changes.
///
/// Four checks run on every pixel, on straight colour weighted by coverage and on alpha as
/// a channel of its own:
/// - **geometry**: edges must be where the reference has them. A least-squares local
///   displacement (Lucas–Kanade over a 5x5 window) at each edge pixel must stay under
///   `displacementLimit` pixels, and no edge of contrast `edgeContrast` or more may vanish
///   or appear (edges are matched within one pixel).
/// - **envelope**: each channel must lie within the reference's 3x3-neighbourhood range,
///   widened by `envelopeMargin` levels. A pixel at an anti-aliased edge may take any
///   value between the two sides; a wrong colour cannot hide. (This check alone works on
///   premultiplied colour, where an anti-aliased pixel is a mix of its neighbours.)
/// - **flat regions**: where the reference's 3x3 neighbourhood is one colour, each channel
///   must be within `flatTolerance` levels.
/// - **bias**: the mean signed difference per channel over edges, gradients and changed
///   pixels must stay under the budget, unless it is noise (within four standard errors
///   of zero). Gamma and premultiplication bugs shift every edge the same way.
///
/// Any alpha change of more than `criticalAlphaThreshold` where the reference is fully
/// transparent or fully opaque is critical: it shows through whatever the image is
/// composited on.
public struct CrossBackendTolerance: Sendable, Hashable {
  public var envelopeMargin: Int = 3
  public var flatTolerance: Int = 2
  public var criticalAlphaThreshold: Int = 3
  /// The gradient magnitude (levels per pixel, central differences, all channels) from
  /// which a pixel counts as an edge.
  public var edgeContrast: Float = 16
  /// The largest local displacement of an edge, in pixels.
  public var displacementLimit: Float = 0.5
  /// How many pixels may fail each check, and how far the mean may drift.
  public var budget: Budget

  public init(budget: Budget = Budget()) {
    self.budget = budget
  }
}

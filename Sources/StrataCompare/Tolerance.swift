/// How closely an image must match its reference: the comparison tier.
public enum Tolerance: Sendable, Hashable, CustomStringConvertible {
  /// Every channel (straight colour weighted by coverage, and alpha) within `n` levels of
  /// the reference; no pixel may differ more.
  case channel(Int)
  /// The checks for a rendering from another backend: see `CrossBackendTolerance`.
  case crossBackend(CrossBackendTolerance)
  /// swift-snapshot-testing's `precision` and `perceptualPrecision` (see `SnapshotPrecision`):
  /// for comparisons with pictures from other renderers, such as Apple's Lottie renders.
  case snapshot(SnapshotPrecision)

  /// The same-backend tier: each channel within ±1, no pixel more.
  public static let strict = Tolerance.channel(1)
  /// The cross-backend tier with the default budget.
  public static let cross = Tolerance.crossBackend(CrossBackendTolerance())

  /// `strict`, `channel ±N`, `cross-backend` or the snapshot precisions, for reports.
  public var description: String {
    switch self {
    case .channel(1): "strict"
    case .channel(let n): "channel ±\(n)"
    case .crossBackend: "cross-backend"
    case .snapshot(let p): p.description
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
///
/// How many pixels may fail each check scales with the picture (`Scaling`): scattered
/// failures with its edge length, flat failures with its size, the bias with its
/// contrast; failures that crowd together (`clusterSize` in a 3x3 window) are never
/// allowed. A `budget` overrides single limits for one backend pair.
public struct CrossBackendTolerance: Sendable, Hashable {
  public var envelopeMargin: Int = 3
  public var flatTolerance: Int = 2
  public var criticalAlphaThreshold: Int = 3
  /// The gradient magnitude (levels per pixel, central differences, all channels) from
  /// which a pixel counts as an edge for the geometry check.
  public var edgeContrast: Float = 16
  /// The 3x3 range (levels, largest channel) from which a reference pixel counts towards
  /// the picture's edge length, which the default allowances scale with.
  public var edgeRange: Int = 16
  /// The largest local displacement of a sharp edge (2 pixels wide by central
  /// differences), in pixels.
  public var displacementLimit: Float = 0.5
  /// The largest local displacement of a soft edge (4 pixels wide or more: a blur); edges
  /// in between get a limit in between. Below 1, so that a real one-pixel shift of a
  /// blurred shape still fails.
  public var softEdgeDisplacementLimit: Float = 0.85
  /// The change, in percent of the reference's 3x3 range, from which an envelope failure
  /// counts as flipped. Multisampled and analytic coverage of a hairline differ by up to
  /// about a quarter of its contrast (measured: 26%); holes and specks by 87% and more.
  public var flipShare: Int = 60
  /// Failing pixels in a 3x3 window from which they form a cluster.
  public var clusterSize: Int = 4
  /// How the default allowances grow with the picture.
  public var scaling = Scaling()
  /// Limits that replace the default allowance; by default none.
  public var budget: Budget

  public init(budget: Budget = Budget()) {
    self.budget = budget
  }

  /// The default allowance, in proportion to the picture: see docs/Testing.md for how each
  /// share was chosen (measured on pairs from independent renderers, checked against the
  /// planted regressions).
  public struct Scaling: Sendable, Hashable {
    /// Flipped envelope failures (specks, holes): a fixed number, whatever the size.
    public var flippedPixels: Double = 2
    /// Envelope failures: `envelopeBase + envelopePerEdgePixel × edge pixels`.
    public var envelopeBase: Double = 2
    public var envelopePerEdgePixel: Double = 0.05
    /// Geometry failures: `geometryBase + geometryPerEdgePixel × edge pixels`.
    public var geometryBase: Double = 0
    public var geometryPerEdgePixel: Double = 0.01
    /// Critical-alpha failures per edge pixel.
    public var criticalAlphaPerEdgePixel: Double = 0.005
    /// Flat-region failures per pixel of the image.
    public var flatPerPixel: Double = 0.0001
    /// The bias allowed: `biasPerContrast × mean contrast`, at least `minimumBias` levels.
    public var biasPerContrast: Double = 0.02
    public var minimumBias: Double = 1.5

    public init() {}
  }
}

import Strata

/// swift-snapshot-testing's two thresholds, `precision` and `perceptualPrecision`, with its
/// rule for images: the comparison lottie-ios's snapshot tests make against the pictures
/// Apple's Core Animation drew (see `Tests/LottieCorpus/README.md`).
///
/// The rule, from swift-snapshot-testing's `UIImage.swift` at the commit lottie-ios pins:
/// both images as 8-bit premultiplied sRGB; identical bytes pass. With a
/// `perceptualPrecision` below 1, a pixel fails when its ΔE94 (`DeltaE94`) from the
/// reference is over `(1 - perceptualPrecision) * 100`, and the image fails when the share
/// of pixels that match is under `precision`. With a `perceptualPrecision` of 1, the image
/// fails when more than `Int((1 - precision) * bytes)` bytes differ. The arithmetic is in
/// `Float` where Core Image and swift-snapshot-testing work in `Float`, so a verdict at the
/// threshold is theirs.
///
/// Users of swift-snapshot-testing know these knobs; they are loose for sparse pictures (a
/// 2-pixel shift of a mostly empty frame passes). Strata's own goldens use `Tolerance`'s
/// tiers, which are strict about geometry.
public struct SnapshotPrecision: Sendable, Hashable, CustomStringConvertible {
  /// The share of pixels (perceptual rule) or bytes (exact rule) that must match, 0...1.
  public var precision: Double
  /// How closely a pixel must match to count as matching: ΔE94 at most
  /// `(1 - perceptualPrecision) * 100`. 1 selects the exact byte rule.
  public var perceptualPrecision: Double

  public init(precision: Double = 1, perceptualPrecision: Double = 1) {
    precondition((0...1).contains(precision), "SnapshotPrecision.precision must be within 0...1")
    precondition((0...1).contains(perceptualPrecision), "SnapshotPrecision.perceptualPrecision must be within 0...1")
    self.precision = precision
    self.perceptualPrecision = perceptualPrecision
  }

  /// lottie-ios's settings: precision 0.985 (its default; some samples lower it) and
  /// perceptualPrecision 0.97, that is at most 1.5% of the pixels with ΔE94 over 3.
  public static let lottie = SnapshotPrecision(precision: 0.985, perceptualPrecision: 0.97)

  public var description: String { "precision \(precision), perceptual precision \(perceptualPrecision)" }

  /// The figures of one comparison and its verdict.
  public struct Result: Sendable, Hashable, Codable {
    /// Share of bytes that differ at all.
    public var differingByteFraction: Double
    /// Share of pixels with any byte different.
    public var differingPixelFraction: Double
    /// The exact byte rule's verdict (decides only when `perceptualPrecision` is 1).
    public var exactPassed: Bool
    /// The ΔE94 above which a pixel fails.
    public var deltaEThreshold: Float
    /// Share of pixels over `deltaEThreshold`.
    public var failingPixelFraction: Float
    /// Pixels over `deltaEThreshold`.
    public var failingPixels: Int
    /// The largest ΔE94 of any pixel.
    public var largestDeltaE: Float
    /// The perceptual rule's verdict (decides when `perceptualPrecision` is below 1).
    public var perceptualPassed: Bool
    public var passed: Bool
    /// Which rule decided: `identical bytes`, `perceptual` or `exact bytes`.
    public var decidedBy: String
  }

  /// Compares `actual` with `reference`, which must have the same size.
  ///
  /// `failing`, when given, receives one flag per pixel: over the ΔE94 threshold.
  ///
  /// - Complexity: O(width × height).
  public func compare(reference: Image, actual: Image, failing: ((Int) -> Void)? = nil) -> Result {
    precondition(
      reference.width == actual.width && reference.height == actual.height,
      "SnapshotPrecision.compare needs images of one size")
    // Packed, and in plain integer arithmetic: a debug build does not specialise SIMD
    // comparisons, and this loop runs over every pixel of every Lottie snapshot test.
    let e = PackedPixels.of(reference), a = PackedPixels.of(actual)
    let n = e.count
    var differentBytes = 0, differentPixels = 0, over = 0
    var largest: Float = 0
    let threshold = (1 - Float(perceptualPrecision)) * 100
    var i = 0
    while i < n {
      let p = e[i], q = a[i]
      if p != q {
        differentPixels += 1
        let x = p ^ q
        differentBytes += (x & 0xFF != 0 ? 1 : 0) + (x & 0xFF00 != 0 ? 1 : 0) + (x & 0xFF_0000 != 0 ? 1 : 0) + (x >> 24 != 0 ? 1 : 0)
        if x & 0xFF_FFFF != 0 {
          let d = Float(DeltaE94.difference(DeltaE94.lab(packed: p), DeltaE94.lab(packed: q)))
          largest = max(largest, d)
          if d > threshold {
            over += 1
            failing?(i)
          }
        }
      }
      i += 1
    }
    let byteCount = n * 4
    let allowedBytes = Int((1 - Float(precision)) * Float(byteCount))
    let failingFraction = Float(Double(over) / Double(n))
    let perceptualPassed = !(1 - failingFraction < Float(precision))
    let exactPassed = differentBytes <= allowedBytes
    let passed: Bool, decidedBy: String
    if differentBytes == 0 {
      (passed, decidedBy) = (true, "identical bytes")
    } else if precision >= 1 && perceptualPrecision >= 1 {
      (passed, decidedBy) = (false, "exact match required")
    } else if perceptualPrecision < 1 {
      (passed, decidedBy) = (perceptualPassed, "perceptual")
    } else {
      (passed, decidedBy) = (exactPassed, "exact bytes")
    }
    return Result(
      differingByteFraction: Double(differentBytes) / Double(byteCount),
      differingPixelFraction: Double(differentPixels) / Double(n), exactPassed: exactPassed,
      deltaEThreshold: threshold, failingPixelFraction: failingFraction, failingPixels: over,
      largestDeltaE: largest, perceptualPassed: perceptualPassed, passed: passed, decidedBy: decidedBy)
  }
}

extension SnapshotPrecision {
  /// The rule for swift-snapshot-testing-style arguments: nil when neither is given (Strata's
  /// tiers decide), otherwise the two with 1 for the one left out.
  public static func given(precision: Double?, perceptualPrecision: Double?) -> SnapshotPrecision? {
    guard precision != nil || perceptualPrecision != nil else { return nil }
    return SnapshotPrecision(precision: precision ?? 1, perceptualPrecision: perceptualPrecision ?? 1)
  }
}

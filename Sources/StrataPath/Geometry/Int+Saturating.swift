/// Checked conversions from floating point to integer sizes, counts, indices and pixel
/// coordinates.
///
/// `Int(_: Double)` traps on NaN, on infinities and on values past `Int.max`; scene files,
/// animations and arithmetic on large (but finite) numbers reach such values (a
/// `shadowRadius` of 1e12 times three, a position of 1e300 in device pixels). Every
/// conversion of an input-driven value goes through these instead: NaN becomes 0, and
/// everything else is clamped to `±Int.saturationLimit`, far outside any canvas
/// (16,384 pixels per side) yet small enough that sums and products of two such values
/// cannot overflow an `Int`. A coordinate clamped there is off the canvas either way, so the
/// clamp changes no pixel.
extension Int {
  /// 2^30 (about 1.07 billion): the largest magnitude a saturating conversion gives. A
  /// canvas is at most 16,384 pixels a side, and the sum or product of two values this
  /// large still fits an `Int`.
  public static let saturationLimit = 1 << 30

  /// `v` rounded towards zero, NaN as 0, clamped to `-limit...limit`.
  @inlinable
  public init(saturating v: Double, limit: Int = Int.saturationLimit) {
    let l = Double(limit)
    self = v.isNaN ? 0 : v >= l ? limit : v <= -l ? -limit : Int(v)
  }

  /// `v` rounded towards zero, NaN as 0, clamped to `-limit...limit`.
  @inlinable
  public init(saturating v: Float, limit: Int = Int.saturationLimit) {
    self.init(saturating: Double(v), limit: limit)
  }
}

extension Int32 {
  /// `v` rounded towards zero, NaN as 0, clamped to `±Int.saturationLimit` (which fits).
  @inlinable
  public init(saturating v: Double) { self = Int32(Int(saturating: v)) }

  /// `v` rounded towards zero, NaN as 0, clamped to `±Int.saturationLimit` (which fits).
  @inlinable
  public init(saturating v: Float) { self = Int32(Int(saturating: Double(v))) }
}

extension Double {
  /// `self` as a finite number of at most `limit` in magnitude; NaN as 0: what derived
  /// sizes (blur sigmas, radii, offsets in device pixels) are clamped to before they
  /// size anything.
  @inlinable
  public func clampedMagnitude(_ limit: Double) -> Double {
    isNaN ? 0 : Swift.min(Swift.max(self, -limit), limit)
  }
}

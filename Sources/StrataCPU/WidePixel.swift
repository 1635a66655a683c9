/// Premultiplied RGBA8 integer arithmetic on a pixel widened to 16-bit lanes (R, G, B, A):
/// bilinear filtering and source-over in the image loop. A 16-bit lane holds a byte times a
/// byte plus rounding, so each operation is one or two vector instructions for all four
/// channels, with no conversion to floats. Results equal GPUs' 8-bit filtering (weights of
/// 8 bits, rounded to nearest), and those of the `UInt32` two-channels-per-multiply form
/// this replaced, bit for bit.
enum WidePixel {
  typealias Lanes = SIMD4<UInt16>

  /// `p` with each channel in a 16-bit lane.
  @inline(__always)
  static func widen(_ p: SIMD4<UInt8>) -> Lanes { Lanes(truncatingIfNeeded: p) }

  /// Back to bytes; every lane must be at most 255.
  @inline(__always)
  static func narrow(_ p: Lanes) -> SIMD4<UInt8> { SIMD4<UInt8>(truncatingIfNeeded: p) }

  /// `a + (b − a)·f/256` per channel, rounded to nearest (as GPU filtering), f in 0…255:
  /// at most 255·256 + 128 before the shift, so no lane overflows.
  @inline(__always)
  static func lerp(_ a: Lanes, _ b: Lanes, _ f: UInt16) -> Lanes {
    (a &* (256 &- f) &+ b &* f &+ 128) &>> 8
  }

  /// Every channel times `k`/255 with rounding, k in 0…255 (exact for byte products).
  @inline(__always)
  static func mul255(_ p: Lanes, _ k: UInt16) -> Lanes {
    let t = p &* k &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// Each channel times the same channel of `k`/255 with rounding (a sprite's colour
  /// tint), lanes of `k` in 0…255.
  @inline(__always)
  static func mul255(_ p: Lanes, _ k: Lanes) -> Lanes {
    let t = p &* k &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// Plus-lighter: `src + dst`, saturating per channel (additive sprites).
  @inline(__always)
  static func plus(_ src: Lanes, _ dst: Lanes) -> Lanes {
    pointwiseMin(src &+ dst, Lanes(repeating: 255))
  }

  /// Premultiplied source-over: `src + dst·(255 − src.a)/255`, saturating per channel.
  @inline(__always)
  static func over(_ src: Lanes, _ dst: Lanes) -> Lanes {
    (src &+ mul255(dst, 255 &- src.w)).clamped(lowerBound: .zero, upperBound: Lanes(repeating: 255))
  }
}

/// Premultiplied RGBA8 integer arithmetic on a pixel widened to 16-bit lanes (R, G, B, A),
/// the form of bilinear filtering and source-over in the image loop: a 16-bit lane holds a
/// byte times a byte plus rounding, so each operation is one or two vector instructions for
/// all four channels, several times faster than per-channel floats. Results equal GPUs'
/// 8-bit filtering (weights of 8 bits, rounded to nearest).
enum PackedPixel {
  typealias Wide = SIMD4<UInt16>

  /// `p` with each channel in a 16-bit lane.
  @inline(__always)
  static func widen(_ p: SIMD4<UInt8>) -> Wide { Wide(truncatingIfNeeded: p) }

  /// Back to bytes; every lane must be at most 255.
  @inline(__always)
  static func narrow(_ p: Wide) -> SIMD4<UInt8> { SIMD4<UInt8>(truncatingIfNeeded: p) }

  /// `a + (b − a)·f/256` per channel, rounded to nearest (as GPU filtering), f in 0…255:
  /// at most 255·256 + 128 before the shift, so no lane overflows.
  @inline(__always)
  static func lerp(_ a: Wide, _ b: Wide, _ f: UInt16) -> Wide {
    (a &* (256 &- f) &+ b &* f &+ 128) &>> 8
  }

  /// Every channel times `k`/255 with rounding, k in 0…255 (exact for byte products).
  @inline(__always)
  static func mul255(_ p: Wide, _ k: UInt16) -> Wide {
    let t = p &* k &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// Premultiplied source-over: `src + dst·(255 − src.a)/255`, saturating per channel.
  @inline(__always)
  static func over(_ src: Wide, _ dst: Wide) -> Wide {
    (src &+ mul255(dst, 255 &- src.w)).clamped(lowerBound: .zero, upperBound: Wide(repeating: 255))
  }
}

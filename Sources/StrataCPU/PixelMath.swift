// The pixel loops read a pixel's bytes R, G, B, A as one little-endian UInt32.
#if !_endian(little)
#error("Strata's pixel loops need a little-endian machine")
#endif

/// Conversions between 0…255 floats, bytes and packed pixels that compile to a few vector
/// instructions (the standard library's generic SIMD conversions do not).
enum PixelMath {
  /// Rounds each lane (which must lie in 0…255.5) to the nearest byte: adding 1.5 · 2^23
  /// leaves the rounded integer in the low bits of the significand. (Lane by lane
  /// `bitPattern` compiles to the same single vector instruction as a bit cast.)
  @inline(__always)
  static func bytes(_ v: SIMD4<Float>) -> SIMD4<UInt8> {
    let m = v + SIMD4<Float>(repeating: 12_582_912)
    return SIMD4<UInt8>(truncatingIfNeeded: SIMD4<UInt32>(m.x.bitPattern, m.y.bitPattern, m.z.bitPattern, m.w.bitPattern))
  }

  /// `bytes(v)` as a packed pixel (R in the low bits).
  @inline(__always)
  static func packed(_ v: SIMD4<Float>) -> UInt32 { pack(bytes(v)) }

  /// The bytes R, G, B, A as one packed pixel (compiles to a register move).
  @inline(__always)
  static func pack(_ b: SIMD4<UInt8>) -> UInt32 {
    UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
  }

  /// A packed pixel's bytes R, G, B, A (compiles to a register move).
  @inline(__always)
  static func unpack(_ p: UInt32) -> SIMD4<UInt8> {
    SIMD4(
      UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: p >> 16),
      UInt8(truncatingIfNeeded: p >> 24))
  }

  /// A packed pixel as 0…255 floats.
  @inline(__always)
  static func floats(_ p: UInt32) -> SIMD4<Float> { SIMD4<Float>(unpack(p)) }
}

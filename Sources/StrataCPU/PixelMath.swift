/// Conversions between 0…255 floats and bytes that compile to a few vector instructions
/// (the standard library's generic SIMD conversions do not).
enum PixelMath {
  /// 1.5 · 2^23: adding it to a float in 0…2^22 leaves the integer, rounded to nearest,
  /// in the low bits of the significand.
  @usableFromInline static let magic = SIMD4<Float>(repeating: 12_582_912)

  /// Rounds each lane (which must lie in 0…255) to the nearest byte.
  @inline(__always)
  static func bytes(_ v: SIMD4<Float>) -> SIMD4<UInt8> {
    SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(v + magic, to: SIMD4<UInt32>.self))
  }
}

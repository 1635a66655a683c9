/// Conversions between 0…255 floats and bytes that compile to a few vector instructions
/// (the standard library's generic SIMD conversions do not).
enum PixelMath {
  /// Rounds each lane (which must lie in 0…255.5) to the nearest byte: adding 1.5 · 2^23
  /// leaves the rounded integer in the low bits of the significand.
  @inline(__always)
  static func bytes(_ v: SIMD4<Float>) -> SIMD4<UInt8> {
    SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(v + SIMD4<Float>(repeating: 12_582_912), to: SIMD4<UInt32>.self))
  }
}

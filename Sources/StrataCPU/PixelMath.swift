/// Conversion of 0…255 floats to pixels (`SIMD4<UInt8>`, R, G, B, A), written so that it
/// compiles to a few vector instructions (the standard library's generic SIMD conversions
/// do not).
enum PixelMath {
  /// Rounds each lane (which must lie in 0…255.5) to the nearest byte: adding 1.5 · 2^23
  /// leaves the rounded integer in the low bits of the significand. (Lane by lane
  /// `bitPattern` compiles to the same single vector instruction as a bit cast.)
  @inline(__always)
  static func bytes(_ v: SIMD4<Float>) -> SIMD4<UInt8> {
    let m = v + SIMD4<Float>(repeating: 12_582_912)
    return SIMD4<UInt8>(truncatingIfNeeded: SIMD4<UInt32>(m.x.bitPattern, m.y.bitPattern, m.z.bitPattern, m.w.bitPattern))
  }
}

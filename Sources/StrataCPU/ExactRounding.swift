/// `rounded(.up)` and `rounded()` of `Float` without a library call: on the baseline
/// x86-64 target (no SSE4.1) each is a call to `ceilf` or `roundf`, and the image loops'
/// per-row setup (the row's span, its inside run, its fixed-point texel start) made ten of
/// them a row, more than a 32-pixel sprite row's own pixels cost. Both give the library's
/// result for every input: below 2^22 in magnitude by the 1.5 · 2^23 trick (adding it
/// leaves the integer nearest `x`, ties to even, and taking it off again is exact), else
/// (large, infinite or NaN) by the library itself. A zero may come out with the other
/// sign (`ceil(-0.5)` as +0), which no caller sees: each converts the result to an integer.
enum ExactRounding {
  /// The integer nearest `x`, ties to even; only for |x| < 2^22.
  @inline(__always)
  static func nearestEven(_ x: Float) -> Float { (x + 12_582_912) - 12_582_912 }

  /// `x.rounded(.up)`, up to the sign of zero.
  @inline(__always)
  static func ceil(_ x: Float) -> Float {
    guard abs(x) < 0x1p22 else { return x.rounded(.up) }
    let r = nearestEven(x)
    return r < x ? r + 1 : r
  }

  /// `x.rounded()` (to nearest, ties away from zero), up to the sign of zero.
  @inline(__always)
  static func round(_ x: Float) -> Float {
    guard abs(x) < 0x1p22 else { return x.rounded() }
    let r = nearestEven(x)
    // A tie (x − r exact, ±0.5) goes away from zero; x ± 0.5 is then a whole number.
    if abs(x - r) == 0.5 { return x > 0 ? x + 0.5 : x - 0.5 }
    return r
  }

  /// `x.rounded(.down)` lane by lane, for lanes in 0…2^22 (the caller's contract: no
  /// fallback). In vector instructions: `rounded(.down)` on `SIMD4<Float>` calls libm's
  /// `floorf` per lane on baseline x86-64, which has no SSE4.1 `roundps`.
  @inline(__always)
  static func floor(_ x: SIMD4<Float>) -> SIMD4<Float> {
    let r = (x + 12_582_912) - 12_582_912
    return r.replacing(with: r - 1, where: r .> x)
  }
}

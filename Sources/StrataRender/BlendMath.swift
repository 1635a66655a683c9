/// The separable blend modes on premultiplied colour (W3C Compositing and Blending Level 1),
/// shared by both backends (`Shaders/blend.glsl` mirrors it; `ShaderMirrorTests` checks).
///
/// `result = (1 − αb)·Cs' + (1 − αs)·Cb' + αs·αb·B(Cs, Cb)` per colour channel, with the
/// unpremultiplied source Cs and backdrop Cb; alpha is source-over. Plus-lighter adds and
/// saturates.
public enum BlendMath {
  @inlinable @inline(__always)
  public static func channel(_ mode: BlendMode, _ cs: Float, _ cb: Float) -> Float {
    switch mode {
    case .sourceOver, .plusLighter: return cs
    case .multiply: return cs * cb
    case .screen: return cs + cb - cs * cb
    case .overlay: return hardLight(cb, cs)
    case .darken: return min(cs, cb)
    case .lighten: return max(cs, cb)
    case .colorDodge:
      if cb == 0 { return 0 }
      return cs >= 1 ? 1 : min(1, cb / (1 - cs))
    case .colorBurn:
      if cb >= 1 { return 1 }
      return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
    case .hardLight: return hardLight(cs, cb)
    case .softLight:
      if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
      let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
      return cb + (2 * cs - 1) * (d - cb)
    case .difference: return abs(cs - cb)
    case .exclusion: return cs + cb - 2 * cs * cb
    }
  }

  @inlinable @inline(__always)
  static func hardLight(_ cs: Float, _ cb: Float) -> Float {
    cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
  }

  /// Blends premultiplied `src` over premultiplied `dst` (components 0…1).
  @inlinable
  public static func blend(_ mode: BlendMode, src s: SIMD4<Float>, dst d: SIMD4<Float>) -> SIMD4<Float> {
    let sa = s.w, da = d.w
    if mode == .plusLighter { return (s + d).clamped(lowerBound: .zero, upperBound: .one) }
    if mode == .sourceOver || da <= 0 || sa <= 0 { return s + d * (1 - sa) }
    var out = SIMD4<Float>(0, 0, 0, sa + da - sa * da)
    for c in 0..<3 {
      let cs = s[c] / sa, cb = d[c] / da
      out[c] = (1 - da) * s[c] + (1 - sa) * d[c] + sa * da * channel(mode, cs, cb)
    }
    return out
  }
}

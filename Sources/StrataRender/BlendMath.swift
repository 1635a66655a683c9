/// The blend modes on premultiplied colour (W3C Compositing and Blending Level 1), shared by
/// both backends (`Shaders/blend.glsl` mirrors it; `ShaderMirrorTests` checks).
///
/// `result = (1 − αb)·Cs' + (1 − αs)·Cb' + αs·αb·B(Cs, Cb)` per colour channel, with the
/// unpremultiplied source Cs and backdrop Cb; alpha is source-over. Plus-lighter adds and
/// saturates. The non-separable modes (hue, saturation, color, luminosity) compute B on the
/// whole colour, with the specification's Lum, ClipColor, SetLum, Sat and SetSat.
public enum BlendMath {
  @inlinable @inline(__always)
  public static func channel(_ mode: BlendMode, _ cs: Float, _ cb: Float) -> Float {
    switch mode {
    case .sourceOver, .plusLighter, .hue, .saturation, .color, .luminosity: return cs
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
    if let b = nonSeparable(mode, cs: SIMD3(s.x, s.y, s.z) / sa, cb: SIMD3(d.x, d.y, d.z) / da) {
      for c in 0..<3 { out[c] = (1 - da) * s[c] + (1 - sa) * d[c] + sa * da * b[c] }
      return out
    }
    for c in 0..<3 {
      let cs = s[c] / sa, cb = d[c] / da
      out[c] = (1 - da) * s[c] + (1 - sa) * d[c] + sa * da * channel(mode, cs, cb)
    }
    return out
  }

  /// B(Cs, Cb) of the non-separable modes on straight colour; nil for the separable ones.
  @inlinable
  public static func nonSeparable(_ mode: BlendMode, cs: SIMD3<Float>, cb: SIMD3<Float>) -> SIMD3<Float>? {
    switch mode {
    case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: return setLum(cs, lum(cb))
    case .luminosity: return setLum(cb, lum(cs))
    default: return nil
    }
  }

  @inlinable static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

  @inlinable static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
    let l = lum(c), n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
    var out = c
    if n < 0 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * (l / (l - n)) }
    if x > 1 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * ((1 - l) / (x - l)) }
    return out
  }

  @inlinable static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
    clipColor(c + SIMD3(repeating: l - lum(c)))
  }

  @inlinable static func sat(_ c: SIMD3<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

  /// The colour with saturation `s` and its hue: the largest component becomes `s`, the
  /// smallest 0 and the middle one keeps its place between them.
  @inlinable static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
    let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
    guard x > n else { return .zero }
    return (c - SIMD3(repeating: n)) * (s / (x - n))
  }
}

import Strata

extension Draw {
  /// The colour of a hard-edged solid rectangle as whole levels (0…255, premultiplied, the
  /// opacity in), or nil for any other draw: what both backends blend it with (README
  /// "Rendering semantics"), so that a covered pixel is level + dst · (1 − alpha level /
  /// 255), rounded, on each. The GPU gives its SIMPLE solids these levels (8-bit blending
  /// quantises its source to them anyway, and llvmpipe's linear rasteriser truncates any
  /// other value: strata-fuzz seed 774); the CPU blended the unrounded colour and was a
  /// level apart on translucent layers (seed 105795).
  ///
  /// A solid rectangle, or a rounded one (circular corners) in an affine plane, without
  /// soft edges, polygon cut or clip that needs coverage (`coverageClip`), not plus-lighter
  /// (whose draws round themselves, `AdditiveLevels`). Computed once, in double precision,
  /// for both backends. `c` is the draw's solid paint: the caller has looked at the paint
  /// already (matching it again here copied it, an image's reference count included, for
  /// every draw of a frame).
  public func wholeLevels(_ c: PremultipliedColor, coverageClip: Bool) -> SIMD4<Double>? {
    guard blendMode != .plusLighter, !coverageClip, polygon == nil, edgeAntialiasing.isEmpty else { return nil }
    switch shape {
    case .rect: break
    case .roundedRect(let r) where r.isZero || (!r.continuous && map.toDevice.isAffine): break
    default: return nil
    }
    let o = min(max(opacity, 0), 1)
    let v = SIMD4(c.red, c.green, c.blue, c.alpha) * o
    return (pointwiseMin(pointwiseMax(v, .zero), SIMD4(repeating: 1)) * 255).rounded(.toNearestOrAwayFromZero)
  }
}

/// Animated values obey the rules values read from files obey.
///
/// A scene file cannot give a layer a negative `shadowRadius`, an `opacity` of 3 or a NaN,
/// but an animation can produce them at time t: a `toValue` past the range, a spring's
/// overshoot, a cumulative animation in its millionth repeat, arithmetic that overflows to
/// infinity. The presentation copy at t is therefore cleaned once, here, for every
/// animated property, before anything downstream (snapshot, compiler, renderers) sees it:
///
/// - a value with a non-finite component (NaN, ±∞) is not written: the property keeps the
///   value beneath it (the model's, or an earlier animation's), see `AnimatableKeyPath.set`;
/// - a finite value outside its property's domain is clamped into it: opacities and
///   `strokeStart`/`strokeEnd` to 0…1, radii, widths, sizes and `miterLimit` to ≥ 0,
///   scales and `fontSize` to > 0 (the model's value when not positive).
///
/// Large finite values inside the domain (a `shadowRadius` of 1e13) are legal, as they are in
/// files; the render-list compiler clamps what they derive to documented limits (`Limits`).
extension Layer {
  /// Clamps the properties animations wrote on this presentation copy into their domains.
  func clampAnimatedValues() {
    guard let model = animationState.model else { return }
    func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
    func nonNegative(_ v: Double) -> Double { max(v, 0) }
    func positive(_ v: Double, else fallback: Double) -> Double { v > 0 ? v : fallback }
    opacity = unit(opacity)
    shadowOpacity = unit(shadowOpacity)
    shadowRadius = nonNegative(shadowRadius)
    cornerRadius = nonNegative(cornerRadius)
    borderWidth = nonNegative(borderWidth)
    var b = bounds
    b.size = Size(nonNegative(b.size.width), nonNegative(b.size.height))
    bounds = b
    var r = contentsRect
    r.size = Size(nonNegative(r.size.width), nonNegative(r.size.height))
    contentsRect = r
    contentsScale = positive(contentsScale, else: model.contentsScale)
    rasterizationScale = positive(rasterizationScale, else: model.rasterizationScale)
    if let s = self as? ShapeLayer {
      s.lineWidth = nonNegative(s.lineWidth)
      s.miterLimit = nonNegative(s.miterLimit)
      s.strokeStart = unit(s.strokeStart)
      s.strokeEnd = unit(s.strokeEnd)
    }
    if let t = self as? TextLayer, let m = model as? TextLayer {
      t.fontSize = positive(t.fontSize, else: m.fontSize)
    }
  }
}

extension AnimationValue {
  /// Whether every component is finite (paths and strings count as finite).
  var isFinite: Bool {
    switch self {
    case .path, .text: true
    default: components.allSatisfy(\.isFinite)
    }
  }
}

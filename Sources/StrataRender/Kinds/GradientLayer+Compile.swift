import Strata

/// `GradientLayer`'s compile step: one gradient draw that fills the layer's rounded shape
/// (`fillLayerShape`), whether or not the layer masks to its bounds, in the layer's plane
/// with the bounds as the unit square. Both backends evaluate it per pixel with
/// `GradientMath` (no lookup table), so they agree to rounding.
extension GradientLayer.Snapshot: LayerKindCompiling {
  public func compile(into context: inout LayerKindContext) {
    guard let paint = paint(unitRect: context.bounds) else { return }
    context.fillLayerShape(with: paint, part: "gradient")
  }

  /// The paint, or nil when the gradient draws nothing: no colours, a `locations` count
  /// other than the colours' (as in Core Animation), nothing visible, or a value that is
  /// not finite.
  ///
  /// The choices where Core Animation leaves the result undefined (README, "Rendering
  /// semantics"): a location smaller than the one before it counts as that one (a hard
  /// stop), locations outside 0…1 are kept (the pad colours then start later, or the ends
  /// are never reached), colour components are clamped to 0…1 (an overshooting spring),
  /// and one colour fills the shape.
  func paint(unitRect: Rect) -> Paint? {
    guard !colors.isEmpty, !unitRect.isEmpty, colors.contains(where: { $0.alpha > 0 }) else { return nil }
    let given = locations ?? GradientLayer.evenlySpaced(colors.count)
    guard given.count == colors.count, given.allSatisfy(\.isFinite), colors.allSatisfy(\.isFinite),
      [startPoint.x, startPoint.y, endPoint.x, endPoint.y].allSatisfy(\.isFinite)
    else { return nil }
    let clamped = colors.map { Color(Self.unit($0.red), Self.unit($0.green), Self.unit($0.blue), Self.unit($0.alpha)) }
    if clamped.count == 1 { return .solid(clamped[0].premultiplied) }
    var stops: [GradientStop] = []
    var last = -Double.infinity
    for (l, c) in zip(given, clamped) {
      last = max(last, l)
      stops.append(GradientStop(last, c))
    }
    return .gradient(GradientPaint(kind: Self.kind(type), start: startPoint, end: endPoint, stops: stops, unitRect: unitRect))
  }

  private static func unit(_ v: Double) -> Double { min(max(v, 0), 1) }

  private static func kind(_ t: GradientLayerType) -> GradientPaint.Kind {
    switch t {
    case .axial: .axial
    case .radial: .radial
    case .conic: .conic
    }
  }
}

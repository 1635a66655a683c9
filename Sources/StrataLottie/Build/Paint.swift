import Strata
import StrataPath

/// Lottie colours and stroke styles as Core Animation properties.
enum Paint {
  /// A colour value `[r, g, b(, a)]` in 0…1 as written, or in 0…255 (older exporters),
  /// scaled to 0…1. Decided per value, before any interpolation, as lottie-ios decodes a
  /// `LottieColor`: the value is in 0…255 when r, g, b and a (1 when absent) all exceed 1.
  /// Deciding after interpolating would turn an eased white that overshoots 1 into
  /// 1/255 grey.
  static func unitScale(_ v: [Double]) -> [Double] {
    guard v.count >= 3 else { return v }
    let a = v.count > 3 ? v[3] : 1
    guard v[0] > 1, v[1] > 1, v[2] > 1, a > 1 else { return v }
    return v.enumerated().map { $0.offset < 4 ? $0.element / 255 : $0.element }
  }

  /// The colour of a fill or stroke: `[r, g, b(, a)]` in 0…1 (scaled by `unitScale` when
  /// decoded), clamped. The alpha is always 1, as lottie-ios draws it: a colour's fourth
  /// value is not used; a fill's or stroke's opacity is its `o`.
  static func opaqueColor(_ v: [Double]) -> Color {
    func unit(_ x: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : 0 }
    return Color(unit(v[safe: 0] ?? 0), unit(v[safe: 1] ?? 0), unit(v[safe: 2] ?? 0), 1)
  }

  /// A Lottie colour `[r, g, b(, a)]` in 0…1 with its alpha (gradient stops, whose
  /// opacity stops give the alpha), clamped.
  static func color(_ v: [Double]) -> Color {
    func unit(_ x: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : 0 }
    return Color(unit(v[safe: 0] ?? 0), unit(v[safe: 1] ?? 0), unit(v[safe: 2] ?? 0), v.count > 3 ? unit(v[3]) : 1)
  }

  static func percent(_ v: [Double]) -> Double {
    let x = (v.first ?? 100) / 100
    return x.isFinite ? min(max(x, 0), 1) : 0
  }

  /// Sets the stroke properties of `layer` at `frame` (colour aside).
  static func applyStroke(_ s: ShapeItem.StrokeStyle, to layer: ShapeLayer, at frame: Double) {
    let w = s.width.value(at: frame)[0]
    layer.lineWidth = w.isFinite ? max(w, 0) : 0
    layer.lineCap = s.cap == 1 ? .butt : s.cap == 3 ? .square : .round
    layer.lineJoin = s.join == 1 ? .miter : s.join == 3 ? .bevel : .round
    layer.miterLimit = s.miterLimit.isFinite ? max(s.miterLimit, 1) : 4
    let dashes = s.dashes.map { $0.first[0] }.map { $0.isFinite ? max($0, 0) : 0 }
    layer.lineDashPattern = dashes.contains { $0 > 0 } ? dashes : []
    let phase = s.dashOffset?.value(at: frame)[0] ?? 0
    layer.lineDashPhase = phase.isFinite ? phase : 0
  }

  /// The part of a path a trim keeps at `frame`, as lottie-ios expresses it with
  /// `strokeStart`/`strokeEnd`: start and end are percentages, the offset turns both
  /// by degrees (360 a whole path). Ranges that wrap past the end stroke a path drawn
  /// twice, halved; `nil` when nothing is left.
  static func trimRange(_ t: ShapeItem.Trim, at frame: Double) -> (start: Double, end: Double, doubled: Bool)? {
    let s = t.start.value(at: frame)[0] / 100, e = t.end.value(at: frame)[0] / 100, o = t.offset.value(at: frame)[0] / 360
    guard s.isFinite, e.isFinite, o.isFinite else { return nil }
    var a = min(max(min(s, e), 0), 1), b = min(max(max(s, e), 0), 1)
    if b - a >= 1 { return (0, 1, false) }
    if b - a <= 0 { return nil }
    a += o
    b += o
    let shift = a.rounded(.down)
    a -= shift
    b -= shift
    if b <= 1 { return (a, b, false) }
    return (a / 2, b / 2, true)
  }
}

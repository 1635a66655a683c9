import Strata
import StrataPath

/// Gradient fills and strokes as lottie-ios draws them: a `CAGradientLayer` masked by
/// the shape (filled, or stroked). The gradient layer is laid over the shape's bounding
/// box made square (so that radial radii are the same in x and y, as lottie-ios gets them
/// from its padded square layer); past its end stops the end colours continue, so the
/// box is enough. Opacity stops are merged into the colours: between two neighbouring
/// stop locations both colour and opacity are linear, which is what lottie-ios's second,
/// alpha-only gradient used as a mask gives.
struct GradientBuilder {
  let time: TimeMap

  // The mask is copied into a presentation after the layer's animations ran, so the
  // mask's shape has a driver of its own.
  func fill(_ g: ShapeItem.GradientFill, _ c: [ShapeBuilder.Contribution]) -> Layer {
    let (layer, mask) = make()
    mask.fillColor = .black
    mask.fillRule = g.evenOdd ? .evenOdd : .nonZero
    let path = ShapeBuilder.StylePath(c, time: time)
    mask.drive(time) { l, f in (l as? ShapeLayer)?.path = path.at(f) }
    let gradient = g.gradient
    layer.drive(time) { l, f in
      guard let gl = l as? GradientLayer else { return }
      Self.place(gl, gradient, around: path.at(f).boundingBox, margin: 0, at: f)
    }
    return layer
  }

  func stroke(_ g: ShapeItem.GradientStroke, _ c: [ShapeBuilder.Contribution], trim: ShapeItem.Trim?) -> Layer {
    let (layer, mask) = make()
    mask.fillColor = nil
    mask.strokeColor = .black
    let gradient = g.gradient, style = g.style
    let path = ShapeBuilder.StylePath(c, time: time)
    mask.drive(time) { l, f in
      guard let m = l as? ShapeLayer else { return }
      Paint.applyStroke(style, to: m, at: f)
      m.strokeColor = m.lineWidth > 0 ? .black : nil
      ShapeBuilder.applyTrim(trim, path: path.at(f), to: m, at: f)
    }
    layer.drive(time) { l, f in
      guard let gl = l as? GradientLayer else { return }
      let width = max(style.width.value(at: f)[0], 0)
      let margin = (width.isFinite ? width : 0) * max(style.miterLimit, 1) + 1
      Self.place(gl, gradient, around: path.at(f).boundingBox, margin: margin, at: f)
      gl.opacity *= Paint.percent(style.opacity.value(at: f))
    }
    return layer
  }

  private func make() -> (GradientLayer, ShapeLayer) {
    let layer = GradientLayer()
    layer.anchorPoint = .zero
    let mask = ShapeLayer()
    mask.anchorPoint = .zero
    layer.mask = mask
    return (layer, mask)
  }

  /// Sets the gradient layer's frame, points, colours and opacity at `f`.
  static func place(_ l: GradientLayer, _ g: ShapeItem.Gradient, around box: PathRect?, margin: Double, at f: Double) {
    guard let box, box.isFinite else {
      l.colors = []
      return
    }
    let side = max(box.width, box.height, 1) + 2 * margin
    let origin = Point(box.minX - margin, box.minY - margin)
    l.bounds = Rect(origin.x, origin.y, side, side)
    l.position = origin
    let s = g.start.value(at: f), e = g.end.value(at: f)
    let start = Point(((s[safe: 0] ?? 0) - origin.x) / side, ((s[safe: 1] ?? 0) - origin.y) / side)
    var end = Point(((e[safe: 0] ?? 0) - origin.x) / side, ((e[safe: 1] ?? 0) - origin.y) / side)
    l.type = g.type == 2 ? .radial : .axial
    if g.type == 2 {
      let r = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
      end = Point(start.x + r, start.y + r)
    }
    l.startPoint = start
    l.endPoint = end
    let (colors, locations) = stops(g.stops.value(at: f), colorCount: g.colorCount)
    l.colors = colors
    l.locations = locations
    l.opacity = Paint.percent(g.opacity.value(at: f))
  }

  /// Lottie's stop list, `count` colour stops `(offset, r, g, b)` then opacity stops
  /// `(offset, alpha)`, as colours with alpha at the union of the locations.
  static func stops(_ k: [Double], colorCount: Int) -> ([Color], [Double]) {
    let n = colorCount > 0 ? min(colorCount, k.count / 4) : k.count / 4
    guard n > 0 else { return ([], []) }
    var colorStops: [(Double, [Double])] = []
    for i in 0..<n {
      let rgb: [Double] = [k[4 * i + 1], k[4 * i + 2], k[4 * i + 3]]
      colorStops.append((k[4 * i], rgb))
    }
    var alphaStops: [(Double, [Double])] = []
    var i = 4 * n
    while i + 1 < k.count {
      alphaStops.append((k[i], [k[i + 1]]))
      i += 2
    }
    var all: [Double] = colorStops.map { $0.0 }
    all += alphaStops.map { $0.0 }
    let locations = Array(Set(all.filter { $0.isFinite })).sorted()
    let colors = locations.map { t -> Color in
      let rgb = sample(colorStops, t)
      let a = alphaStops.isEmpty ? 1 : sample(alphaStops, t)[0]
      return Paint.color(rgb + [a])
    }
    return (colors, locations)
  }

  /// A stop list whose colour stops are in 0…255 (older exporters: a colour component
  /// above 1) scaled to 0…1; decided per keyframe value, before interpolation.
  static func unitScaledStops(_ k: [Double], colorCount: Int) -> [Double] {
    let n = colorCount > 0 ? min(colorCount, k.count / 4) : k.count / 4
    var out = k
    let isByteScaled = (0..<n).contains { i in (1...3).contains { k[4 * i + $0] > 1 } }
    guard isByteScaled else { return k }
    for i in 0..<n { for c in 1...3 { out[4 * i + c] /= 255 } }
    return out
  }

  /// Piecewise-linear interpolation of stops sorted by offset, the ends held.
  private static func sample(_ stops: [(Double, [Double])], _ t: Double) -> [Double] {
    guard let first = stops.first, let last = stops.last else { return [] }
    if t <= first.0 { return first.1 }
    if t >= last.0 { return last.1 }
    for j in 1..<stops.count where t <= stops[j].0 {
      let (a, b) = (stops[j - 1], stops[j])
      let u = b.0 > a.0 ? (t - a.0) / (b.0 - a.0) : 1
      return a.1.interpolated(to: b.1, u)
    }
    return last.1
  }
}

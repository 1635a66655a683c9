import Strata
import StrataPath

/// A layer's masks (`masksProperties`) as Core Animation masks.
///
/// Add, subtract and intersect are built as lottie-ios builds them: each mask a shape layer
/// whose fill alpha is the mask's opacity; an inverted mask fills a huge rectangle around
/// its path even-odd. Masks combine in order: consecutive adds are one mask layer (their
/// union); each subtract or intersect is a further mask on a layer nested inside, so it cuts
/// what the masks before it left (a subtract's mask read inverted, `MaskMode.invertedAlpha`).
///
/// Lighten, darken and difference (which lottie-ios draws as add, intersect and intersect)
/// combine coverages by maximum, minimum and difference, as After Effects does. Their
/// masks are one layer read by its luminance (`MaskMode.luminance`): it starts black (or
/// white when the first mask subtracts, intersects or darkens) and each mask is drawn over
/// it in its mode's colour and blend mode, so the coverage so far is the colour.
///
/// Mask expansion (`x`) grows a mask by a round-joined stroke of twice the expansion, or
/// shrinks it by cutting such a stroke out.
struct MaskBuilder {
  let time: TimeMap

  /// How far the rectangle of an inverted mask reaches around the layer, in points.
  static let farAway = 100_000.0

  /// One mask of the layer holding the masks, and how it reads it.
  struct Level {
    var layer: Layer
    var mode: MaskMode
  }

  /// The mask levels, outermost first; empty when the layer has no (active) masks.
  func levels(_ masks: [LayerModel.Mask], size: (Double, Double)) -> [Level] {
    let active = masks.filter { $0.mode != "n" }
    if active.contains(where: { "ldf".contains($0.mode) }) { return [luminanceLevel(active)] }
    var levels: [[LayerModel.Mask]] = []
    var lastWasAdd = false
    for m in active {
      let isAdd = m.mode != "s" && m.mode != "i"
      if isAdd && lastWasAdd {
        levels[levels.count - 1].append(m)
      } else {
        levels.append([m])
      }
      lastWasAdd = isAdd
    }
    return levels.map { level in
      let layer = Layer()
      layer.anchorPoint = .zero
      layer.bounds = Rect(0, 0, size.0, size.1)
      for m in level { layer.adopt(coverage(m, inverted: m.inverted, colour: .black)) }
      // A subtracted mask of opacity o leaves 1 − o where its path covers (After Effects;
      // lottie-ios leaves o outside and 0 inside, the same at full opacity).
      return Level(layer: layer, mode: level[0].mode == "s" ? .invertedAlpha : .alpha)
    }
  }

  /// Every mask in one layer whose luminance is the coverage.
  private func luminanceLevel(_ masks: [LayerModel.Mask]) -> Level {
    let level = Self.farLayer()
    level.backgroundColor = "sid".contains(masks[0].mode) ? .white : .black
    for m in masks {
      let inverted = m.inverted
      switch m.mode {
      case "s": level.adopt(coverage(m, inverted: inverted, colour: .black))
      case "i", "d":
        // Multiplied (intersect) or the minimum (darken) with the mask's coverage, 0 outside it.
        let group = Self.farLayer()
        group.backgroundColor = .black
        group.compositingFilter = m.mode == "i" ? .multiplyBlendMode : .darkenBlendMode
        group.adopt(coverage(m, inverted: inverted, colour: .white))
        level.adopt(group)
      case "l", "f":
        // The mask's opacity as an opaque grey: the maximum or the difference where it covers.
        let grey = coverage(m, inverted: inverted, colour: .white, opacityAsGrey: true)
        grey.compositingFilter = m.mode == "l" ? .lightenBlendMode : .differenceBlendMode
        level.adopt(grey)
      default: level.adopt(coverage(m, inverted: inverted, colour: .white))
      }
    }
    return Level(layer: level, mode: .luminance)
  }

  /// A layer far larger than any canvas, at the layer's origin.
  static func farLayer() -> Layer {
    let far = farAway
    let l = Layer()
    l.anchorPoint = .zero
    l.bounds = Rect(-far, -far, 2 * far, 2 * far)
    l.position = Point(-far, -far)
    return l
  }

  /// A layer that paints the mask's area (outside its path when `inverted`) in `colour`
  /// at the mask's opacity, or, with `opacityAsGrey`, in the opaque grey of that opacity.
  private func coverage(_ m: LayerModel.Mask, inverted: Bool, colour: Color, opacityAsGrey: Bool = false) -> Layer {
    guard let expansion = m.expansion else { return shape(m, inverted: inverted, colour: colour, opacityAsGrey: opacityAsGrey) }
    let opacity = m.opacity
    @Sendable func paint(_ f: Double) -> (Color, Double) {
      let o = Paint.percent(opacity.value(at: f))
      return opacityAsGrey ? (Color(o, o, o, 1), 1) : (colour, o)
    }
    guard inverted else {
      let grown = expanded(m, expansion) { paint($0).0 }
      grown.drive(time) { l, f in l.opacity = paint(f).1 }
      return grown
    }
    let target = Self.farLayer()
    target.mask = expanded(m, expansion) { _ in .black }
    target.maskMode = .invertedAlpha
    target.drive(time) { l, f in (l.backgroundColor, l.opacity) = paint(f) }
    return target
  }

  /// The mask's path filled, grown by a round-joined stroke of twice a positive expansion,
  /// and with a stroke of twice a negative one cut out (both, so the sign may change), in
  /// `colour` at each frame.
  private func expanded(
    _ m: LayerModel.Mask, _ expansion: Animated<[Double]>, colour: @escaping @Sendable (Double) -> Color
  ) -> Layer {
    let group = Layer()
    group.anchorPoint = .zero
    let fill = ShapeLayer()
    fill.anchorPoint = .zero
    fill.strokeColor = nil
    let cut = ShapeLayer()
    cut.anchorPoint = .zero
    cut.fillColor = nil
    cut.strokeColor = .black
    cut.lineJoin = .round
    fill.mask = cut
    fill.maskMode = .invertedAlpha
    let grow = ShapeLayer()
    grow.anchorPoint = .zero
    grow.fillColor = nil
    grow.lineJoin = .round
    group.adopt(fill)
    group.adopt(grow)
    let path = m.path
    // 0: the fill, -1: the stroke cut out of it, 1: the stroke added.
    for (layer, part) in [(fill, 0.0), (cut, -1.0), (grow, 1.0)] {
      layer.drive(time) { l, f in
        guard let s = l as? ShapeLayer else { return }
        var p = StrataPath.Path()
        path.value(at: f).append(to: &p, .identity)
        s.path = p
        let x = expansion.value(at: f)[0]
        if part != 0 { s.lineWidth = x.isFinite ? max(2 * x * part, 0) : 0 }
        if part == 0 { s.fillColor = colour(f) }
        if part == 1 { s.strokeColor = colour(f) }
      }
    }
    return group
  }

  private func shape(_ m: LayerModel.Mask, inverted: Bool, colour: Color, opacityAsGrey: Bool) -> ShapeLayer {
    let s = ShapeLayer()
    s.anchorPoint = .zero
    s.fillRule = inverted ? .evenOdd : .nonZero
    let far = Self.farAway
    s.drive(time) { l, f in
      guard let s = l as? ShapeLayer else { return }
      var p = StrataPath.Path()
      if inverted { p.addRect(PathRect(x: -far, y: -far, width: 2 * far, height: 2 * far)) }
      m.path.value(at: f).append(to: &p, .identity)
      s.path = p
      let o = Paint.percent(m.opacity.value(at: f))
      s.fillColor = opacityAsGrey ? Color(o, o, o, 1) : Color(colour.red, colour.green, colour.blue, o)
    }
    return s
  }
}

import Strata
import StrataPath

/// A layer's masks (`masksProperties`) as Core Animation masks, as lottie-ios builds
/// them: each mask a shape layer whose fill alpha is the mask's opacity; a subtracted or
/// inverted mask fills a huge rectangle around its path even-odd. Masks combine in order:
/// consecutive adds are one mask layer (their union); each subtract or intersect is a
/// further mask on a layer nested inside, so it cuts what the masks before it left.
struct MaskBuilder {
  let time: TimeMap

  /// How far the rectangle of an inverted mask reaches around the layer, in points.
  static let farAway = 100_000.0

  /// The mask layers, outermost first; empty when the layer has no (active) masks.
  func levels(_ masks: [LayerModel.Mask], size: (Double, Double)) -> [Layer] {
    var levels: [[(LayerModel.Mask, Bool)]] = []
    var lastWasAdd = false
    for m in masks where m.mode != "n" {
      let isAdd = m.mode != "s" && m.mode != "i"
      let inverted = (m.mode == "s") != m.inverted
      if isAdd && lastWasAdd {
        levels[levels.count - 1].append((m, inverted))
      } else {
        levels.append([(m, inverted)])
      }
      lastWasAdd = isAdd
    }
    return levels.map { level in
      let layer = Layer()
      layer.anchorPoint = .zero
      layer.bounds = Rect(0, 0, size.0, size.1)
      for (m, inverted) in level { layer.adopt(shape(m, inverted: inverted)) }
      return layer
    }
  }

  private func shape(_ m: LayerModel.Mask, inverted: Bool) -> ShapeLayer {
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
      s.fillColor = Color(0, 0, 0, Paint.percent(m.opacity.value(at: f)))
    }
    return s
  }
}

import Foundation
import Strata

/// A layer's effects as Core Animation layer properties on its container: a drop shadow as
/// the layer's shadow (as lottie-ios draws it: opacity / 255, radius softness / 5, offset
/// from direction and distance), a Gaussian blur as a blur filter (σ = 0.3 × blurriness),
/// fill and tint as colour matrices, in the effects' order. Static effects are set once;
/// a driver re-evaluates them only when one has keyframes.
enum EffectBuilder {
  static func apply(_ effects: [Effect], to layer: Layer, time: TimeMap) {
    guard !effects.isEmpty else { return }
    if effects.contains(where: \.isAnimated) {
      layer.drive(time) { l, f in set(effects, on: l, at: f) }
    } else {
      set(effects, on: layer, at: 0)
    }
  }

  static func set(_ effects: [Effect], on layer: Layer, at f: Double) {
    var filters: [LayerFilter] = []
    for e in effects {
      switch e {
      case .dropShadow(let color, let opacity, let direction, let distance, let softness):
        let c = Paint.opaqueColor(color.value(at: f))
        layer.shadowColor = c
        layer.shadowOpacity = unit((opacity.value(at: f).first ?? 0) / 255)
        layer.shadowRadius = finite(softness.value(at: f).first ?? 0) / 5
        let angle = (finite(direction.value(at: f).first ?? 0) - 90) * .pi / 180
        let d = finite(distance.value(at: f).first ?? 0)
        layer.shadowOffset = Size(width: d * cos(angle), height: d * sin(angle))
      case .gaussianBlur(let blurriness):
        let sigma = 0.3 * finite(blurriness.value(at: f).first ?? 0)
        if sigma > 0 { filters.append(.gaussianBlur(radius: sigma)) }
      case .fill(let color, let opacity):
        let c = Paint.opaqueColor(color.value(at: f))
        var o = finite(opacity.value(at: f).first ?? 1)
        if o > 1 { o /= 100 }
        filters.append(.colorMatrix([0, 0, 0, 0, c.red, 0, 0, 0, 0, c.green, 0, 0, 0, 0, c.blue, 0, 0, 0, unit(o), 0]))
      case .tint(let black, let white, let amount):
        filters.append(.colorMatrix(tintMatrix(
          black: Paint.opaqueColor(black.value(at: f)), white: Paint.opaqueColor(white.value(at: f)),
          amount: unit(finite(amount.value(at: f).first ?? 100) / 100))))
      }
    }
    layer.filters = filters
  }

  /// Tint on straight colour: the Rec. 709 luminance L mapped to black + (white − black) · L,
  /// mixed with the colour by `amount`; alpha kept.
  static func tintMatrix(black: Color, white: Color, amount t: Double) -> [Double] {
    let w = [0.2126, 0.7152, 0.0722]
    let b = [black.red, black.green, black.blue], s = [white.red - black.red, white.green - black.green, white.blue - black.blue]
    var m: [Double] = []
    for row in 0..<3 {
      for col in 0..<3 { m.append((row == col ? 1 - t : 0) + t * s[row] * w[col]) }
      m += [0, t * b[row]]
    }
    return m + [0, 0, 0, 1, 0]
  }

  private static func finite(_ x: Double) -> Double { x.isFinite ? x : 0 }
  private static func unit(_ x: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : 0 }
}

import Strata

/// A layer effect (`ef`) that the importer draws, with its parameters as the file gives them.
/// Parameters are read by their place in the effect's list (`ef[i].ef[j].v`), as lottie-web
/// reads them: their names are translated by After Effects.
enum Effect: Sendable {
  /// Drop Shadow (`ty` 25): colour, opacity 0…255, direction (degrees, 0 up, clockwise),
  /// distance and softness; drawn as the layer's shadow, as lottie-ios does.
  case dropShadow(color: Animated<[Double]>, opacity: Animated<[Double]>, direction: Animated<[Double]>,
                  distance: Animated<[Double]>, softness: Animated<[Double]>)
  /// Gaussian Blur (`ty` 29): blurriness (After Effects' units; σ = 0.3 × blurriness, as
  /// lottie-web and Skottie take it).
  case gaussianBlur(blurriness: Animated<[Double]>)
  /// Fill (`ty` 21): every pixel takes the colour, its alpha scaled by the opacity.
  case fill(color: Animated<[Double]>, opacity: Animated<[Double]>)
  /// Tint (`ty` 20): luminance mapped from black to `black` and white to `white`, mixed
  /// with the original by `amount` percent.
  case tint(black: Animated<[Double]>, white: Animated<[Double]>, amount: Animated<[Double]>)

  /// Whether any parameter has keyframes.
  var isAnimated: Bool {
    switch self {
    case .dropShadow(let c, let o, let d, let s, let f): [c, o, d, s, f].contains { $0.isAnimated }
    case .gaussianBlur(let b): b.isAnimated
    case .fill(let c, let o): c.isAnimated || o.isAnimated
    case .tint(let b, let w, let a): b.isAnimated || w.isAnimated || a.isAnimated
    }
  }
}

extension Node {
  /// The effects of a layer (`ef`) that are drawn; others are warned about, except the
  /// expression controls (sliders, checkboxes, colours…), which draw nothing in any player.
  func effects(layer: String?) throws(LottieError) -> [Effect] {
    var out: [Effect] = []
    for e in try array() {
      let o = try e.object()
      if o["en"] != nil, try !o.bool("en") { continue }
      let ty = try o.int("ty", default: -1)
      let name = try o["nm"].flatMap { (n) throws(LottieError) -> String? in if case .string(let s) = n.value { s } else { nil } } ?? "effect"
      let params = try o["ef"]?.array() ?? []
      let matchName = try o.string("mn")
      func value(_ i: Int, _ d: [Double]) throws(LottieError) -> Animated<[Double]> {
        guard i < params.count, let v = try params[i].object()["v"] else { return Animated(d) }
        return try v.vector(layer: layer)
      }
      switch ty {
      case 25:
        out.append(
          .dropShadow(
            color: try value(0, [0, 0, 0, 1]).map(Paint.unitScale), opacity: try value(1, [127.5]), direction: try value(2, [135]),
            distance: try value(3, [5]), softness: try value(4, [0])))
        if params.count > 5, try value(5, [0]).keys.contains(where: { $0.value.first ?? 0 != 0 }) {
          try context.warn(e.path, layer: layer, "\"\(name)\": the shadow-only option is not supported (the layer is drawn too)")
        }
      case 29:
        out.append(.gaussianBlur(blurriness: try value(0, [0])))
        if params.count > 1, try value(1, [1]).keys.contains(where: { $0.value.first ?? 1 != 1 }) {
          try context.warn(e.path, layer: layer, "\"\(name)\": blurring in one direction only is not supported (blurred in both)")
        }
      case 21: out.append(.fill(color: try value(2, [1, 0, 0, 1]).map(Paint.unitScale), opacity: try value(6, [1])))
      case 20:
        out.append(
          .tint(
            black: try value(0, [0, 0, 0, 1]).map(Paint.unitScale), white: try value(1, [1, 1, 1, 1]).map(Paint.unitScale),
            amount: try value(2, [100])))
      case _ where ty == 5 || matchName?.hasSuffix("Control") == true:
        continue  // expression controls (sliders, colours, points, checkboxes…)
      default:
        try context.warn(e.path, layer: layer, "effect \"\(name)\" (type \(ty)) is not supported")
      }
    }
    return out
  }
}

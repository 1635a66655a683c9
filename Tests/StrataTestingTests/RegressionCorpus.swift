import Strata

/// The scenes of the regression corpus, and the planted regressions in them.
///
/// Each planted case is a pair (expected, actual) that differs by one real change a user
/// would want a golden test to catch. Strata draws what it can; gradients, blurs and
/// shadows (not drawn by Strata yet) are image edits.
enum Planted: String, CaseIterable, CustomStringConvertible {
  case shiftOnePixel, dotWrongColor, missingHairline, gradientStop, blurSigma, missingShadow,
    shadowOpacity, layerOpacity, strokeWidth, fillOffByEight, perspectiveDistance, specks

  var description: String { rawValue }

  typealias E = ImageEdits

  /// The card most scenes share: a rounded, bordered rectangle with a rotated badge.
  static func card(x: Double = 30, fill: Color = Color(r8: 120, g8: 140, b8: 200), opacity: Double = 1) -> [Layer] {
    [
      E.layer(Rect(x, 25, 100, 70), fill) { l in l.cornerRadius = 12; l.opacity = opacity },
      E.layer(Rect(x + 60, 40, 24, 24), Color(0.95, 0.7, 0.2)) { l in
        l.transform = .rotation(.pi / 7, 0, 0, 1); l.allowsEdgeAntialiasing = true; l.opacity = opacity
      },
    ]
  }

  static func shadowed(opacity: Double?) -> Image {
    let shape = E.render(card(), background: .clear)
    let bg = E.render([], background: Color(0.9, 0.9, 0.92))
    guard let opacity else { return E.over(shape, bg) }
    return E.over(shape, E.over(E.shadow(of: shape, sigma: 4, offset: (0, 4), opacity: opacity), bg))
  }

  static func blurred(sigma: Double) -> Image {
    E.blur(E.render([E.layer(Rect(50, 30, 60, 60), .white) { $0.cornerRadius = 10 }]), sigma: sigma)
  }

  static func gradient(stop: Double) -> Image {
    E.gradient(
      over: E.render(card()), x0: 10, y0: 100, x1: 150, y1: 116, stop: stop,
      colors: (SIMD3(0.1, 0.2, 0.8), SIMD3(0.95, 0.95, 0.95), SIMD3(0.85, 0.15, 0.1)))
  }

  static func perspective(_ d: Double) -> Image {
    E.render([
      E.layer(Rect(35, 20, 90, 80), Color(0.3, 0.75, 0.45)) { l in
        l.transform = Transform3D.rotation(.pi * 40 / 180, 0, 1, 0).concatenating(.perspective(d))
        l.borderWidth = 2; l.borderColor = .white
      }
    ])
  }

  static func stroke(_ width: Double) -> Image {
    E.render([E.layer(Rect(30, 20, 100, 80), nil) { l in l.borderWidth = width; l.borderColor = Color(0.9, 0.9, 0.9) }])
  }

  /// (expected, actual).
  var pair: (Image, Image) {
    switch self {
    case .shiftOnePixel:
      return (E.render(Self.card()), E.render(Self.card(x: 31)))
    case .dotWrongColor:
      let dot = { (c: Color) in Self.card() + [E.layer(Rect(140, 10, 2, 2), c)] }
      return (E.render(dot(Color(0.9, 0.2, 0.2))), E.render(dot(Color(0.2, 0.4, 0.9))))
    case .missingHairline:
      let line = E.layer(Rect(10, 105, 140, 1), Color(0.8, 0.8, 0.8))
      return (E.render(Self.card() + [line]), E.render(Self.card()))
    case .gradientStop:
      return (Self.gradient(stop: 0.5), Self.gradient(stop: 0.55))
    case .blurSigma:
      return (Self.blurred(sigma: 4), Self.blurred(sigma: 5))
    case .missingShadow:
      return (Self.shadowed(opacity: 0.5), Self.shadowed(opacity: nil))
    case .shadowOpacity:
      return (Self.shadowed(opacity: 0.5), Self.shadowed(opacity: 0.4))
    case .layerOpacity:
      return (E.render(Self.card()), E.render(Self.card(opacity: 0.9)))
    case .strokeWidth:
      return (Self.stroke(5), Self.stroke(6))
    case .fillOffByEight:
      return (E.render(Self.card()), E.render(Self.card(fill: Color(r8: 128, g8: 140, b8: 200))))
    case .perspectiveDistance:
      return (Self.perspective(500), Self.perspective(450))
    case .specks:
      // Three holes in a textured layer, as a GPU that picks a wrong mip level may leave:
      // isolated pixels among many edges, each of them wrong by most of the local contrast.
      let e = BenignScene.texturedQuad.image
      var p = e.pixels
      for (x, y) in [(70, 50), (84, 61), (95, 44)] {
        let i = (y * e.width + x) * 4
        p[i] = 31; p[i + 1] = 31; p[i + 2] = 36; p[i + 3] = 255
      }
      return (e, Image(width: e.width, height: e.height, premultipliedPixels: p))
    }
  }
}

/// Scenes whose CPU rendering, perturbed as another backend might draw it, must pass the
/// cross-backend tier: the expected side of every planted case, and a few scenes with
/// more edges.
enum BenignScene: String, CaseIterable, CustomStringConvertible {
  case card, dot, hairline, gradient, blur, shadow, stroke, perspective, rotatedGrid, texturedQuad, translucent

  var description: String { rawValue }

  typealias E = ImageEdits

  var image: Image {
    switch self {
    case .card: return Planted.shiftOnePixel.pair.0
    case .dot: return Planted.dotWrongColor.pair.0
    case .hairline: return Planted.missingHairline.pair.0
    case .gradient: return Planted.gradientStop.pair.0
    case .blur: return Planted.blurSigma.pair.0
    case .shadow: return Planted.missingShadow.pair.0
    case .stroke: return Planted.strokeWidth.pair.0
    case .perspective: return Planted.perspectiveDistance.pair.0
    case .rotatedGrid:
      let layers = (0..<12).map { (i: Int) -> Layer in
        let x = Double(12 + (i % 4) * 36), y = Double(10 + (i / 4) * 36), f = Double(i) / 12
        return E.layer(Rect(x, y, 26, 26), Color(f, 0.5, 1 - f)) { l in
          l.transform = .rotation(Double(i) * 0.23, 0, 0, 1); l.allowsEdgeAntialiasing = true; l.cornerRadius = Double(i % 3) * 4
        }
      }
      return E.render(layers)
    case .texturedQuad:
      let checker = Image(width: 32, height: 32) { x, y in (x / 4 + y / 4) % 2 == 0 ? (240, 240, 240, 255) : (40, 60, 200, 255) }
      return E.render([
        E.layer(Rect(30, 15, 100, 90), nil) { l in
          l.contents = checker
          l.transform = Transform3D.rotation(0.5, 0, 1, 0).concatenating(.rotation(0.2, 0, 0, 1)).concatenating(.perspective(400))
          l.allowsEdgeAntialiasing = true
        }
      ])
    case .translucent:
      return E.render(
        [
          E.layer(Rect(20, 20, 80, 60), Color(0.9, 0.3, 0.2, 0.6)) { $0.cornerRadius = 20 },
          E.layer(Rect(60, 40, 80, 60), Color(0.2, 0.5, 0.9, 0.5)) { $0.cornerRadius = 8; $0.borderWidth = 3 },
        ], background: .clear)
    }
  }
}

import Foundation
import Strata

/// Golden scenes of `GradientLayer` (CAGradientLayer): every property, on both backends.
extension GoldenScenes {
  static func gradient(_ frame: Rect, _ colors: [Color], _ configure: (GradientLayer) -> Void = { _ in }) -> GradientLayer {
    let g = GradientLayer(frame: frame)
    g.colors = colors
    configure(g)
    return g
  }

  static let sunset = [Color(0.9, 0.2, 0.3), Color(1, 0.85, 0.2), Color(0.2, 0.5, 1)]

  /// The three types and their points: the default vertical axial, a (0, 0) → (1, 1) axial
  /// on a wide layer (its midline through the opposite corners), a radial ellipse off
  /// centre, a conic from the top turning clockwise, and an axial under a 3D turn.
  public static func gradientKind() -> GoldenScene {
    let r = root(200, 120, [
      gradient(Rect(8, 8, 40, 48), sunset),
      gradient(Rect(56, 8, 136, 24), sunset) { $0.startPoint = .zero; $0.endPoint = Point(1, 1) },
      gradient(Rect(56, 40, 64, 32), [.white, Color(0.2, 0.5, 1), Color(0.1, 0.1, 0.3)]) { g in
        g.type = .radial; g.startPoint = Point(0.35, 0.5); g.endPoint = Point(0.85, 1)
      },
      gradient(Rect(128, 40, 64, 64), sunset + [sunset[0]]) { g in
        g.type = .conic; g.startPoint = Point(0.5, 0.5); g.endPoint = Point(0.5, 0)
      },
      gradient(Rect(8, 64, 64, 48), [Color(0.2, 0.8, 0.4), Color(0.1, 0.2, 0.6)]) { g in
        g.startPoint = Point(0, 0.5); g.endPoint = Point(1, 0.5)
        g.transform = Transform3D.rotation(0.8, 0, 1, 0).concatenating(.perspective(120))
      },
      gradient(Rect(80, 80, 40, 32), sunset) { g in
        g.type = .radial; g.startPoint = Point(0.5, 0.5); g.endPoint = Point(0.5, 0.5)  // degenerate: the last colour
      },
    ])
    return GoldenScene(name: "kind-gradient", width: 200, height: 120, scale: 1, root: r)
  }

  /// Colours and locations: padding beyond the locations, a hard stop, white to clear
  /// (a grey band, straight interpolation) over a background colour, the rounded shape with
  /// some corners only and no `masksToBounds` (the sublayer is not clipped), group opacity,
  /// and a location count that differs from the colours' (only the background).
  public static func gradientStops() -> GoldenScene {
    let r = root(200, 120, [
      gradient(Rect(8, 8, 88, 24), sunset) { g in
        g.startPoint = Point(0, 0.5); g.endPoint = Point(1, 0.5); g.locations = [0.3, 0.5, 0.7]
      },
      gradient(Rect(104, 8, 88, 24), [.black, Color(0.2, 0.5, 1), .white, Color(0.9, 0.2, 0.3)]) { g in
        g.startPoint = Point(0, 0.5); g.endPoint = Point(1, 0.5); g.locations = [0, 0.5, 0.5, 1]
      },
      gradient(Rect(8, 40, 88, 32), [.white, .clear]) { g in
        g.startPoint = Point(0, 0.5); g.endPoint = Point(1, 0.5); g.backgroundColor = Color(0.2, 0.5, 1)
      },
      gradient(Rect(104, 40, 88, 44), [Color(0.98, 0.55, 0.1), Color(0.6, 0.1, 0.5, 0.7)]) { g in
        g.cornerRadius = 18; g.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        try! g.addSublayer(layer(Rect(66, -6, 28, 20), Color(0.2, 0.8, 0.4)))
      },
      gradient(Rect(8, 80, 56, 32), sunset) { g in
        g.type = .radial; g.startPoint = Point(0, 0); g.endPoint = Point(1, 1); g.opacity = 0.6; g.cornerRadius = 8
        try! g.addSublayer(layer(Rect(16, 8, 24, 16), .white))
      },
      gradient(Rect(72, 92, 56, 20), sunset) { g in
        g.locations = [0, 1]; g.backgroundColor = Color(0.5, 0.5, 0.5)  // a count mismatch: nothing
      },
      gradient(Rect(136, 92, 56, 20), [Color(0.2, 0.8, 0.4, 0.5)]) { g in
        g.cornerRadius = 10  // one colour: a solid fill
      },
    ])
    return GoldenScene(name: "kind-gradient-stops", width: 200, height: 120, scale: 1, root: r)
  }
}

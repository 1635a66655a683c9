import Foundation
import Strata

/// Golden scenes of layer effects: masks, shadows, group opacity, blend modes, filters,
/// continuous corners, and all of them at once.
extension GoldenScenes {
  /// The effect scenes, built fresh.
  public static func effects() -> [GoldenScene] {
    [groupOpacity(), masks(), shadows(), blendModes(), filterEffects(), continuousCorners(), combinedCard(), shadowPath()]
  }

  /// A colourful backdrop: four quadrants and a diagonal bar.
  static func backdrop(_ w: Double, _ h: Double) -> [Layer] {
    [
      layer(Rect(0, 0, w / 2, h / 2), Color(0.9, 0.3, 0.3)),
      layer(Rect(w / 2, 0, w / 2, h / 2), Color(0.3, 0.8, 0.4)),
      layer(Rect(0, h / 2, w / 2, h / 2), Color(0.25, 0.4, 0.95)),
      layer(Rect(w / 2, h / 2, w / 2, h / 2), Color(0.95, 0.85, 0.3)),
      layer(Rect(-20, h / 2 - 6, w + 40, 12), .white) { $0.transform = .rotation(-0.4, 0, 0, 1) },
    ]
  }

  public static func groupOpacity() -> GoldenScene {
    func pair(_ x: Double, grouped: Bool) -> Layer {
      layer(Rect(x, 10, 90, 100)) { l in
        l.opacity = 0.5
        l.allowsGroupOpacity = grouped
        try! l.addSublayer(layer(Rect(0, 0, 60, 60), blue))
        try! l.addSublayer(layer(Rect(30, 40, 60, 60), orange) { $0.cornerRadius = 10 })
      }
    }
    return GoldenScene(name: "group-opacity", width: 200, height: 120, scale: 1,
                       root: root(200, 120, [pair(5, grouped: true), pair(105, grouped: false)]))
  }

  public static func masks() -> GoldenScene {
    // A soft radial alpha image as a mask.
    let radial = Image(width: 32, height: 32) { x, y in
      let d = ((Double(x) + 0.5 - 16) * (Double(x) + 0.5 - 16) + (Double(y) + 0.5 - 16) * (Double(y) + 0.5 - 16)).squareRoot() / 16
      return (0, 0, 0, UInt8(max(0, min(1, 1.2 - d)) * 255))
    }
    let r = root(200, 120, [
      layer(Rect(10, 10, 80, 80)) { l in
        l.contents = TestImages.picture
        l.mask = layer(Rect(10, 10, 60, 60), .black) { $0.cornerRadius = 30 }
      },
      layer(Rect(105, 10, 80, 80)) { l in
        l.contents = TestImages.picture
        l.mask = layer(Rect(0, 0, 80, 80)) { $0.contents = radial }
        l.masksToBounds = true
        l.cornerRadius = 12
        try! l.addSublayer(layer(Rect(50, 50, 60, 60), orange))  // masked and clipped
      },
    ])
    return GoldenScene(name: "masks", width: 200, height: 120, scale: 1, root: r)
  }

  public static func shadows() -> GoldenScene {
    let r = root(240, 140, [
      layer(Rect(0, 0, 240, 140), Color(0.94, 0.94, 0.94)),
      // Analytic: a plain rounded rectangle; the default offset (0, -3) points up.
      layer(Rect(20, 25, 60, 40), .white) { $0.cornerRadius = 8; $0.shadowOpacity = 0.6; $0.shadowRadius = 8 },
      layer(Rect(100, 25, 60, 40), blue) { $0.cornerRadius = 8; $0.shadowOpacity = 0.5; $0.shadowRadius = 10; $0.shadowOffset = Size(0, 5) },
      // General: contents with alpha cast a shadow of their shape.
      layer(Rect(175, 15, 50, 50)) { l in
        l.contents = TestImages.checkerboard(cells: 4, cell: 8, alpha: 200)
        l.shadowOpacity = 0.8; l.shadowRadius = 6; l.shadowOffset = Size(4, 4); l.shadowColor = Color(0.4, 0, 0.4)
      },
      // Sublayers cast shadows too (the whole composited layer's alpha).
      layer(Rect(20, 85, 80, 40)) { l in
        l.shadowOpacity = 0.7; l.shadowRadius = 4; l.shadowOffset = Size(3, 3)
        try! l.addSublayer(layer(Rect(0, 0, 30, 30), orange) { $0.cornerRadius = 15 })
        try! l.addSublayer(layer(Rect(40, 10, 40, 30), green))
      },
      // masksToBounds clips the shadow away outside the bounds.
      layer(Rect(130, 85, 60, 40), blue) { $0.masksToBounds = true; $0.shadowOpacity = 0.9; $0.shadowRadius = 6; $0.shadowOffset = Size(0, 6) },
    ])
    return GoldenScene(name: "shadows", width: 240, height: 140, scale: 1, root: r)
  }

  public static func blendModes() -> GoldenScene {
    var ls = backdrop(240, 120)
    let modes = BlendModeNames.all
    for (i, m) in modes.enumerated() {
      ls.append(layer(Rect(Double(i % 7) * 34 + 2, Double(i / 7) * 60 + 10, 30, 40), Color(0.6, 0.3, 0.8, 0.85)) { l in
        l.compositingFilter = m
        l.cornerRadius = 6
      })
    }
    return GoldenScene(name: "blend-modes", width: 240, height: 120, scale: 1, root: root(240, 120, ls))
  }

  public static func filterEffects() -> GoldenScene {
    var ls = backdrop(240, 120)
    ls.append(layer(Rect(10, 10, 60, 60)) { l in
      l.contents = TestImages.picture
      l.filters = [.gaussianBlur(radius: 2)]
    })
    ls.append(layer(Rect(90, 10, 60, 60)) { l in
      l.contents = TestImages.picture
      // Luminance to grey.
      let g = [0.2126, 0.7152, 0.0722, 0, 0]
      l.filters = [.colorMatrix(g + g + g + [0, 0, 0, 1, 0])]
    })
    // Frosted glass: the backdrop blurred inside a rounded rectangle, with a tint on top.
    ls.append(layer(Rect(160, 20, 70, 80), Color(1, 1, 1, 0.2)) { l in
      l.cornerRadius = 14
      l.backgroundFilters = [.gaussianBlur(radius: 4)]
    })
    // A large blur (downsampled path).
    ls.append(layer(Rect(20, 80, 120, 30), .black) { $0.filters = [.gaussianBlur(radius: 40)] })
    return GoldenScene(name: "filters-effects", width: 240, height: 120, scale: 1, root: root(240, 120, ls))
  }

  public static func continuousCorners() -> GoldenScene {
    let r = root(200, 120, [
      layer(Rect(10, 10, 80, 80), blue) { $0.cornerRadius = 20 },
      layer(Rect(110, 10, 80, 80), blue) { $0.cornerRadius = 20; $0.cornerCurve = .continuous },
      layer(Rect(10, 95, 80, 20), orange) { $0.cornerRadius = 10; $0.cornerCurve = .continuous; $0.borderWidth = 3; $0.borderColor = .white },
      layer(Rect(110, 95, 80, 20)) { l in
        l.cornerRadius = 8; l.cornerCurve = .continuous; l.masksToBounds = true
        l.contents = TestImages.picture
      },
    ])
    return GoldenScene(name: "continuous-corners", width: 200, height: 120, scale: 1, root: r)
  }

  /// The combined case: a rotated, perspective-tilted card with continuous corners,
  /// border, shadow, mask and group opacity.
  public static func combinedCard() -> GoldenScene {
    let stage = layer(Rect(0, 0, 240, 160), Color(0.92, 0.93, 0.95)) { s in
      s.sublayerTransform = .perspective(400)
      try! s.addSublayer(layer(Rect(60, 30, 120, 90), .white) { c in
        c.cornerRadius = 16; c.cornerCurve = .continuous
        c.borderWidth = 3; c.borderColor = Color(0.2, 0.47, 0.96)
        c.shadowOpacity = 0.5; c.shadowRadius = 10; c.shadowOffset = Size(0, 6)
        c.opacity = 0.85
        c.transform = Transform3D.rotation(0.5, 0, 1, 0).concatenating(.rotation(0.15, 0, 0, 1))
        try! c.addSublayer(layer(Rect(10, 10, 70, 50)) { $0.contents = TestImages.picture })
        try! c.addSublayer(layer(Rect(50, 40, 60, 40), orange) { $0.cornerRadius = 8 })
        c.mask = layer(Rect(0, 0, 120, 90), .black) { m in
          m.cornerRadius = 16; m.cornerCurve = .continuous
          try! m.addSublayer(layer(Rect(90, 0, 30, 30), .clear))
        }
      })
    }
    return GoldenScene(name: "combined-card", width: 240, height: 160, scale: 1, root: root(240, 160, [stage]))
  }
}

/// Core Animation's compositing filter names, for the blend-mode scene.
public enum BlendModeNames {
  public static let all: [CompositingFilter] = [
    .multiplyBlendMode, .screenBlendMode, .overlayBlendMode, .darkenBlendMode, .lightenBlendMode,
    .colorDodgeBlendMode, .colorBurnBlendMode, .softLightBlendMode, .hardLightBlendMode,
    .differenceBlendMode, .exclusionBlendMode, .plusL, .normalBlendMode,
  ]
}

import Foundation
import Strata

/// A small scene for golden-image tests: one rendering feature each, drawn by every
/// backend and compared with its reference.
public struct GoldenScene: @unchecked Sendable, CustomStringConvertible {
  public let name: String
  /// Canvas size in device pixels.
  public let width: Int
  public let height: Int
  /// Device pixels per point.
  public let scale: Double
  public let root: Layer
  /// Whether the canvas starts transparent rather than dark grey.
  public var clear = false
  /// The time the frame shows (`snapshot(at:)`): animations and emitters need one. Nil
  /// renders the model (`snapshot()`).
  public var time: Double? = nil
  /// The tree at `time`.
  public var snapshot: LayerSnapshot { time.map { root.snapshot(at: $0) } ?? root.snapshot() }
  public var background: Color { clear ? .clear : Color(0.12, 0.12, 0.14) }
  public var description: String { name }
}

/// The golden scenes shared by the CPU and GPU test suites.
public enum GoldenScenes {
  static let blue = Color(0.2, 0.47, 0.96), orange = Color(0.98, 0.55, 0.1), green = Color(0.2, 0.8, 0.4)

  /// Every scene, built fresh (layers are mutable, so each test gets its own).
  public static func all() -> [GoldenScene] {
    [backgroundsAndCorners(), borders(), contentsGravity(), contentsRectCenterAndScale(), filters(), opacityOrderAndVisibility(), perspectiveAndDoubleSided(), geometryBehindTheEyeIsCut(), masksToBounds(), sublayerTransformFlipAndEdgeAntialiasing(), scaleMultipliesDevicePixels(), trilinearInSteepPerspective(), checkerKind(),
     shapeFillAndStroke(), shapeDashAndTrim(), shapeLayers(), shapeAtScale2(), gradientKind(), gradientStops(), replicatorKind(), transformKind(), emitterKind(),
     tiledKind(), scrollKind()] + textScenes()
  }

  /// The scene names, for parameterised tests.
  public static var names: [String] { (all() + effects()).map(\.name) }

  public static func named(_ name: String) -> GoldenScene { (all() + effects()).first { $0.name == name }! }

  public static func backgroundsAndCorners() -> GoldenScene {
    let r = root(160, 120, [
      layer(Rect(8, 8, 64, 48), blue) { $0.cornerRadius = 12 },
      layer(Rect(88, 8, 64, 48), orange) { $0.cornerRadius = 16; $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] },
      layer(Rect(8, 64, 64, 48), Color(0.2, 0.8, 0.4, 0.5)) { $0.cornerRadius = 100 },  // clamped: a pill
      layer(Rect(88, 64, 64, 48), green) { $0.cornerRadius = 10; $0.maskedCorners = [.layerMaxXMinYCorner] },
    ])
    return GoldenScene(name: "backgrounds", width: 160, height: 120, scale: 1, root: r)
  }

  public static func borders() -> GoldenScene {
    let r = root(160, 120, [
      layer(Rect(8, 8, 64, 48), blue) { $0.borderWidth = 4; $0.borderColor = .white },
      layer(Rect(88, 8, 64, 48), blue) { $0.cornerRadius = 14; $0.borderWidth = 5; $0.borderColor = Color(1, 1, 1, 0.6) },
      layer(Rect(8, 64, 64, 48)) { $0.cornerRadius = 8; $0.borderWidth = 12; $0.borderColor = orange },
      // The border is drawn above the sublayers.
      layer(Rect(88, 64, 64, 48), blue) { l in
        l.borderWidth = 6; l.borderColor = .black
        try! l.addSublayer(layer(Rect(-6, 10, 40, 20), orange))
      },
    ])
    return GoldenScene(name: "borders", width: 160, height: 120, scale: 1, root: r)
  }

  public static func contentsGravity() -> GoldenScene {
    var cells: [Layer] = []
    for (i, g) in ContentsGravity.allCases.enumerated() {
      let l = layer(Rect(Double(i % 4) * 48 + 4, Double(i / 4) * 40 + 4, 40, 32), Color(0.3, 0.3, 0.35))
      l.contents = TestImages.picture
      l.contentsScale = 2  // the picture is 16x12 points
      l.contentsGravity = g
      cells.append(l)
    }
    return GoldenScene(name: "gravity", width: 192, height: 124, scale: 1, root: root(192, 124, cells))
  }

  public static func contentsRectCenterAndScale() -> GoldenScene {
    let r = root(160, 120, [
      // The top-left quarter of the picture, stretched.
      layer(Rect(8, 8, 64, 48)) { $0.contents = TestImages.picture; $0.contentsRect = Rect(0, 0, 0.5, 0.5) },
      // Nine-slice: 8-px caps keep their size, the centre stretches.
      layer(Rect(88, 8, 64, 48)) { $0.contents = TestImages.nineSlice; $0.contentsCenter = Rect(1.0 / 3, 1.0 / 3, 1.0 / 3, 1.0 / 3) },
      // Too small for the caps: they shrink together.
      layer(Rect(8, 70, 12, 40)) { $0.contents = TestImages.nineSlice; $0.contentsCenter = Rect(1.0 / 3, 1.0 / 3, 1.0 / 3, 1.0 / 3) },
      // contentsScale 1 vs 2 with center gravity.
      layer(Rect(30, 64, 48, 48), Color(0.3, 0.3, 0.35)) { $0.contents = TestImages.picture; $0.contentsGravity = .center },
      layer(Rect(88, 64, 48, 48), Color(0.3, 0.3, 0.35)) { $0.contents = TestImages.picture; $0.contentsGravity = .center; $0.contentsScale = 2 },
    ])
    return GoldenScene(name: "contents-rect-center-scale", width: 160, height: 120, scale: 1, root: r)
  }

  public static func filters() -> GoldenScene {
    let board = TestImages.checkerboard(cells: 16, cell: 4)  // 64x64, minified about 2.9x
    let small = TestImages.checkerboard(cells: 4, cell: 2)  // 8x8, magnified 6x
    var ls: [Layer] = []
    for (i, f) in ContentsFilter.allCases.enumerated() {
      ls.append(layer(Rect(Double(i) * 52 + 4, 2, 22, 22)) { $0.contents = board; $0.minificationFilter = f })
      ls.append(layer(Rect(Double(i) * 52 + 4, 28, 48, 48)) { $0.contents = small; $0.magnificationFilter = f })
      // Minified in perspective: the filter changes along the layer.
      ls.append(layer(Rect(Double(i) * 52 + 4, 84, 48, 32)) { l in
        l.contents = board; l.minificationFilter = f
        l.transform = Transform3D.rotation(1.1, 1, 0, 0).concatenating(.perspective(60))
      })
    }
    return GoldenScene(name: "filters", width: 160, height: 120, scale: 1, root: root(160, 120, ls))
  }

  public static func opacityOrderAndVisibility() -> GoldenScene {
    let r = root(160, 120, [
      layer(Rect(10, 10, 60, 60), blue) { $0.zPosition = 1 },  // drawn last despite coming first
      layer(Rect(40, 40, 60, 60), orange) { $0.opacity = 0.6 },
      layer(Rect(90, 10, 60, 60), green) { l in
        l.opacity = 0.5  // multiplies into the sublayer
        try! l.addSublayer(layer(Rect(20, 20, 30, 30), .white))
      },
      layer(Rect(100, 70, 40, 40), .white) { $0.isHidden = true },
    ])
    return GoldenScene(name: "opacity-order-hidden", width: 160, height: 120, scale: 1, root: r)
  }

  public static func perspectiveAndDoubleSided() -> GoldenScene {
    let board = TestImages.checkerboard(cells: 8, cell: 8)
    let stage = layer(Rect(0, 0, 240, 120)) { s in
      s.sublayerTransform = .perspective(300)
      try! s.addSublayer(layer(Rect(20, 20, 80, 80)) { $0.contents = board; $0.transform = .rotation(.pi / 3, 0, 1, 0) })
      // Turned past 90°: seen from behind, mirrored, unless single-sided.
      try! s.addSublayer(layer(Rect(110, 20, 50, 80)) { $0.contents = board; $0.transform = .rotation(.pi * 0.8, 0, 1, 0) })
      try! s.addSublayer(layer(Rect(170, 20, 50, 80), .white) { $0.isDoubleSided = false; $0.transform = .rotation(.pi * 0.8, 0, 1, 0) })
    }
    return GoldenScene(name: "perspective", width: 240, height: 120, scale: 1, root: root(240, 120, [stage]))
  }

  public static func geometryBehindTheEyeIsCut() -> GoldenScene {
    // The eye is 60 points in front of the plane; the layer's right part swings behind it.
    // Only the part with w > 0 is drawn, blown up as it nears the eye plane.
    let board = TestImages.checkerboard(cells: 8, cell: 8)
    let stage = layer(Rect(0, 0, 160, 120), Color(0.3, 0.3, 0.35)) { s in
      s.sublayerTransform = .perspective(60)
      try! s.addSublayer(layer(Rect(50, 30, 60, 60)) { l in
        l.contents = board
        l.transform = Transform3D.rotation(-1.0, 0, 1, 0).concatenating(.translation(0, 0, 40))
      })
    }
    return GoldenScene(name: "behind-the-eye", width: 160, height: 120, scale: 1, root: root(160, 120, [stage]))
  }

  public static func masksToBounds() -> GoldenScene {
    let r = root(200, 120, [
      // Rounded clip under rotation: the child is cut by the rounded outline.
      layer(Rect(20, 20, 70, 70), blue) { l in
        l.cornerRadius = 18; l.masksToBounds = true; l.transform = .rotation(0.35, 0, 0, 1)
        try! l.addSublayer(layer(Rect(30, -10, 60, 50), orange))
        l.contents = TestImages.picture; l.contentsGravity = .topLeft  // contents clipped too
      },
      // Nested clips stack; a clip in perspective stays exact.
      layer(Rect(110, 10, 80, 100), green) { l in
        l.masksToBounds = true
        l.transform = Transform3D.rotation(0.6, 0, 1, 0).concatenating(.perspective(200))
        try! l.addSublayer(layer(Rect(10, 10, 90, 50), Color(0.95, 0.9, 0.2)) { m in
          m.masksToBounds = true; m.cornerRadius = 12
          try! m.addSublayer(layer(Rect(-20, 20, 60, 60), .white))
        })
      },
    ])
    return GoldenScene(name: "masks-to-bounds", width: 200, height: 120, scale: 1, root: r)
  }

  public static func sublayerTransformFlipAndEdgeAntialiasing() -> GoldenScene {
    let r = root(200, 120, [
      layer(Rect(10, 10, 80, 100), Color(0.3, 0.3, 0.35)) { l in
        l.sublayerTransform = .scale(0.5, 0.5)  // about the anchor point
        try! l.addSublayer(layer(Rect(0, 0, 80, 40), blue))
      },
      layer(Rect(100, 10, 40, 100), Color(0.3, 0.3, 0.35)) { l in
        l.isGeometryFlipped = true  // the child sits at the bottom
        try! l.addSublayer(layer(Rect(5, 5, 30, 20), orange))
      },
      layer(Rect(150, 20, 30, 30), .white) { $0.transform = .rotation(0.5, 0, 0, 1) },
      layer(Rect(150, 70, 30, 30), .white) { $0.transform = .rotation(0.5, 0, 0, 1); $0.allowsEdgeAntialiasing = true },
    ])
    return GoldenScene(name: "sublayer-flip-edge-aa", width: 200, height: 120, scale: 1, root: r)
  }

  public static func scaleMultipliesDevicePixels() -> GoldenScene {
    let r = root(80, 60, [layer(Rect(10, 10, 60, 40), blue) { $0.cornerRadius = 10; $0.borderWidth = 2; $0.borderColor = .white }])
    return GoldenScene(name: "scale-2x", width: 160, height: 120, scale: 2, root: r)
  }

  /// Checkerboard floors with trilinear filtering, tilted ever more steeply (55°, 70°, 80°,
  /// 85°) under a short perspective: near rows are magnified, far rows minified through
  /// every mipmap level, so the level of detail changes from pixel to pixel (issue 9.1).
  /// The background is clear: a hole in a floor is a transparent pixel.
  public static func trilinearInSteepPerspective() -> GoldenScene {
    let board = TestImages.checkerboard(cells: 8, cell: 8)  // 64x64, like the showcase floor
    var floors: [Layer] = []
    for (i, degrees) in [55.0, 70.0, 80.0, 85.0].enumerated() {
      floors.append(layer(Rect(Double(i % 2) * 96, Double(i / 2) * 64, 96, 64)) { cell in
        cell.masksToBounds = true
        cell.sublayerTransform = .perspective(180)
        try! cell.addSublayer(layer(Rect(-17, -25, 130, 130)) { f in
          f.contents = board
          f.minificationFilter = .trilinear
          f.transform = .rotation(degrees * .pi / 180, 1, 0, 0)
        })
      })
    }
    return GoldenScene(name: "trilinear-perspective", width: 192, height: 128, scale: 1, root: root(192, 128, floors), clear: true)
  }
}

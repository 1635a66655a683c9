import Foundation
import Strata

/// Golden scenes of layer kinds, drawn through the kinds' compile steps.
extension GoldenScenes {
  /// The test-only `CheckerLayer` (docs/AddingALayerKind.md): plain, turned, in
  /// perspective, clipped to its rounded bounds, and translucent over its sublayer.
  public static func checkerKind() -> GoldenScene {
    LayerKinds.register(CheckerLayer.self)
    func checker(_ frame: Rect, _ configure: (CheckerLayer) -> Void) -> CheckerLayer {
      let c = CheckerLayer(frame: frame)
      c.backgroundColor = Color(0.95, 0.95, 0.9)
      configure(c)
      return c
    }
    let r = root(200, 120, [
      checker(Rect(8, 8, 56, 48)) { $0.cellSize = 8 },
      checker(Rect(76, 12, 48, 40)) { c in
        c.checkerColor = Color(0.2, 0.47, 0.96); c.cellSize = 10; c.phase = Point(5, 0)
        c.transform = .rotation(0.4, 0, 0, 1); c.allowsEdgeAntialiasing = true
      },
      checker(Rect(136, 8, 56, 56)) { c in
        c.checkerColor = Color(0.98, 0.55, 0.1); c.cellSize = 7
        c.transform = Transform3D.rotation(0.9, 0, 1, 0).concatenating(.perspective(150))
      },
      checker(Rect(12, 64, 72, 48)) { c in
        c.cellSize = 12; c.cornerRadius = 14; c.masksToBounds = true; c.phase = Point(3, 3)
        c.checkerColor = Color(0.2, 0.8, 0.4)
      },
      checker(Rect(100, 70, 80, 40)) { c in
        c.cellSize = 10; c.opacity = 0.6; c.checkerColor = .black
        try! c.addSublayer(layer(Rect(20, 10, 40, 20), Color(0.9, 0.2, 0.3)))
      },
    ])
    return GoldenScene(name: "kind-checker", width: 200, height: 120, scale: 1, root: r)
  }
}

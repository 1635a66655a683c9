import Strata
import StrataGoldenScenes

@testable import StrataScene

/// `CheckerLayer`'s scene-file section (docs/AddingALayerKind.md, step 2): its keys and how
/// they set its properties. `"type": "test-checker"` finds the kind in `LayerKinds`.
extension CheckerLayer: SceneLayerKind {
  public static var sceneKeys: [String] { ["cellSize", "checkerColor", "phase"] }

  public func configure(from m: [String: Field], in builder: SceneBuilder) throws(SceneError) {
    if let f = m["cellSize"] { cellSize = try f.positive() }
    if let f = m["checkerColor"] { checkerColor = f.isNull ? nil : try f.color() }
    if let f = m["phase"] { phase = try f.point() }
  }
}

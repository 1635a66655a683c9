import Strata
import StrataGoldenScenes
import Testing

@testable import StrataScene

/// `"type"` dispatches to a kind's scene-file section through `LayerKinds`; the kind's own
/// keys and key paths are accepted on layers of that kind only.
@Suite struct SceneKindTests {
  init() { LayerKinds.register(CheckerLayer.self) }

  static func scene(_ layer: String) -> String { #"{"width": 100, "height": 80, "layers": [{\#(layer)}]}"# }

  @Test func typeBuildsTheKindWithItsOwnProperties() throws {
    let s = try loadScene(Self.scene(##""type": "test-checker", "bounds": [0, 0, 40, 30], "cellSize": 6, "checkerColor": "#FF0000", "phase": [1, 2]"##))
    let c = try #require(s.root.sublayers.first as? CheckerLayer)
    #expect(c.cellSize == 6 && c.checkerColor == Color(1, 0, 0) && c.phase == Point(1, 2) && c.bounds == Rect(0, 0, 40, 30))
    let none = try loadScene(Self.scene(#""type": "test-checker", "checkerColor": null"#))
    #expect((none.root.sublayers.first as? CheckerLayer)?.checkerColor == nil)
  }

  @Test func aKindsKeysAreUnknownOnOtherKinds() {
    #expect(sceneError(Self.scene(#""cellSize": 6"#)) == "scene.json: layers[0].cellSize: unknown property")
    #expect(sceneError(Self.scene(#""type": "test-checker", "celSize": 6"#)) == #"scene.json: layers[0].celSize: unknown property; did you mean "cellSize"?"#)
    #expect(sceneError(Self.scene(#""type": "test-checker", "cellSize": 0"#)) == "scene.json: layers[0].cellSize: must be greater than 0, got 0")
  }

  @Test func unknownTypesSuggestTheClosestKind() throws {
    let e = try #require(sceneError(Self.scene(#""type": "test-checkr""#)))
    #expect(e.hasPrefix(#"scene.json: layers[0].type: unknown layer type "test-checkr"; did you mean "test-checker"? (known types: "#))
    #expect(e.contains(#""layer""#) && e.contains(#""test-checker""#))
  }

  @Test func animationsDriveAKindsKeyPaths() throws {
    let s = try loadScene(Self.scene(##"""
      "type": "test-checker", "cellSize": 4,
      "animations": {"grow": {"type": "basic", "keyPath": "cellSize", "fromValue": 4, "toValue": 12, "duration": 2},
                     "tint": {"type": "keyframe", "keyPath": "checkerColor", "values": ["#000000", "#FFFFFF"], "duration": 2},
                     "scroll": {"type": "group", "duration": 2,
                                "animations": [{"type": "basic", "keyPath": "phase.x", "toValue": 8, "duration": 2}]}}
      """##))
    let k = try #require(s.root.snapshot(at: 1).sublayers.first?.kindSnapshot(as: CheckerLayer.Snapshot.self))
    #expect(k.cellSize == 8 && k.color == Color(0.5, 0.5, 0.5) && k.phase == Point(4, 0))
  }

  @Test func aKindsKeyPathOnAnotherKindIsAnError() {
    #expect(sceneError(Self.scene(#""animations": {"a": {"type": "basic", "keyPath": "cellSize", "toValue": 3}}"#))
      == #"scene.json: layers[0].animations.a.keyPath: "cellSize" is not a property of a layer of type "layer""#)
  }

  /// A transition's old state is a layer of the same kind, with the kind's properties.
  @Test func transitionsKeepTheKind() throws {
    let s = try loadScene(Self.scene(#"""
      "type": "test-checker", "cellSize": 9,
      "animations": {"t": {"type": "transition", "duration": 1, "from": {"cellSize": 3}}}
      """#))
    let t = try #require(s.root.sublayers.first?.animation(forKey: "t") as? Transition)
    #expect((t.oldState as? CheckerLayer)?.cellSize == 3)
  }
}

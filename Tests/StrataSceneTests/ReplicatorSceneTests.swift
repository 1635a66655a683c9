import Foundation
import Strata
import Testing

@testable import StrataScene

/// `"type": "replicator"`: CAReplicatorLayer's properties with their own names; errors with
/// JSON paths; its key paths animate from scene files.
@Suite struct ReplicatorSceneTests {
  static func scene(_ layer: String) -> String { #"{"width": 100, "height": 80, "layers": [{\#(layer)}]}"# }

  @Test func everyPropertyIsRead() throws {
    let s = try loadScene(Self.scene(##"""
      "type": "replicator", "instanceCount": 5, "instanceTransform": [{"translate": [10, 0]}], "instanceDelay": 0.25,
      "instanceColor": "#FF000080", "instanceRedOffset": -0.1, "instanceGreenOffset": 0.2, "instanceBlueOffset": 0.3,
      "instanceAlphaOffset": -0.4, "preservesDepth": true
      """##))
    let r = try #require(s.root.sublayers.first as? ReplicatorLayer)
    #expect(r.instanceCount == 5 && r.instanceTransform == .translation(10, 0) && r.instanceDelay == 0.25)
    #expect(r.instanceColor == Color(1, 0, 0, 128.0 / 255) && r.preservesDepth)
    #expect([r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset] == [-0.1, 0.2, 0.3, -0.4])
    let plain = try #require(try loadScene(Self.scene(#""type": "replicator""#)).root.sublayers.first as? ReplicatorLayer)
    #expect(plain.instanceCount == 1 && plain.instanceTransform == .identity && plain.instanceColor == .white && !plain.preservesDepth)
  }

  @Test func errorsNameTheJSONPath() {
    #expect(sceneError(Self.scene(#""type": "replicator", "instanceCount": 2.5"#))
      == "scene.json: layers[0].instanceCount: must be a whole number, got 2.5")
    #expect(sceneError(Self.scene(#""type": "replicator", "instanceCount": 20000"#))
      == "scene.json: layers[0].instanceCount: must be between 0 and 10000, got 20000")
    #expect(sceneError(Self.scene(#""type": "replicator", "instanceDelai": 1"#))
      == #"scene.json: layers[0].instanceDelai: unknown property; did you mean "instanceDelay"?"#)
    #expect(sceneError(Self.scene(#""instanceCount": 3"#)) == "scene.json: layers[0].instanceCount: unknown property")
  }

  @Test func keyPathsAnimateFromSceneFiles() throws {
    let s = try loadScene(Self.scene(##"""
      "type": "replicator", "instanceCount": 2,
      "animations": {"t": {"type": "basic", "keyPath": "instanceTransform.rotation.z", "fromValue": 0, "toValue": "90deg", "duration": 2},
                     "n": {"type": "basic", "keyPath": "instanceCount", "fromValue": 2, "toValue": 5, "duration": 2},
                     "a": {"type": "basic", "keyPath": "instanceAlphaOffset", "toValue": -1, "duration": 2}}
      """##))
    let k = try #require(s.root.snapshot(at: 1).sublayers.first?.kindSnapshot(as: ReplicatorLayer.Snapshot.self))
    #expect(abs(k.instanceTransform.m12 - sin(0.25 * Double.pi)) < 1e-9)
    // 3.5 rounds down.
    #expect(k.instanceCount == 3 && k.offsets.alpha == -0.5)
  }
}

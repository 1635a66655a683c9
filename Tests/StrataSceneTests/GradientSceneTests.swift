import Strata
import Testing

@testable import StrataScene

/// `"type": "gradient"`: CAGradientLayer's properties with their own names, except the
/// gradient's shape, `"gradientType"`; errors with JSON paths and suggestions; array values
/// in animations.
@Suite struct GradientSceneTests {
  static func scene(_ layer: String) -> String { #"{"width": 100, "height": 80, "layers": [{\#(layer)}]}"# }

  @Test func everyPropertyIsRead() throws {
    let s = try loadScene(Self.scene(##"""
      "type": "gradient", "bounds": [0, 0, 40, 30], "colors": ["#FF0000", [0, 0, 1, 0.5], "#00FF00"],
      "locations": [0, 0.25, 1], "startPoint": [0, 0], "endPoint": [1, 0.5], "gradientType": "conic"
      """##))
    let g = try #require(s.root.sublayers.first as? GradientLayer)
    #expect(g.colors == [Color(1, 0, 0), Color(0, 0, 1, 0.5), Color(0, 1, 0)] && g.locations == [0, 0.25, 1])
    #expect(g.startPoint == Point(0, 0) && g.endPoint == Point(1, 0.5) && g.type == .conic)
    let plain = try #require(try loadScene(Self.scene(#""type": "gradient", "locations": null"#)).root.sublayers.first as? GradientLayer)
    #expect(plain.locations == nil && plain.type == .axial && plain.colors.isEmpty && plain.startPoint == Point(0.5, 0))
  }

  @Test func errorsNameTheJSONPath() {
    #expect(sceneError(Self.scene(#""type": "gradient", "gradientType": "radiall""#))
      == #"scene.json: layers[0].gradientType: unknown value "radiall"; did you mean "radial"? (known: "axial", "radial", "conic")"#)
    #expect(sceneError(Self.scene(##""type": "gradient", "color": ["#FFFFFF"]"##))
      == #"scene.json: layers[0].color: unknown property; did you mean "colors"?"#)
    #expect(sceneError(Self.scene(##""type": "gradient", "colors": ["#FFFFFF", 3]"##))?.hasPrefix("scene.json: layers[0].colors[1]: ") == true)
    #expect(sceneError(Self.scene(#""type": "gradient", "locations": [0, "a"]"#))?.hasPrefix("scene.json: layers[0].locations[1]: ") == true)
    // CAGradientLayer's own keys are unknown on a plain layer.
    #expect(sceneError(Self.scene(#""colors": []"#)) == "scene.json: layers[0].colors: unknown property")
  }

  @Test func colorsAndLocationsAnimateFromSceneFiles() throws {
    let s = try loadScene(Self.scene(##"""
      "type": "gradient", "colors": ["#000000", "#000000"],
      "animations": {"c": {"type": "basic", "keyPath": "colors", "fromValue": ["#000000", "#FF0000"], "toValue": ["#FFFFFF", "#0000FF"], "duration": 2},
                     "l": {"type": "keyframe", "keyPath": "locations", "values": [[0, 1], [0.5, 1]], "duration": 2},
                     "s": {"type": "basic", "keyPath": "startPoint.y", "toValue": 1, "duration": 2}}
      """##))
    let k = try #require(s.root.snapshot(at: 1).sublayers.first?.kindSnapshot(as: GradientLayer.Snapshot.self))
    #expect(k.colors == [Color(0.5, 0.5, 0.5), Color(0.5, 0, 0.5)] && k.locations == [0.25, 1] && k.startPoint == Point(0.5, 0.5))
    #expect(sceneError(Self.scene(#""type": "gradient", "animations": {"a": {"type": "basic", "keyPath": "locations", "toValue": 1}}"#))?
      .hasPrefix("scene.json: layers[0].animations.a.toValue: ") == true)
  }
}

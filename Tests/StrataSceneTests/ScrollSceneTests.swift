import Strata
import Testing

@testable import StrataScene

/// `"type": "scroll"`: `scrollMode` with Core Animation's names, `scrollPosition` as the
/// bounds origin (animatable), errors with JSON paths.
@Suite struct ScrollSceneTests {
  static func scene(_ layer: String) -> String { #"{"width": 100, "height": 80, "layers": [{\#(layer)}]}"# }

  @Test func keysAreRead() throws {
    let s = try loadScene(Self.scene(#""type": "scroll", "bounds": [1, 2, 60, 40], "scrollMode": "vertically", "scrollPosition": [0, 30]"#))
    let l = try #require(s.root.sublayers.first as? ScrollLayer)
    #expect(l.scrollMode == .vertically && l.bounds == Rect(0, 30, 60, 40) && l.masksToBounds)
    let plain = try #require(try loadScene(Self.scene(#""type": "scroll", "masksToBounds": false"#)).root.sublayers.first as? ScrollLayer)
    #expect(plain.scrollMode == .both && !plain.masksToBounds)
  }

  @Test func errorsNameTheJSONPath() {
    #expect(sceneError(Self.scene(#""type": "scroll", "scrollMode": "vertical""#))?
      .hasPrefix(#"scene.json: layers[0].scrollMode: unknown value "vertical"; did you mean "vertically"?"#) == true)
    #expect(sceneError(Self.scene(#""type": "scroll", "scrollPosition": [1]"#))?
      .hasPrefix("scene.json: layers[0].scrollPosition: expected [x, y]") == true)
    #expect(sceneError(Self.scene(#""scrollPosition": [1, 2]"#)) == "scene.json: layers[0].scrollPosition: unknown property")
  }

  @Test func scrollPositionAnimates() throws {
    let s = try loadScene(Self.scene(##"""
      "type": "scroll", "bounds": [0, 0, 50, 50],
      "animations": {"s": {"type": "basic", "keyPath": "scrollPosition.y", "fromValue": 0, "toValue": 100, "duration": 4}}
      """##))
    let b = try #require(s.root.snapshot(at: 1).sublayers.first?.bounds)
    #expect(b == Rect(0, 25, 50, 50))
  }
}

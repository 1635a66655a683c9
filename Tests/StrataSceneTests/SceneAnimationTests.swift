import Foundation
import Strata
import StrataScene
import Testing

/// Animations and layer timing in scene files.
@Suite struct SceneAnimationTests {
  static func scene(_ layer: String) -> String { #"{"width": 100, "height": 100, "layers": ["# + layer + "]}" }

  @Test func issueExampleSpins() throws {
    let s = try loadScene(Self.scene(#"""
      {"bounds": [0, 0, 10, 10], "animations": {"spin": {"type": "basic", "keyPath": "transform.rotation.z",
        "fromValue": 0, "toValue": 6.283, "duration": 2, "repeatCount": "infinity"}}}
      """#))
    let l = s.layers[0]
    #expect(l.animationKeys == ["spin"])
    let a = try #require(l.animation(forKey: "spin") as? BasicAnimation)
    #expect(a.repeatCount.isInfinite && a.duration == 2 && a.keyPath.path == "transform.rotation.z")
    let m = s.root.presentation(at: 100.5).sublayers[0].transform
    #expect(abs(m.m11 - cos(6.283 / 4)) < 1e-9)
  }

  @Test func everyKindLoads() throws {
    let s = try loadScene(Self.scene(#"""
      {"frame": [0, 0, 10, 10], "beginTime": 1, "speed": 2, "timeOffset": 0.5, "duration": 0, "repeatCount": 0,
       "repeatDuration": 0, "autoreverses": false, "fillMode": "both",
       "animations": {
        "k": {"type": "keyframe", "keyPath": "position", "values": [[0, 0], [10, 0], [10, 10]], "keyTimes": [0, 0.5, 1],
              "timingFunctions": ["easeIn", [0.1, 0.2, 0.3, 1]], "calculationMode": "cubic", "tensionValues": [0, 0, 0],
              "continuityValues": [0, 0, 0], "biasValues": [0, 0, 0], "rotationMode": "autoReverse", "additive": true,
              "cumulative": false, "removedOnCompletion": false},
        "p": {"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 10 0 Q 20 0 20 10 C 20 20 0 20 0 10 Z", "calculationMode": "paced"},
        "s": {"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "mass": 2, "stiffness": 50, "damping": 5, "initialVelocity": 1},
        "g": {"type": "group", "duration": 3, "animations": {"c": {"type": "basic", "keyPath": "backgroundColor", "toValue": "#F00"}}},
        "t": {"type": "transition", "transitionType": "moveIn", "subtype": "fromTop", "startProgress": 0.2, "endProgress": 0.9,
              "from": {"backgroundColor": "#00F"}}
       }}
      """#))
    let l = s.layers[0]
    #expect(l.animationKeys == ["k", "p", "s", "g", "t"])
    #expect(l.speed == 2 && l.fillMode == .both && l.timeOffset == 0.5)
    let spring = try #require(l.animation(forKey: "s") as? SpringAnimation)
    #expect(spring.duration == spring.settlingDuration && spring.mass == 2)
    let t = try #require(l.animation(forKey: "t") as? Transition)
    #expect(t.oldState?.backgroundColor == Color(0, 0, 1) && t.oldState?.frame == Rect(0, 0, 10, 10))
    #expect(t.type == .moveIn && t.subtype == .fromTop)
  }

  @Test(arguments: [
    (#"{"animations": {"spin": {"type": "basic", "keyPath": "transform.rotaton.z"}}}"#,
     #"scene.json: layers[0].animations.spin.keyPath: unknown key path "transform.rotaton.z"; did you mean "transform.rotation.z"?"#),
    (#"{"animations": {"a": {"type": "basik", "keyPath": "opacity"}}}"#, #"layers[0].animations.a.type: unknown animation type "basik"; did you mean "basic"?"#),
    (#"{"animations": {"a": {"type": "basic", "keyPath": "opacity", "toValue": [1, 2]}}}"#, "layers[0].animations.a.toValue: expected a number"),
    (#"{"animations": {"a": {"type": "basic", "keyPath": "position", "toValue": 3}}}"#, "layers[0].animations.a.toValue: expected an array"),
    (#"{"animations": {"a": {"type": "basic", "keyPath": "opacity", "repeatCount": "forever"}}}"#, #"layers[0].animations.a.repeatCount: expected a number or "infinity""#),
    (#"{"animations": {"a": {"type": "basic", "keyPath": "opacity", "fillMode": "forward"}}}"#, #"layers[0].animations.a.fillMode: unknown value "forward"; did you mean "forwards"?"#),
    (#"{"animations": {"a": {"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0.5, 0.2]}}}"#, "layers[0].animations.a.keyTimes: key times must not decrease"),
    (#"{"animations": {"a": {"type": "keyframe", "keyPath": "position", "path": "M 0 0 X 1"}}}"#, #"layers[0].animations.a.path: path: unknown command "X""#),
    (#"{"animations": {"a": {"type": "basic", "keyPath": "opacity", "timingFunction": "easeInOut"}}}"#, #"layers[0].animations.a.timingFunction: unknown timing function "easeInOut""#),
    (#"{"animations": {"g": {"type": "group", "animations": [{"type": "basic", "keyPath": "opacity", "fromValu": 1}]}}}"#, #"layers[0].animations.g.animations[0].fromValu: unknown property; did you mean "fromValue"?"#),
    (#"{"animations": {"t": {"type": "transition", "from": {"opacity": 3}}}}"#, "layers[0].animations.t.from.opacity: must be between 0 and 1"),
    (#"{"speed": "fast"}"#, "layers[0].speed: expected a number"),
  ])
  func errorsNameTheJSONPath(_ layer: String, _ expected: String) {
    let e = sceneError(Self.scene(layer)) ?? "loaded"
    #expect(e.contains(expected), "\(e)")
  }

  @Test func layerTimingSlowsTheSubtree() throws {
    let s = try loadScene(Self.scene(#"""
      {"speed": 0.5, "sublayers": [{"animations": {"f": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}}}]}
      """#))
    #expect(abs(s.root.presentation(at: 1).sublayers[0].sublayers[0].opacity - 0.5) < 1e-12)
  }
}

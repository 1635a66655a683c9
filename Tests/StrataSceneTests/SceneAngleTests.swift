import Foundation
import Strata
import StrataScene
import Testing

/// One unit for angles in scene files: a plain number is radians everywhere, as in Core
/// Animation, and a string with a unit (`"90deg"`, `"1.5rad"`) is accepted wherever an
/// angle goes.
@Suite struct SceneAngleTests {
  static func layer(_ members: String) -> String { #"{"width": 100, "height": 100, "layers": [{\#(members)}]}"# }

  static func transforms(_ steps: [String]) throws -> [Transform3D] {
    let layers = steps.map { #"{"transform": \#($0)}"# }.joined(separator: ", ")
    return try loadScene(#"{"width": 100, "height": 100, "layers": [\#(layers)]}"#).layers.map(\.transform)
  }

  static func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double) -> Bool {
    zip(a.values, b.values).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test func degreesAndRadiansGiveTheSameRotation() throws {
    let t = try Self.transforms([
      #"[{"rotate": "90deg"}]"#, #"[{"rotate": 1.5707963}]"#, #"[{"rotate": "1.5707963rad"}]"#,
      #"[{"rotate": ["90deg", 0, 0, 1]}]"#, #"[{"rotate": [1.5707963, 0, 0, 1]}]"#,
    ])
    // 1.5707963 is π/2 to 8 digits.
    for other in t.dropFirst() { #expect(Self.close(t[0], other, 1e-7), "\(t[0]) vs \(other)") }
    // Where the quarter turn takes points, worked out by hand: +x goes to +y.
    let x = t[0].apply(x: 1, y: 0), y = t[0].apply(x: 0, y: 1)
    #expect(abs(x.x) < 1e-15 && x.y == 1 && y.x == -1 && abs(y.y) < 1e-15)
  }

  @Test func aPlainNumberIsRadians() throws {
    let t = try Self.transforms([#"[{"rotate": 2}]"#, #"[{"rotate": [-0.5, 0, 1, 0]}]"#, #"[{"rotate": "-0.5rad"}]"#])
    #expect(abs(t[0].m11 - cos(2)) < 1e-15 && abs(t[0].m12 - sin(2)) < 1e-15)
    #expect(t[1] == .rotation(-0.5, 0, 1, 0))
    #expect(t[2] == .rotation(-0.5, 0, 0, 1))
  }

  /// Degrees convert as `d × π / 180`, so scenes rewritten from the old degree numbers to
  /// `"…deg"` strings render bit for bit as before.
  @Test(arguments: [20.0, -12, 55, -55, 160, 70, 45, 0, 360, 1e2, 0.5])
  func degreesConvertExactly(_ d: Double) throws {
    let written = d == 1e2 ? "1e2" : d == d.rounded() ? String(Int(d)) : String(d)
    let t = try Self.transforms([#"[{"rotate": "\#(written)deg"}]"#, #"[{"rotate": ["\#(d >= 0 ? "+" : "")\#(written)deg", 1, 0, 0]}]"#])
    #expect(t[0] == .rotation(d * .pi / 180, 0, 0, 1))
    #expect(t[1] == .rotation(d * .pi / 180, 1, 0, 0))
  }

  @Test func animationValuesOfAngleKeyPathsTakeUnits() throws {
    let s = try loadScene(Self.layer(#"""
      "animations": {
        "spin": {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": "0deg", "toValue": "180deg", "byValue": 1},
        "tilt": {"type": "keyframe", "keyPath": "sublayerTransform.rotation.x", "values": ["-30deg", 0.25, "2rad"]},
        "turn": {"type": "basic", "keyPath": "transform", "toValue": [{"rotate": "45deg"}]}
      }
      """#)).layers[0]
    let spin = try #require(l(s, "spin") as? BasicAnimation)
    #expect(spin.fromValue?.animationValue == 0 && spin.byValue?.animationValue == 1)
    #expect(spin.toValue?.animationValue == .number(180 * .pi / 180))
    let tilt = try #require(l(s, "tilt") as? KeyframeAnimation)
    #expect(tilt.values.map(\.animationValue) == [.number(-30 * .pi / 180), 0.25, 2])
    let turn = try #require(l(s, "turn") as? BasicAnimation)
    #expect(turn.toValue?.animationValue == .transform(.rotation(45 * .pi / 180, 0, 0, 1)))
  }

  func l(_ layer: Layer, _ key: String) -> Animation? { layer.animation(forKey: key) }

  @Test(arguments: [
    (#""transform": [{"rotate": "90dg"}]"#,
     #"layers[0].transform[0].rotate: unknown angle "90dg"; did you mean "90deg"? (an angle is a number of radians, or a string such as "90deg" or "1.5rad")"#),
    (#""transform": [{"rotate": ["90 deg", 0, 1, 0]}]"#,
     #"layers[0].transform[0].rotate[0]: unknown angle "90 deg"; did you mean "90deg"? (an angle is a number of radians, or a string such as "90deg" or "1.5rad")"#),
    (#""transform": [{"rotate": "90degrees"}]"#,
     #"layers[0].transform[0].rotate: unknown angle "90degrees"; did you mean "90deg"? (an angle is a number of radians, or a string such as "90deg" or "1.5rad")"#),
    (#""transform": [{"rotate": "90"}]"#,
     #"layers[0].transform[0].rotate: the angle "90" has no unit: write "90deg", or the number 90 for radians"#),
    (#""transform": [{"rotate": "deg"}]"#,
     #"layers[0].transform[0].rotate: unknown angle "deg" (an angle is a number of radians, or a string such as "90deg" or "1.5rad")"#),
    (#""transform": [{"rotate": "infdeg"}]"#,
     #"layers[0].transform[0].rotate: unknown angle "infdeg" (an angle is a number of radians, or a string such as "90deg" or "1.5rad")"#),
    (#""transform": [{"rotate": true}]"#,
     #"layers[0].transform[0].rotate: expected an angle (radians, or a string such as "90deg") or [angle, x, y, z], got a boolean"#),
    (#""transform": [{"rotate": [true, 0, 0, 1]}]"#,
     #"layers[0].transform[0].rotate[0]: expected an angle (radians, or a string such as "90deg"), got a boolean"#),
    (#""transform": [{"rotate": ["90deg", 0, 0]}]"#,
     "layers[0].transform[0].rotate: expected [angle, x, y, z]: an array of 4 values, got 3"),
    (#""animations": {"spin": {"type": "basic", "keyPath": "transform.rotation.z", "toValue": "180dgr"}}"#,
     #"layers[0].animations.spin.toValue: unknown angle "180dgr"; did you mean "180deg"? (an angle is a number of radians, or a string such as "90deg" or "1.5rad")"#),
    (#""animations": {"k": {"type": "keyframe", "keyPath": "transform.rotation", "values": [0, "1turn"]}}"#,
     #"layers[0].animations.k.values[1]: unknown angle "1turn" (an angle is a number of radians, or a string such as "90deg" or "1.5rad")"#),
    (#""animations": {"x": {"type": "basic", "keyPath": "position.x", "toValue": "90deg"}}"#,
     "layers[0].animations.x.toValue: expected a number, got a string"),
  ])
  func badAnglesNameThePath(_ members: String, _ expected: String) {
    #expect(sceneError(Self.layer(members)) == "scene.json: " + expected)
  }
}

import Foundation
import Testing

@testable import Strata

/// The animation API reads as Core Animation's does: animations are objects configured
/// after they are made, values are plain numbers, points and colours, and key paths are
/// strings.
@Suite struct AnimationAPITests {
  /// Where `t` takes the point (x, y) of the layer plane.
  static func map(_ t: Transform3D, _ x: Double, _ y: Double) -> Point {
    let p = t.apply(x: x, y: y)
    return Point(p.x / p.w, p.y / p.w)
  }

  /// The snippet from the issue, as written there.
  /// docs/Animation.md's example, as written there (DocumentationTests keeps it so).
  @Test func theAnimationDocsExampleSpinsTheLayer() {
    let layer = Layer()
    let a = BasicAnimation(keyPath: "transform.rotation.z")
    a.fromValue = 0
    a.toValue = Double.pi
    a.duration = 1
    layer.add(a, forKey: "spin")
    // The copy on the layer turns it a quarter at 0.5 s: +x goes to +y.
    let x = Self.map(layer.presentation(at: 0.5).transform, 1, 0)
    #expect(abs(x.x) < 1e-12 && abs(x.y - 1) < 1e-12, "\(x)")
    // Changing the animation afterwards changes nothing on the layer.
    a.toValue = 0
    #expect(abs(Self.map(layer.presentation(at: 0.5).transform, 1, 0).y - 1) < 1e-12)
  }

  @Test func theIssuesSnippetSpinsTheLayer() {
    let layer = Layer()
    // swift-format-ignore
    let a = BasicAnimation(keyPath: "transform.rotation.z"); a.fromValue = 0; a.toValue = Double.pi; a.duration = 1; layer.add(a, forKey: "spin")
    #expect(layer.animationKeys == ["spin"])
    // Half way the layer has turned a quarter about z: +x goes to +y (clockwise on screen).
    // Checked by where points go, not by the rotation formula.
    let half = layer.presentation(at: 0.5).transform
    let x = Self.map(half, 1, 0), y = Self.map(half, 0, 1)
    #expect(abs(x.x) < 1e-12 && abs(x.y - 1) < 1e-12 && abs(y.x + 1) < 1e-12 && abs(y.y) < 1e-12, "\(x) \(y)")
    // A quarter of the way, 45°: (1, 0) goes to (√½, √½).
    let q = Self.map(layer.presentation(at: 0.25).transform, 1, 0)
    #expect(abs(q.x - 0.5.squareRoot()) < 1e-12 && abs(q.y - 0.5.squareRoot()) < 1e-12)
    // After one second it is over and the model shows.
    #expect(layer.presentation(at: 1.5).transform == .identity)
  }

  /// `add(_:forKey:)` keeps a copy, as Core Animation copies the animation it is given.
  @Test func addingCopiesTheAnimation() {
    let layer = Layer()
    let a = BasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = 2
    layer.add(a, forKey: "fade")
    a.toValue = 0
    a.duration = 10
    #expect(layer.presentation(at: 1).opacity == 0.5)
    // What `animation(forKey:)` hands back is a copy too.
    let attached = layer.animation(forKey: "fade") as? BasicAnimation
    #expect(attached?.toValue?.animationValue == .number(1) && attached?.duration == 2)
    attached?.toValue = 0
    #expect(layer.presentation(at: 1).opacity == 0.5)
    // The copy has the class of the original.
    #expect(a.copy() !== a && type(of: a.copy()) == BasicAnimation.self)
  }

  /// Values are the property's own types: numbers for scalar key paths (integer and
  /// floating-point literals alike), `Point`, `Size`, `Rect`, `Color`, `Transform3D`, `Bool`.
  @Test func valuesTakeThePropertysOwnTypes() {
    let layer = Layer()
    let move = BasicAnimation(keyPath: "position", from: Point(0, 0), to: Point(100, 50), duration: 1)
    let tint = BasicAnimation(keyPath: "backgroundColor")
    tint.fromValue = Color(1, 0, 0)
    tint.toValue = Color(0, 0, 1)
    tint.duration = 1
    let hide = KeyframeAnimation(keyPath: "hidden")
    hide.values = [false, true]
    hide.keyTimes = [0, 0.4]
    hide.calculationMode = .discrete
    hide.duration = 1
    let grow = BasicAnimation(keyPath: "bounds.size")
    grow.toValue = Size(20, 10)
    grow.duration = 1
    for (key, a) in [("move", move), ("tint", tint), ("hide", hide), ("grow", grow)] as [(String, Animation)] {
      layer.add(a, forKey: key)
    }
    let p = layer.presentation(at: 0.5)
    #expect(p.position == Point(50, 25))
    #expect(p.backgroundColor == Color(0.5, 0, 0.5))
    #expect(p.isHidden && p.bounds.size == Size(10, 5))
    // AnimationValue itself takes literals.
    let v: AnimationValue = 2, w: AnimationValue = 0.5, b: AnimationValue = true
    #expect(v == .number(2) && w == .number(0.5) && b == .bool(true))
  }

  @Test func keyframesWithValuesAndKeyTimes() {
    let layer = Layer()
    let k = KeyframeAnimation(keyPath: "opacity")
    k.values = [0, 1, 0.5]
    k.keyTimes = [0, 0.25, 1]
    k.duration = 2
    layer.add(k, forKey: "pulse")
    #expect(layer.presentation(at: 0.25).opacity == 0.5)
    #expect(layer.presentation(at: 0.5).opacity == 1)
    #expect(abs(layer.presentation(at: 1.25).opacity - 0.75) < 1e-12)
    #expect(k.values.map(\.animationValue) == [.number(0), .number(1), .number(0.5)])
  }

  /// `CASpringAnimation` is a `CABasicAnimation`; groups and transitions are configured
  /// after they are made, as `CAAnimationGroup()` and `CATransition()` are.
  @Test func springsGroupsAndTransitions() throws {
    let spring = SpringAnimation(keyPath: "position.y")
    spring.fromValue = 0
    spring.toValue = 100
    spring.damping = 20
    spring.duration = spring.settlingDuration
    let basic: BasicAnimation = spring
    #expect(basic.toValue?.animationValue == .number(100))
    let layer = Layer()
    layer.add(spring, forKey: "drop")
    #expect(abs(layer.presentation(at: 0.3).position.y - 100 * spring.progress(at: 0.3)) < 1e-9)

    let fade = BasicAnimation(keyPath: .opacity)
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 1
    let group = AnimationGroup()
    group.animations = [fade]
    group.duration = 2
    let g = Layer()
    g.add(group, forKey: "group")
    #expect(g.presentation(at: 0.5).opacity == 0.5 && g.presentation(at: 1.5).opacity == 1)

    let root = Layer()
    let t = Layer(frame: Rect(0, 0, 10, 10))
    try root.addSublayer(t)
    let push = Transition()
    push.type = .push
    push.subtype = .fromRight
    push.duration = 1
    t.add(push, forKey: "transition")
    #expect(root.presentation(at: 0.5).sublayers[0].sublayers.count == 2)
  }

  /// Typed constants for the common key paths name the same paths as the strings.
  @Test func keyPathConstants() {
    let pairs: [(AnimatableKeyPath, String)] = [
      (.opacity, "opacity"), (.position, "position"), (.positionX, "position.x"), (.positionY, "position.y"),
      (.bounds, "bounds"), (.transform, "transform"), (.transformRotationZ, "transform.rotation.z"),
      (.transformRotation, "transform.rotation"), (.transformScale, "transform.scale"),
      (.transformTranslationX, "transform.translation.x"), (.backgroundColor, "backgroundColor"),
      (.hidden, "hidden"), (.shadowOffset, "shadowOffset"), (.sublayerTransform, "sublayerTransform"),
    ]
    for (constant, path) in pairs { #expect(constant.path == path) }
    // Angles (radians) are the rotation sub-paths and the emitter cells' angles, and only those.
    let all = AnimatableKeyPath.all.filter { AnimatableKeyPath($0)!.isAngle }
    let angles = all.filter { !$0.hasPrefix("emitterCells.") }
    #expect(Set(all.filter { $0.hasPrefix("emitterCells.") }.map { $0.split(separator: ".").last! })
      == ["emissionLatitude", "emissionLongitude", "emissionRange", "spin", "spinRange"])
    #expect(angles == ["instanceTransform.rotation", "instanceTransform.rotation.x", "instanceTransform.rotation.y",
      "instanceTransform.rotation.z", "sublayerTransform.rotation", "sublayerTransform.rotation.x", "sublayerTransform.rotation.y",
      "sublayerTransform.rotation.z", "transform.rotation", "transform.rotation.x", "transform.rotation.y", "transform.rotation.z"])
    // Every top-level animatable property has one.
    #expect(Set(AnimatableKeyPath.constants.map(\.path)).isSuperset(of: AnimatableKeyPath.properties))
    #expect(AnimatableKeyPath.constants.allSatisfy { AnimatableKeyPath($0.path) != nil })
    // Key paths read at run time go through the failable initialiser.
    let good = ["transform", "rotation", "z"].joined(separator: "."), bad = good.replacingOccurrences(of: "tion", with: "ton")
    #expect(AnimatableKeyPath(good) == .transformRotationZ && AnimatableKeyPath(bad) == nil)
  }

  /// A value of the wrong kind is a programmer's mistake: adding the animation traps with
  /// a sentence, instead of the frame trapping later.
  @Test func aValueOfTheWrongKindTrapsWhenAdded() async throws {
    let result = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent],
      performing: {
        let a = BasicAnimation(keyPath: "position")
        a.toValue = 3
        Layer().add(a, forKey: "bad")
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("toValue is a number (3.0), but position takes a point"), "\(message)")
  }

  @Test func anUnknownKeyPathLiteralTraps() async throws {
    let result = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent],
      performing: { _ = BasicAnimation(keyPath: "transform.rotaton.z") })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("\"transform.rotaton.z\" is not an animatable key path"), "\(message)")
  }
}

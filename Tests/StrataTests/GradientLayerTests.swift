import Foundation
import Testing

@testable import Strata

/// `GradientLayer`'s model: defaults, copies, key paths, and the array animation values its
/// `colors` and `locations` animate with.
@Suite struct GradientLayerTests {
  static let red = Color(1, 0, 0), blue = Color(0, 0, 1), green = Color(0, 1, 0)

  @Test func defaultsAreCoreAnimations() {
    let g = GradientLayer()
    #expect(g.colors.isEmpty && g.locations == nil && g.type == .axial)
    #expect(g.startPoint == Point(0.5, 0) && g.endPoint == Point(0.5, 1))
    #expect(LayerKinds.named("gradient") == GradientLayer.self)
  }

  @Test func copiesKeepEveryGradientProperty() throws {
    let g = GradientLayer(frame: Rect(0, 0, 10, 10))
    (g.colors, g.locations, g.startPoint, g.endPoint, g.type) = ([Self.red, Self.blue], [0.2, 0.9], Point(0, 0), Point(1, 1), .conic)
    for copy in [g.deepCopy(), g.presentation(at: 0)] {
      let c = try #require(copy as? GradientLayer)
      #expect(c.colors == [Self.red, Self.blue] && c.locations == [0.2, 0.9] && c.type == .conic)
      #expect(c.startPoint == Point(0, 0) && c.endPoint == Point(1, 1))
    }
  }

  /// An array case is one reference: the enum stays at 24 bytes (long keyframe lists of
  /// numbers cost that per element).
  @Test func arrayValuesKeepAnimationValuesSmall() {
    #expect(MemoryLayout<AnimationValue>.size <= 24)
  }

  @Test func keyPathsAreRegisteredWithTheirKinds() throws {
    let (c, l, s, ex) = ("colors", "locations", "startPoint", "endPoint.x")
    #expect(AnimatableKeyPath(c)?.kind == .colorArray && AnimatableKeyPath(l)?.kind == .numberArray)
    #expect(AnimatableKeyPath(s)?.kind == .point && AnimatableKeyPath(ex)?.kind == .number)
    let t = "type"
    #expect(AnimatableKeyPath(t) == nil)  // not animatable in Core Animation
    let names = AnimatableKeyPath.implicitlyAnimated(for: GradientLayer()).map(\.path)
    #expect(names.contains("colors") && names.contains("locations") && names.contains("startPoint"))
  }

  /// Equal counts blend element by element; different counts jump to the new array as soon
  /// as the animation moves (Core Animation's rule), and stay at the old one at 0.
  @Test func arraysInterpolateElementWiseOrJump() {
    let a = AnimationValue.numbers([0, 1]), b = AnimationValue.numbers([1, 3])
    #expect(a.interpolated(to: b, 0.25) == .numbers([0.25, 1.5]))
    let three = AnimationValue.numbers([0, 0.5, 1])
    #expect(a.interpolated(to: three, 0) == a && a.interpolated(to: three, 0.01) == three)
    let c = AnimationValue.colors([Self.red, Self.blue]), d = AnimationValue.colors([Self.blue, Self.green])
    #expect(c.interpolated(to: d, 0.5) == .colors([Color(0.5, 0, 0.5), Color(0, 0.5, 0.5)]))
    #expect(c.interpolated(to: .colors([Self.green]), 0.5) == .colors([Self.green]))
    // Additive: the zero (empty) adds nothing; equal counts add element by element.
    #expect(AnimationValue.zero(.numberArray).adding(a) == a && a.adding(b) == .numbers([1, 4]))
    #expect(b.subtracting(a) == .numbers([1, 2]) && a.subtracting(three) == a)
    #expect(a.distance(to: b) == 5.0.squareRoot() && a.distance(to: three) == 0)
  }

  @Test func colorsAndLocationsAnimate() throws {
    let g = GradientLayer(frame: Rect(0, 0, 10, 10))
    g.colors = [Self.red, Self.blue]
    g.add(BasicAnimation(keyPath: "colors", from: [Self.red, Self.blue], to: [Self.blue, Self.red], duration: 2), forKey: "c")
    // From nil locations: what is on screen, [0, 1], to [0.5, 1].
    g.add(BasicAnimation(keyPath: "locations", to: [0.5, 1], duration: 2), forKey: "l")
    g.add(BasicAnimation(keyPath: "endPoint.x", from: 0, to: 1, duration: 2), forKey: "e")
    let p = try #require(g.presentation(at: 1) as? GradientLayer)
    #expect(p.colors == [Color(0.5, 0, 0.5), Color(0.5, 0, 0.5)])
    #expect(p.locations == [0.25, 1])
    #expect(p.endPoint == Point(0.5, 1))
    #expect(g.locations == nil)  // the model is untouched
    let s = try #require(g.snapshot(at: 1).kindSnapshot(as: GradientLayer.Snapshot.self))
    #expect(s.locations == [0.25, 1] && s.colors == p.colors)
  }

  /// A keyframe animation whose keys change count jumps at the key, even in cubic mode
  /// (a spline cannot pass through arrays of different lengths).
  @Test func keyframesOfDifferentCountsJump() throws {
    let g = GradientLayer(frame: Rect(0, 0, 10, 10))
    let k = KeyframeAnimation(keyPath: "locations", values: [[0.0, 1.0], [0.5, 1.0], [0.0, 0.5, 1.0]], duration: 2)
    k.calculationMode = .cubic
    g.add(k, forKey: "k")
    let early = try #require((g.presentation(at: 0.5) as? GradientLayer)?.locations)
    #expect(early.count == 2 && early[0] > 0 && early[0] < 0.5)
    #expect((g.presentation(at: 1.5) as? GradientLayer)?.locations == [0, 0.5, 1])
  }

  @Test func implicitAnimationsBlendColours() throws {
    let root = Layer(), g = GradientLayer(frame: Rect(0, 0, 10, 10))
    g.colors = [Self.red, Self.red]
    try root.addSublayer(g)
    let tree = RenderTree(root: root, clock: ManualClock(0))
    tree.transaction {
      tree.animationDuration = 1
      tree.animationTimingFunction = .linear
      g.colors = [Self.blue, Self.blue]
    }
    let p = try #require(tree.root.presentation(at: 0.5).sublayers[0] as? GradientLayer)
    #expect(p.colors == [Color(0.5, 0, 0.5), Color(0.5, 0, 0.5)])
  }
}

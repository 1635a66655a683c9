import Foundation
import Testing

@testable import Strata

@Suite struct AnimationKindTests {
  /// The analytic solution against a numerical one: RK4 on m·x'' + c·x' + k·(x − 1) = 0.
  @Test(arguments: [(1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 20.0, 0.0), (2.0, 50.0, 40.0, -3.0), (0.5, 300.0, 4.0, 5.0)])
  func springPositionsFollowTheDampedOscillator(_ m: Double, _ k: Double, _ c: Double, _ v0: Double) {
    let s = SpringAnimation(keyPath: "position.x", from: 0, to: 200)
    (s.mass, s.stiffness, s.damping, s.initialVelocity) = (m, k, c, v0)
    var x = 0.0, v = v0
    let h = 1e-4
    var t = 0.0
    func acc(_ x: Double, _ v: Double) -> Double { (-c * v - k * (x - 1)) / m }
    for step in 1...20000 {
      let k1x = v, k1v = acc(x, v)
      let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
      let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
      let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      t = Double(step) * h
      if step % 1000 == 0 { #expect(abs(s.progress(at: t) - x) < 1e-8, "t = \(t)") }
    }
    // Through a layer: position.x = 200·x(t).
    let l = Layer()
    s.duration = 10
    l.add(s, forKey: "spring")
    #expect(abs(l.presentation(at: 0.3).position.x - 200 * s.progress(at: 0.3)) < 1e-9)
  }

  @Test func underdampedSpringMatchesTheClosedForm() {
    let s = SpringAnimation(keyPath: "opacity", from: 0, to: 1)
    // m 1, k 100, c 10: ω0 10, ζ 0.5, ωd = 10·√0.75.
    let wd = 10 * 0.75.squareRoot()
    for t in [0.05, 0.2, 0.7] {
      let expected = 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
      #expect(abs(s.progress(at: t) - expected) < 1e-12)
    }
    #expect(s.settlingDuration > 1 && s.settlingDuration < 2)
  }

  @Test func durationAndBounceSpring() {
    let s = SpringAnimation(keyPath: "opacity", perceptualDuration: 0.5, bounce: 0.3)
    #expect(abs(s.naturalFrequency - 4 * .pi) < 1e-9)
    #expect(abs(s.dampingRatio - 0.7) < 1e-9)
    #expect(s.duration == s.settlingDuration)
  }

  /// Paced keyframes: equal time steps cover equal distances.
  @Test func pacedKeyframesMoveAtConstantSpeed() {
    let a = KeyframeAnimation(
      keyPath: "position", values: [Point.zero, Point(100, 0), Point(100, 300)], duration: 1)
    a.calculationMode = .paced
    a.keyTimes = [0, 0.9, 1]  // ignored when paced
    let l = Layer()
    l.add(a, forKey: "p")
    #expect(l.presentation(at: 0.25).position == Point(100, 0))
    #expect(l.presentation(at: 0.5).position == Point(100, 100))
    // Along a circle path (curves): arc length, not the Bézier parameter.
    let c = KeyframeAnimation(keyPath: "position", path: Path(ellipseIn: Rect(0, 0, 200, 200)), duration: 1)
    c.calculationMode = .paced
    let m = Layer()
    m.add(c, forKey: "c")
    // Before the end: at t = 1 the animation is over and the model value shows.
    let points = (0..<40).map { m.presentation(at: Double($0) / 40).position }
    let steps = zip(points, points.dropFirst()).map { a, b in ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
    let mean = steps.reduce(0, +) / Double(steps.count)
    #expect(abs(mean - 2 * .pi * 100 / 40) < 0.05)
    #expect(steps.allSatisfy { abs($0 - mean) / mean < 0.01 }, "\(steps)")
  }

  @Test func linearKeyframesWithKeyTimesAndTimingFunctions() {
    let a = KeyframeAnimation(keyPath: "opacity", values: [0, 1, 0.5], duration: 2)
    a.keyTimes = [0, 0.25, 1]
    a.timingFunctions = [.linear, .easeIn]
    let l = Layer()
    l.add(a, forKey: "k")
    #expect(abs(l.presentation(at: 0.25).opacity - 0.5) < 1e-12)
    // t = 1 is fraction 0.5: a third of the way through the second segment, eased.
    let eased = TimingFunction.easeIn.value(at: 1.0 / 3)
    let expected = 1 - 0.5 * eased
    #expect(abs(l.presentation(at: 1.0).opacity - expected) < 1e-9)
  }

  @Test func discreteAndCubicKeyframes() {
    let d = KeyframeAnimation(keyPath: "opacity", values: [0, 0.5, 1], duration: 3)
    d.calculationMode = .discrete
    let l = Layer()
    l.add(d, forKey: "d")
    #expect(l.presentation(at: 0.9).opacity == 0 && l.presentation(at: 1.1).opacity == 0.5 && l.presentation(at: 2.5).opacity == 1)
    // Catmull-Rom (cubic with zero TCB) through collinear, evenly spaced keys is linear.
    let c = KeyframeAnimation(keyPath: "position.x", values: [0, 10, 20, 30], duration: 3)
    c.calculationMode = .cubic
    let m = Layer()
    m.add(c, forKey: "c")
    #expect(abs(m.presentation(at: 1.5).position.x - 15) < 1e-9)
    // It passes through every key.
    c.values = [0, 40, 10, 30]
    m.add(c, forKey: "c")
    #expect(abs(m.presentation(at: 1).position.x - 40) < 1e-9 && abs(m.presentation(at: 2).position.x - 10) < 1e-9)
  }

  @Test func rotationModeFollowsThePath() {
    let a = KeyframeAnimation(keyPath: "position", values: [Point.zero, Point(0, 100)], duration: 1)
    a.rotationMode = .auto
    let l = Layer()
    l.add(a, forKey: "r")
    // Moving down (+y) is a quarter turn clockwise on screen.
    #expect(AnimationValueTests.close(l.presentation(at: 0.5).transform, .rotation(.pi / 2, 0, 0, 1)))
  }

  @Test func groupRunsChildrenOnItsTimeline() {
    let child = BasicAnimation(keyPath: "opacity", from: 0, to: 1, duration: 1)
    child.beginTime = 1
    let g = AnimationGroup([child], duration: 4)
    g.beginTime = 2
    g.speed = 2
    let l = Layer()
    l.add(g, forKey: "g")
    // Global 2.75: group time 1.5, child half way.
    #expect(abs(l.presentation(at: 2.75).opacity - 0.5) < 1e-12)
    #expect(l.presentation(at: 1).opacity == 1)
  }

  @Test func pushTransitionPlacesOldAndNewContent() throws {
    let root = Layer()
    let l = Layer(frame: Rect(10, 10, 100, 50))
    l.backgroundColor = Color(1, 0, 0)
    try root.addSublayer(l)
    let t = Transition(.push, subtype: .fromRight, duration: 1)
    t.timingFunction = .linear
    l.add(t, forKey: "transition")
    l.backgroundColor = Color(0, 0, 1)
    let p = root.presentation(at: 0.25).sublayers[0]
    #expect(p.sublayers.count == 2 && p.frame == Rect(10, 10, 100, 50) && p.backgroundColor == nil)
    let (old, new) = (p.sublayers[0], p.sublayers[1])
    #expect(old.backgroundColor == Color(1, 0, 0) && new.backgroundColor == Color(0, 0, 1))
    #expect(old.frame == Rect(-25, 0, 100, 50) && new.frame == Rect(75, 0, 100, 50))
    #expect(p.modelLayer === l)
    // Afterwards: just the new state.
    #expect(root.presentation(at: 2).sublayers[0].sublayers.isEmpty)
    // Fade: opacities cross.
    let f = Transition(.fade, duration: 1)
    f.timingFunction = .linear
    f.startProgress = 0.5
    l.add(f, forKey: "transition")
    let q = root.presentation(at: 0.5).sublayers[0]
    #expect(abs(q.sublayers[0].opacity - 0.25) < 1e-12 && abs(q.sublayers[1].opacity - 0.75) < 1e-12)
  }

  @Test func hitTestingUsesThePresentation() throws {
    let root = Layer()
    root.bounds = Rect(0, 0, 400, 400)
    root.anchorPoint = .zero
    let l = Layer(frame: Rect(0, 0, 50, 50))
    try root.addSublayer(l)
    l.add(BasicAnimation(keyPath: "position", to: Point(325, 325), duration: 1), forKey: "m")
    #expect(root.hitTest(Point(320, 320), at: 1 - 1e-9) === l)
    #expect(root.hitTest(Point(320, 320), at: 0) === root)
    #expect(root.hitTest(Point(320, 320)) === root)
  }

  /// Every stored property of `Layer` is either copied into presentation copies or
  /// deliberately left to the callers.
  @Test func presentationCopiesEveryLayerProperty() {
    let stored = Set(Mirror(reflecting: Layer()).children.compactMap(\.label).map { $0.hasPrefix("$__lazy_storage_$_") ? String($0.dropFirst(18)) : $0 })
    #expect(stored.subtracting(Layer.copiedPropertyNames).sorted() == [], "add these to Layer.copyProperties(from:)")
  }
}

@Suite struct PresentationModelTests {
  /// Without animations the presentation snapshot is the model snapshot, field for field.
  @Test func presentationWithoutAnimationsIsTheModel() throws {
    let root = Layer()
    root.bounds = Rect(0, 0, 100, 100)
    let l = Layer(frame: Rect(5, 6, 30, 40))
    l.backgroundColor = Color(0.1, 0.2, 0.3)
    (l.cornerRadius, l.borderWidth, l.opacity, l.shadowOpacity, l.zPosition) = (4, 2, 0.5, 0.3, 2)
    l.transform = .rotation(0.3, 0, 1, 0)
    l.compositingFilter = .multiplyBlendMode
    l.mask = Layer(frame: Rect(0, 0, 10, 10))
    l.contents = Image(width: 2, height: 2) { _, _ in (1, 2, 3, 255) }
    try root.addSublayer(l)
    try l.addSublayer(Layer(frame: Rect(1, 1, 2, 2)))
    var a = "", b = ""
    dump(root.snapshot(), to: &a)
    dump(root.snapshot(at: 3), to: &b)
    #expect(a == b)
  }
}

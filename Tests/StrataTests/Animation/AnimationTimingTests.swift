import Testing

@testable import Strata

/// Timing functions and media timing against Core Animation's definitions.
@Suite struct AnimationTimingTests {
  /// Reference values: the Bézier solved by 200 bisection steps in double precision
  /// (an independent solver), e.g. CSS `ease` at 50% = 0.8024033876.
  @Test(arguments: [
    (TimingFunction.default, [0.4085105914, 0.8024033876, 0.9604589783]),
    (TimingFunction.easeIn, [0.0934646507, 0.3153568126, 0.6218618692]),
    (TimingFunction.easeOut, [0.3781381308, 0.6846431874, 0.9065353493]),
    (TimingFunction.easeInEaseOut, [0.129161931, 0.5, 0.870838069]),
    (TimingFunction.linear, [0.25, 0.5, 0.75]),
  ])
  func namedCurvesAtKnownPoints(_ f: TimingFunction, _ expected: [Double]) {
    for (x, y) in zip([0.25, 0.5, 0.75], expected) {
      #expect(abs(f.value(at: x) - y) < 1e-9, "\(f) at \(x): \(f.value(at: x)) != \(y)")
    }
    #expect(f.value(at: 0) == 0 && f.value(at: 1) == 1)
  }

  @Test func controlPointsAreCoreAnimations() {
    #expect(TimingFunction.easeIn == TimingFunction(0.42, 0, 1, 1))
    #expect(TimingFunction.easeOut == TimingFunction(0, 0, 0.58, 1))
    #expect(TimingFunction.easeInEaseOut == TimingFunction(0.42, 0, 0.58, 1))
    #expect(TimingFunction.default == TimingFunction(0.25, 0.1, 0.25, 1))
  }

  /// A steep custom curve, where Newton's method alone stalls: the result must lie on the
  /// curve, checked by evaluating the curve at the solved parameter.
  @Test func customCurveIsSolvedAccurately() {
    let f = TimingFunction(0.9, 0, 0.1, 1)
    for x in stride(from: 0.01, to: 1, by: 0.01) {
      let s = f.solve(x)
      #expect(abs(TimingFunction.bezier(s, 0.9, 0.1) - x) < 1e-9)
    }
    // Overshooting y is allowed (back-out).
    #expect(TimingFunction(0.34, 1.56, 0.64, 1).value(at: 0.6) > 1)
  }

  static func animatedLayer(_ configure: (BasicAnimation) -> Void) -> Layer {
    let l = Layer()
    l.position = Point(500, 0)
    let a = BasicAnimation(keyPath: "position.x", from: 0, to: 100, duration: 1)
    configure(a)
    l.add(a, forKey: "x")
    return l
  }

  static func x(_ l: Layer, _ t: Double) -> Double { l.presentation(at: t).position.x }

  @Test func fillModesBeforeAndAfterTheActiveInterval() {
    func layer(_ fill: FillMode, kept: Bool) -> Layer {
      Self.animatedLayer {
        $0.beginTime = 1
        $0.fillMode = fill
        $0.isRemovedOnCompletion = !kept
      }
    }
    // Before: only backwards/both show the start value.
    #expect(Self.x(layer(.removed, kept: true), 0.5) == 500)
    #expect(Self.x(layer(.forwards, kept: true), 0.5) == 500)
    #expect(Self.x(layer(.backwards, kept: true), 0.5) == 0)
    #expect(Self.x(layer(.both, kept: true), 0.5) == 0)
    // During.
    #expect(Self.x(layer(.removed, kept: false), 1.5) == 50)
    // After: forwards/both hold the end value while the animation is kept.
    #expect(Self.x(layer(.removed, kept: true), 2.5) == 500)
    #expect(Self.x(layer(.backwards, kept: true), 2.5) == 500)
    #expect(Self.x(layer(.forwards, kept: true), 2.5) == 100)
    #expect(Self.x(layer(.both, kept: true), 2.5) == 100)
    #expect(Self.x(layer(.forwards, kept: false), 2.5) == 500)
  }

  @Test func repeatWithAutoreverse() {
    let l = Self.animatedLayer {
      $0.repeatCount = 2
      $0.autoreverses = true
      $0.fillMode = .forwards
      $0.isRemovedOnCompletion = false
    }
    // Each cycle: 1 s forwards, 1 s back; two cycles take 4 s.
    let expected: [(Double, Double)] = [(0.25, 25), (1.25, 75), (2.5, 50), (3.75, 25), (4, 0), (5, 0)]
    for (t, x) in expected { #expect(abs(Self.x(l, t) - x) < 1e-9, "t = \(t): \(Self.x(l, t))") }
    #expect(MediaTiming.defaultAnimationDuration == 0.25)
  }

  @Test func infiniteRepeatCountAndRepeatDuration() {
    let l = Self.animatedLayer { $0.repeatCount = .infinity }
    #expect(abs(Self.x(l, 1000.25) - 25) < 1e-6)
    let m = Self.animatedLayer { $0.repeatDuration = 1.5 }
    #expect(abs(Self.x(m, 1.25) - 25) < 1e-9)
    #expect(Self.x(m, 1.6) == 500)
  }

  @Test func cumulativeRepeatsBuildOnEachOther() {
    let l = Self.animatedLayer {
      $0.repeatCount = 3
      $0.isCumulative = true
    }
    #expect(abs(Self.x(l, 2.5) - 250) < 1e-9)
  }

  @Test func timeOffsetWrapsWithinTheActiveDuration() {
    // A 1 s animation with timeOffset 0.25 plays 0.25→1, then 0→0.25.
    let l = Self.animatedLayer { $0.timeOffset = 0.25 }
    #expect(abs(Self.x(l, 0.5) - 75) < 1e-9)
    #expect(abs(Self.x(l, 0.9) - 15) < 1e-9)
  }

  /// `(t − beginTime) × speed + timeOffset` at every level, both ways.
  @Test func timeConversionThroughALayerWithSpeedTwoAndTimeOffset() throws {
    let root = Layer()
    let fast = Layer()
    fast.beginTime = 0.5
    fast.speed = 2
    fast.timeOffset = 1
    let child = Layer()
    child.speed = 0.5
    try root.addSublayer(fast)
    try fast.addSublayer(child)
    let fastLocal: Double = (3 - 0.5) * 2 + 1
    #expect(fast.convertTime(3, from: nil) == fastLocal)
    #expect(child.convertTime(3, from: nil) == fastLocal * 0.5)
    #expect(abs(fast.convertTime(6, to: nil) - 3) < 1e-12)
    #expect(abs(child.convertTime(child.convertTime(1.75, from: nil), to: nil) - 1.75) < 1e-12)
    #expect(child.convertTime(4, from: fast) == 2)
    #expect(fast.convertTime(2, from: child) == 4)

    // An animation on a sublayer runs on the converted time: at global 1, fast's local
    // time is 2, so a 4 s animation on a speed-1 sublayer is half way.
    let inner = Layer()
    try fast.addSublayer(inner)
    inner.add(BasicAnimation(keyPath: "opacity", from: 0, to: 1, duration: 4), forKey: "fade")
    let p = root.presentation(at: 1)
    #expect(abs(p.sublayers[0].sublayers[1].opacity - 0.5) < 1e-12)
    #expect(abs(inner.presentation(at: 1).opacity - 0.5) < 1e-12)
  }

  @Test func pausedLayerShowsItsTimeOffset() throws {
    let root = Layer(), l = Layer()
    try root.addSublayer(l)
    l.add(BasicAnimation(keyPath: "opacity", from: 0, to: 1, duration: 2), forKey: "f")
    l.speed = 0
    l.timeOffset = 0.5
    #expect(abs(root.presentation(at: 10).sublayers[0].opacity - 0.25) < 1e-12)
  }
}

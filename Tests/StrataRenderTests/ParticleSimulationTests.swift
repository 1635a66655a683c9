import Foundation
import Strata
import StrataRender
import Testing

/// The closed-form simulation (`ParticleSimulation`) against hand-worked formulas: birth
/// counts from the rate's integral, where each shape and mode puts particles, sub-cells.
@Suite struct ParticleSimulationTests {
  static let image = Image(width: 2, height: 2) { _, _ in (255, 255, 255, 255) }

  /// The emitter's snapshot at global time `t` (the layer's beginTime 0).
  static func snapshot(_ e: EmitterLayer, at t: Double) -> EmitterLayer.Snapshot {
    let r = Layer()
    r.bounds = Rect(0, 0, 100, 100)
    try! r.addSublayer(e)
    return r.snapshot(at: t).sublayers[0].kindSnapshot(as: EmitterLayer.Snapshot.self)!
  }

  static func still(_ rate: Double = 100) -> EmitterCell {
    var c = EmitterCell()
    c.contents = image
    c.birthRate = rate
    c.lifetime = 100
    return c
  }

  static func positions(_ shape: EmitterShape, _ mode: EmitterMode, size: Size = Size(width: 40, height: 20), depth: Double = 10) -> [SIMD3<Double>] {
    let e = EmitterLayer()
    e.emitterPosition = Point(x: 50, y: 50)
    e.emitterZPosition = 5
    (e.emitterShape, e.emitterMode, e.emitterSize, e.emitterDepth) = (shape, mode, size, depth)
    e.emitterCells = [still()]
    return ParticleSimulation(snapshot(e, at: 5)).particles.map { SIMD3($0.position.x - 50, $0.position.y - 50, $0.z - 5) }
  }

  /// A constant rate r gives births at k / r: 100 a second for 5 s is 500 particles.
  @Test func constantRateCounts() {
    let e = EmitterLayer()
    e.emitterCells = [Self.still()]
    #expect(ParticleSimulation(Self.snapshot(e, at: 5)).particles.count == 500)
    #expect(ParticleSimulation(Self.snapshot(e, at: 0.995)).particles.count == 99)
    // The layer's birthRate multiplies; beginTime starts the simulation.
    e.birthRate = 2
    e.beginTime = 1
    #expect(ParticleSimulation(Self.snapshot(e, at: 5)).particles.count == 800)
  }

  /// An animated birth rate counts through its integral: 0 → 20 over 2 s (linear) has
  /// emitted 20 by t = 2 (5 by t = 1); the layer's rate animated likewise. (Probed just
  /// after a birth, never on one.)
  @Test func animatedRateIntegrates() {
    var c = Self.still(0)
    c.name = "fire"
    let e = EmitterLayer()
    e.emitterCells = [c]
    let a = BasicAnimation(keyPath: AnimatableKeyPath(String("emitterCells.fire.birthRate"))!)
    a.fromValue = 0.0; a.toValue = 20.0; a.duration = 2; a.fillMode = FillMode.forwards; a.isRemovedOnCompletion = false
    e.add(a, forKey: "a")
    #expect(ParticleSimulation(Self.snapshot(e, at: 2.01)).particles.count == 20)
    #expect(ParticleSimulation(Self.snapshot(e, at: 1.01)).particles.count == 5)
    // Held at 20 afterwards: 20 more each second.
    #expect(ParticleSimulation(Self.snapshot(e, at: 3.01)).particles.count == 40)
    let l = EmitterLayer()
    l.emitterCells = [Self.still(10)]
    let b = BasicAnimation(keyPath: AnimatableKeyPath(String("birthRate"))!)
    b.fromValue = 0.0; b.toValue = 2.0; b.duration = 2
    l.add(b, forKey: "b")
    // ∫₀² 10·τ dτ = 20, then the model's 1 × 10 a second.
    #expect(ParticleSimulation(Self.snapshot(l, at: 3.01)).particles.count == 30)
  }

  /// Key paths reach cells by name, nested ones too, and leave the model's cells alone.
  @Test func cellKeyPaths() {
    var burst = Self.still(1)
    burst.name = "burst"
    var rocket = Self.still(2)
    rocket.name = "rocket"
    rocket.emitterCells = [burst]
    let e = EmitterLayer()
    e.emitterCells = [rocket]
    let p = AnimatableKeyPath(String("emitterCells.rocket.emitterCells.burst.velocity"))!
    #expect(p.value(in: e) == .number(0))
    let a = BasicAnimation(keyPath: p)
    a.fromValue = 10.0; a.toValue = 30.0; a.duration = 2
    e.add(a, forKey: "v")
    let shown = Self.snapshot(e, at: 1).cells[0].emitterCells[0].velocity
    #expect(abs(shown - 20) < 1e-9)
    #expect(e.emitterCells[0].emitterCells[0].velocity == 0)
    #expect(AnimatableKeyPath(String("emitterCells.rocket.birthRate"))!.isAngle == false)
    #expect(AnimatableKeyPath(String("emitterCells.rocket.emissionLongitude"))!.isAngle)
    #expect(AnimatableKeyPath(String("emitterCells.rocket.nonsense")) == nil)
  }

  /// Where each shape and mode puts particles (ca-layer-kinds.md §5.1).
  @Test func shapesAndModes() {
    func all(_ ps: [SIMD3<Double>], _ what: String, _ ok: (SIMD3<Double>) -> Bool) {
      #expect(ps.count == 500, "\(what)")
      let bad = ps.filter { !ok($0) }
      #expect(bad.isEmpty, "\(what): \(bad.prefix(3))")
    }
    let e = 1e-9
    all(Self.positions(.point, .volume), "point") { (($0 * $0).sum()).squareRoot() < e }
    all(Self.positions(.line, .points), "line points") { abs(abs($0.x) - 20) < e && abs($0.y) < e }
    all(Self.positions(.line, .outline), "line") { abs($0.x) <= 20 && abs($0.y) < e }
    all(Self.positions(.rectangle, .points), "rectangle points") { abs(abs($0.x) - 20) < e && abs(abs($0.y) - 10) < e }
    all(Self.positions(.rectangle, .outline), "rectangle outline") {
      (abs(abs($0.x) - 20) < e && abs($0.y) <= 10 + e) || (abs(abs($0.y) - 10) < e && abs($0.x) <= 20 + e)
    }
    let inside = Self.positions(.rectangle, .surface)
    all(inside, "rectangle surface") { abs($0.x) <= 20 && abs($0.y) <= 10 && abs($0.z) < e }
    #expect(inside.filter { abs($0.x) < 10 && abs($0.y) < 5 }.count > 80, "the inside is reached (a quarter of the area)")
    all(Self.positions(.circle, .outline), "circle outline") { abs(hypot($0.x, $0.y) - 40) < 1e-6 }
    all(Self.positions(.circle, .surface), "circle surface") { hypot($0.x, $0.y) <= 40 + e && abs($0.z) < e }
    all(Self.positions(.circle, .points), "circle points") { (($0 * $0).sum()).squareRoot() < e }
    all(Self.positions(.cuboid, .points), "cuboid corners") { abs(abs($0.x) - 20) < e && abs(abs($0.y) - 10) < e && abs(abs($0.z) - 5) < e }
    all(Self.positions(.cuboid, .volume), "cuboid volume") { abs($0.x) <= 20 && abs($0.y) <= 10 && abs($0.z) <= 5 }
    all(Self.positions(.cuboid, .surface), "cuboid faces") {
      abs(abs($0.x) - 20) < e || abs(abs($0.y) - 10) < e || abs(abs($0.z) - 5) < e
    }
    all(Self.positions(.cuboid, .outline), "cuboid edges") {
      [abs(abs($0.x) - 20) < e, abs(abs($0.y) - 10) < e, abs(abs($0.z) - 5) < e].filter { $0 }.count >= 2
    }
    all(Self.positions(.sphere, .surface), "sphere surface") { abs((($0 * $0).sum()).squareRoot() - 40) < 1e-6 }
    all(Self.positions(.sphere, .volume), "sphere volume") { (($0 * $0).sum()).squareRoot() <= 40 + e }
  }

  /// A sub-cell's particles are born on their parent, at its position, emitted along its
  /// direction of travel: the parent goes down at 20 pt/s, living 1.2 s, and emits twice
  /// a second (ages 0.5 and 1.0) a still-longitude-0 sub-particle at 10 pt/s.
  @Test func subCellsFollowTheirParent() {
    var sub = Self.still(2)
    sub.velocity = 10
    var parent = Self.still(1)
    parent.velocity = 20
    parent.emissionLongitude = .pi / 2
    parent.lifetime = 1.2
    parent.contents = nil
    parent.emitterCells = [sub]
    let e = EmitterLayer()
    e.emitterPosition = Point(x: 50, y: 10)
    e.emitterCells = [parent]
    let subs = ParticleSimulation(Self.snapshot(e, at: 2.5)).particles.filter { $0.cell == 1 }
    // Parent 1 (born at 1): children at 1.5 and 2.0; parent 2 (born at 2): child at 2.5 is
    // not yet past its birth (age 0 is drawn), so three or four.
    let expected = [(1.5, 10.0), (2.0, 20.0)].map { born, along in Point(x: 50, y: 10 + along + 10 * (2.5 - born)) }
    for p in expected {
      #expect(subs.contains { abs($0.position.x - p.x) < 1e-9 && abs($0.position.y - p.y) < 1e-9 }, "a sub-particle at \(p): \(subs.map(\.position))")
    }
  }

  /// The same frame twice is the same; another seed moves the particles.
  @Test func seedsAndRepeatability() {
    let e = EmitterLayer()
    var c = Self.still(50)
    c.velocity = 10; c.velocityRange = 5; c.emissionRange = .pi
    e.emitterCells = [c]
    let a = ParticleSimulation(Self.snapshot(e, at: 3)).particles
    #expect(a == ParticleSimulation(Self.snapshot(e, at: 3)).particles)
    e.seed = 1
    #expect(a != ParticleSimulation(Self.snapshot(e, at: 3)).particles)
  }

  /// A live particle keeps the emitter it was born with (Core Animation's emitters leave
  /// trails when moved): `emitterPosition` animated from x = 20 to 100 over 1 s leaves
  /// still particles where it was at each birth (at k / 10 s), within the 1/120 s grid the
  /// emitter is sampled on (80/120 pt), not all at the frame's x = 100.
  @Test func liveParticlesKeepTheirBirthPosition() {
    let e = EmitterLayer()
    e.emitterCells = [Self.still(10)]
    e.emitterPosition = Point(x: 100, y: 50)
    let a = BasicAnimation(keyPath: AnimatableKeyPath(String("emitterPosition"))!)
    a.fromValue = Point(x: 20, y: 50); a.toValue = Point(x: 100, y: 50); a.duration = 1
    e.add(a, forKey: "move")
    let p = ParticleSimulation(Self.snapshot(e, at: 2.05)).particles
    #expect(p.count == 20)
    for q in p {
      let want = 20 + 80 * min(1, q.birth)
      #expect(abs(q.position.x - want) <= 80.0 / 120 + 1e-9, "born at \(q.birth): x \(q.position.x), want \(want)")
      #expect(q.position.y == 50)
    }
    #expect(p.map(\.position.x).min()! < 30)
  }

  /// A particle moves at the velocity it was born with: the cell's velocity animated from 0
  /// to 100 pt/s over 2 s gives a particle born at τ the speed 50·τ for its whole life.
  @Test func liveParticlesKeepTheirBirthVelocity() {
    var c = Self.still(10)
    c.name = "c"
    let e = EmitterLayer()
    e.emitterCells = [c]
    let a = BasicAnimation(keyPath: AnimatableKeyPath(String("emitterCells.c.velocity"))!)
    a.fromValue = 0.0; a.toValue = 100.0; a.duration = 2
    e.add(a, forKey: "v")
    let t = 1.55
    let p = ParticleSimulation(Self.snapshot(e, at: t)).particles
    #expect(p.count == 15)
    for q in p {
      let age = t - q.birth
      // The speed of the grid step holding the birth: within 50/120 pt/s of 50·τ.
      let want = 50 * q.birth * age
      #expect(abs(q.position.x - want) <= 50.0 / 120 * age + 1e-9, "born at \(q.birth): x \(q.position.x), want \(want)")
    }
  }

  /// A sub-cell's animated birth rate is integrated over its parent's life: the sub-cell
  /// rate goes 0 → 20 over 2 s and holds; the parents are born at 1 s and 2 s. By 2.51 s
  /// the first has emitted ∫₁² 10τ dτ + 20 × 0.51 = 25.2 and the second 20 × 0.51 = 10.2,
  /// so 25 + 10 sub-particles (at the frame's rate they would be 30 + 10).
  @Test func subCellBirthRateAnimationIsIntegrated() {
    var sub = Self.still(0)
    sub.name = "s"
    var parent = Self.still(1)
    parent.name = "p"
    parent.lifetime = 10
    parent.contents = nil
    parent.emitterCells = [sub]
    let e = EmitterLayer()
    e.emitterCells = [parent]
    let a = BasicAnimation(keyPath: AnimatableKeyPath(String("emitterCells.p.emitterCells.s.birthRate"))!)
    a.fromValue = 0.0; a.toValue = 20.0; a.duration = 2; a.fillMode = FillMode.forwards; a.isRemovedOnCompletion = false
    e.add(a, forKey: "rate")
    let subs = ParticleSimulation(Self.snapshot(e, at: 2.51)).particles.filter { $0.cell == 1 }
    #expect(subs.count == 35)
    #expect(subs.filter { $0.birth < 1.9 }.count == 13)  // ∫₁^1.9 10τ dτ = 13.05
  }
}

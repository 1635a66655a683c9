#if canImport(Glibc)
  import Glibc
#endif
import Strata

/// One particle at the frame's time, as the compile step draws it.
public struct Particle: Sendable, Hashable {
  /// Its cell, an index into `ParticleSimulation.cells`.
  public var cell: Int
  /// Its birth, in simulation time.
  public var birth: Double
  /// Its centre in the layer's plane, and its depth (orders `backToFront`).
  public var position: Point
  public var z: Double
  /// Its turn (radians, clockwise on screen) and size factor (> 0).
  public var angle: Double
  public var scale: Double
  /// Its colour (straight, each component in 0…1).
  public var color: Color
}

/// The particles of an emitter alive at one time, computed in closed form from the
/// snapshot (`EmitterLayer.Snapshot`): particle k of a cell is born when the cell's
/// emission integral reaches k; its random values are a hash of (seed, cell, k); its state
/// at age a follows from them directly:
///
/// position = p₀ + v·d·a + ½·(xAcceleration, yAcceleration, zAcceleration)·a²,
/// scale = s₀ + scaleSpeed·a, angle = ω·a, colour = clamp(c₀ + speed·a, 0, 1).
///
/// Each particle takes its cell's and the emitter's values from the state it was born with
/// (`EmitterLayer.Snapshot.history` when something is animated, else the snapshot's own).
/// Nothing is stepped, so frame t is the same alone or after others, on either backend.
/// A sub-cell's particles are born from their parent at its position, their emission
/// direction turned by the parent's direction of travel at that moment, while the parent
/// lives; they do not inherit its velocity. Particles are flattened into the layer's plane
/// (z only orders `backToFront`).
public struct ParticleSimulation: Sendable {
  /// Every cell, depth first (a cell, then its sub-cells), which is `unordered`'s order.
  public let cells: [EmitterCell]
  /// The particles alive, in the order they were found.
  public private(set) var particles: [Particle] = []
  /// Particles computed (the drawn ones and the parents followed for their sub-cells);
  /// over the emitter's limit the simulation stops and `isOverLimit` is set.
  public private(set) var computed = 0
  public private(set) var isOverLimit = false

  private let s: EmitterLayer.Snapshot
  private let parents: [Int?]
  private let children: [[Int]]
  private let keys: [UInt64]
  /// How long after its birth a particle of each cell can still matter: its longest life,
  /// plus its sub-cells' reach.
  private let reach: [Double]
  /// Per cell: whether its birth rate changes over the snapshot's history (a sub-cell's
  /// emission is then integrated over its parent's life).
  private let subRatesVary: [Bool]
  /// The emitter at the snapshot's time: what every particle is born with when nothing is
  /// animated.
  private let current: EmitterState

  /// Simulates `snapshot` at its time.
  ///
  /// - Complexity: O(particles computed), each O(log schedule pieces).
  public init(_ snapshot: EmitterLayer.Snapshot) {
    s = snapshot
    var cells: [EmitterCell] = [], parents: [Int?] = [], keys: [UInt64] = [], children: [[Int]] = []
    func add(_ c: EmitterCell, parent: Int?, key: UInt64) {
      let i = cells.count
      cells.append(c); parents.append(parent); keys.append(key); children.append([])
      if let parent { children[parent].append(i) }
      for (j, sub) in c.emitterCells.enumerated() { add(sub, parent: i, key: ParticleRandom.mix(key ^ UInt64(j + 1))) }
    }
    for (j, c) in snapshot.cells.enumerated() { add(c, parent: nil, key: ParticleRandom.mix(UInt64(j + 1))) }
    self.cells = cells; self.parents = parents; self.keys = keys; self.children = children
    // With a history, the longest reach of any state a live particle was born with.
    current = EmitterState(snapshot)
    var reach = current.reach(children: children)
    for state in snapshot.history?.states ?? [] {
      for (i, r) in state.reach(children: children).enumerated() { reach[i] = max(reach[i], r) }
    }
    self.reach = reach
    subRatesVary = cells.indices.map { i in snapshot.history?.varies(birthRateOf: i) ?? false }
    guard let t = snapshot.time, t.isFinite else { return }
    let seed = ParticleRandom.mix(UInt64(snapshot.seed))
    var top = 0
    for (i, p) in parents.enumerated() where p == nil {
      let schedule = top < snapshot.schedules.count ? snapshot.schedules[top] : .none
      top += 1
      emit(cell: i, schedule: schedule, emitterBirth: 0, emitterLife: .infinity, parentKey: seed, origin: nil, at: t)
      if isOverLimit { return }
    }
  }

  /// How a particle moves: born at `p0` at time `birth`, with velocity `v` and
  /// acceleration `acc`.
  private struct Motion {
    var birth: Double, p0: SIMD3<Double>, v: SIMD3<Double>, acc: SIMD3<Double>
    func position(age a: Double) -> SIMD3<Double> { p0 + v * a + acc * (0.5 * a * a) }
    func velocity(age a: Double) -> SIMD3<Double> { v + acc * a }
  }

  /// Emits the particles of cell `c` that matter at `t`, and theirs.
  ///
  /// - Parameters:
  ///   - schedule: births in the emitter's time (the layer's, or the parent's age).
  ///   - emitterBirth: the emitter's time 0 in simulation time; `emitterLife` its lifetime.
  ///   - origin: the parent particle's motion; nil for the layer's shape.
  private mutating func emit(
    cell c: Int, schedule: EmissionSchedule, emitterBirth: Double, emitterLife: Double, parentKey: UInt64,
    origin: Motion?, at t: Double
  ) {
    let now = t - emitterBirth
    let last = min(now, emitterLife)
    guard last > 0 else { return }
    let first = now - reach[c]
    var kLo = Int(min(schedule.count(at: first), 1e15).rounded(.down)) + 1
    var kHi = Int(min(schedule.count(at: last), 1e15).rounded(.down))
    // The integral's rounding must not move a birth across the window's ends.
    while kHi >= kLo, let b = schedule.birthTime(kHi), b > last { kHi -= 1 }
    if let b = schedule.birthTime(kHi + 1), b <= last { kHi += 1 }
    while kLo > 1, let b = schedule.birthTime(kLo - 1), b > first { kLo -= 1 }
    guard kHi >= kLo else { return }
    computed += kHi - kLo + 1
    if computed > s.maximumLiveParticles {
      isOverLimit = true
      return
    }
    let drawn = cells[c].contents != nil
    // The layer's own births at once (within the limit, checked above): 20000 appends
    // would copy the growing array a dozen times. Not for a particle's sub-cells: many
    // small exact reservations would copy it at every parent.
    if drawn && origin == nil { particles.reserveCapacity(particles.count + (kHi - kLo + 1)) }
    for k in kLo...kHi {
      guard let born = schedule.birthTime(k) else { continue }
      // The emitter as it was at the birth: a live particle keeps what it was born with.
      let birth = emitterBirth + born
      let e: EmitterState
      if let history = s.history {
        guard birth >= history.start else { continue }  // dead by now
        e = history.state(at: birth)
      } else {
        e = current
      }
      let cell = e.cells[c]
      let r = ParticleRandom(parent: parentKey, cell: keys[c], index: k)
      let life = (cell.lifetime + r.signed(.lifetime) * cell.lifetimeRange) * e.lifetime
      guard life > 0 else { continue }
      let age = now - born
      // Where it starts and which way it goes.
      var p0: SIMD3<Double>, turn = 0.0
      if let origin {
        p0 = origin.position(age: born)
        let v = origin.velocity(age: born)
        if v.x != 0 || v.y != 0 { turn = atan2(v.y, v.x) }
      } else {
        p0 = s.emitterShape.sample(
          s.emitterMode, centre: e.emitterPosition, z: e.emitterZPosition, size: e.emitterSize, depth: e.emitterDepth, r)
      }
      let speed = (cell.velocity + r.signed(.velocity) * cell.velocityRange) * e.velocity
      let d = Self.direction(cell, r, turn: turn)
      let motion = Motion(
        birth: birth, p0: p0, v: d * speed,
        acc: SIMD3(cell.xAcceleration, cell.yAcceleration, cell.zAcceleration))
      if age < life, drawn {
        let scale = (cell.scale + r.signed(.scale) * cell.scaleRange) * e.scale + cell.scaleSpeed * age
        let spin = (cell.spin + r.signed(.spin) * cell.spinRange) * e.spin
        func component(_ base: Double, _ range: Double, _ speed: Double, _ stream: ParticleStream) -> Double {
          min(1, max(0, base + r.signed(stream) * range + speed * age))
        }
        let color = Color(
          component(cell.color.red, cell.redRange, cell.redSpeed, .red),
          component(cell.color.green, cell.greenRange, cell.greenSpeed, .green),
          component(cell.color.blue, cell.blueRange, cell.blueSpeed, .blue),
          component(cell.color.alpha, cell.alphaRange, cell.alphaSpeed, .alpha))
        let p = motion.position(age: age)
        if scale > 0, color.alpha > 0, p.x.isFinite, p.y.isFinite {
          particles.append(
            Particle(
              cell: c, birth: birth, position: Point(x: p.x, y: p.y), z: p.z, angle: spin * age,
              scale: scale, color: color))
        }
      }
      for sub in children[c] {
        let w = cells[sub].activeWindow
        let schedule: EmissionSchedule
        if let history = s.history, subRatesVary[sub] {
          schedule = history.schedule(ofSubCell: sub, window: w, birth: birth, life: life)
        } else {
          let sc = e.cells[sub]
          schedule = .constant(sc.isEnabled ? sc.birthRate * e.birthRate : 0, from: w.lowerBound, until: w.upperBound)
        }
        emit(
          cell: sub, schedule: schedule, emitterBirth: birth, emitterLife: life, parentKey: r.key, origin: motion, at: t)
        if isOverLimit { return }
      }
    }
  }

  /// The particle's unit direction: the cell's (longitude in the plane from +x towards +y,
  /// latitude out of it), spread uniformly over the spherical cap of half-angle
  /// `emissionRange / 2` around it, then turned by `turn` in the plane (a sub-cell follows
  /// its parent's direction of travel).
  static func direction(_ cell: EmitterCell, _ r: ParticleRandom, turn: Double) -> SIMD3<Double> {
    let lon = cell.emissionLongitude + turn, lat = cell.emissionLatitude
    let d = SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    let half = min(abs(cell.emissionRange) / 2, Double.pi)
    guard half > 0 else { return d }
    let cosA = 1 - r.uniform(.coneAngle) * (1 - cos(half))
    let sinA = max(0, 1 - cosA * cosA).squareRoot()
    let b = 2 * Double.pi * r.uniform(.coneTurn)
    // Two unit vectors perpendicular to d.
    let e1 = SIMD3(-sin(lon), cos(lon), 0)
    let e2 = SIMD3(d.y * e1.z - d.z * e1.y, d.z * e1.x - d.x * e1.z, d.x * e1.y - d.y * e1.x)
    return d * cosA + (e1 * cos(b) + e2 * sin(b)) * sinA
  }
}

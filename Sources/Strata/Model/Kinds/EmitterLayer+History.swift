/// What a particle takes from its emitter when it is born: the layer's multipliers and
/// geometry, and every cell's properties. As in Core Animation, a live particle keeps
/// them: animating `emitterPosition`, `velocity` or `emitterCells.<name>.color` changes the
/// particles born afterwards, never the ones already moving.
public struct EmitterState: Hashable, Sendable {
  public var birthRate: Double, lifetime: Double, velocity: Double, scale: Double, spin: Double
  public var emitterPosition: Point, emitterZPosition: Double, emitterSize: Size, emitterDepth: Double
  /// Every cell, depth first (a cell, then its sub-cells: `EmitterCell.depthFirst`), each
  /// without its own `emitterCells` (the order says where they are).
  public var cells: [EmitterCell]

  /// `layer`'s state as it is.
  public init(_ layer: EmitterLayer) {
    (birthRate, lifetime, velocity, scale, spin) = (layer.birthRate, layer.lifetime, layer.velocity, layer.scale, layer.spin)
    (emitterPosition, emitterZPosition) = (layer.emitterPosition, layer.emitterZPosition)
    (emitterSize, emitterDepth) = (layer.emitterSize, layer.emitterDepth)
    cells = Self.flat(layer.emitterCells)
  }

  /// The state a snapshot shows (at its time).
  public init(_ s: EmitterLayer.Snapshot) {
    (birthRate, lifetime, velocity, scale, spin) = (s.birthRate, s.lifetime, s.velocity, s.scale, s.spin)
    (emitterPosition, emitterZPosition, emitterSize, emitterDepth) = (s.emitterPosition, s.emitterZPosition, s.emitterSize, s.emitterDepth)
    cells = Self.flat(s.cells)
  }

  private static func flat(_ cells: [EmitterCell]) -> [EmitterCell] {
    EmitterCell.depthFirst(cells).map { c in
      var flat = c
      flat.emitterCells = []
      return flat
    }
  }

  /// How long after its birth a particle of each cell (depth first) can still matter: its
  /// longest life, plus its sub-cells' reach.
  public func reach(children: [[Int]]) -> [Double] {
    var reach = cells.map { c in max(0, (c.lifetime + abs(c.lifetimeRange)) * lifetime) }
    for i in cells.indices.reversed() {
      reach[i] += children[i].map { reach[$0] }.max() ?? 0
    }
    return reach
  }
}

/// The emitter's states over the part of its past whose particles can still be alive, on
/// the fixed grid of `EmitterLayer.birthRateSamplesPerSecond` (each step holds the state at
/// its middle). Made only when an animation touches the emitter's or its cells'
/// properties; without one, every particle takes the frame's values, which are then the
/// same at every time.
public struct EmissionHistory: Hashable, Sendable {
  /// The grid's step, in seconds of simulation time.
  public static let step = 1 / EmitterLayer.birthRateSamplesPerSecond
  /// The grid index of `states[0]`.
  public let first: Int
  /// One state per step, from `first` up to the frame's time.
  public let states: [EmitterState]

  public init(first: Int, states: [EmitterState]) {
    precondition(!states.isEmpty, "an emission history needs a state")
    self.first = first
    self.states = states
  }

  /// Where the history starts: particles born before it are dead at the frame's time.
  public var start: Double { Double(first) * Self.step }

  /// The state of the step holding simulation time `t` (the first or last one beyond them).
  public func state(at t: Double) -> EmitterState {
    let i = (t / Self.step).rounded(.down)
    guard i.isFinite else { return t < 0 ? states[0] : states[states.count - 1] }
    return states[Int(min(max(i - Double(first), 0), Double(states.count - 1)))]
  }

  /// Whether the birth rate of cell `c` (depth first, times the layer's) changes over the
  /// history, so that a sub-cell's emission must be integrated step by step.
  public func varies(birthRateOf c: Int) -> Bool {
    let r0 = Self.rate(states[0], c)
    return states.contains { Self.rate($0, c) != r0 }
  }

  /// The emission of sub-cell `c` from a parent born at simulation time `birth` that lives
  /// `life` seconds, in the parent's age: the rate of each step the parent lives through,
  /// within the cell's `activeWindow` (in the parent's age), up to the history's end.
  ///
  /// - Complexity: O(steps of the parent's life so far).
  public func schedule(ofSubCell c: Int, window: Range<Double>, birth: Double, life: Double) -> EmissionSchedule {
    // Valid until the history's end (the frame's time, within a step), not the whole life.
    let end = min(life, window.upperBound, Double(first + states.count) * Self.step - birth)
    let begin = max(0, window.lowerBound)
    guard end > begin, birth.isFinite, end.isFinite else { return .none }
    var starts: [Double] = [], rates: [Double] = []
    if begin > 0 {
      starts.append(0); rates.append(0)
    }
    // Step j covers simulation time j·h ..< (j + 1)·h, in the parent's age j·h − birth.
    let h = Self.step
    var j = Int(((birth + begin) / h).rounded(.down))
    let last = Int(((birth + end) / h).rounded(.down))
    while j <= last {
      starts.append(max(begin, Double(j) * h - birth))
      rates.append(Self.rate(states[min(max(j - first, 0), states.count - 1)], c))
      j += 1
    }
    return EmissionSchedule(starts: starts, rates: rates, end: end)
  }

  static func rate(_ s: EmitterState, _ c: Int) -> Double {
    s.cells[c].isEnabled ? s.cells[c].birthRate * s.birthRate : 0
  }
}

extension EmitterCell {
  /// `cells` and their sub-cells, depth first: a cell, then its sub-cells (the order of
  /// `ParticleSimulation.cells` and `EmitterState.cells`).
  public static func depthFirst(_ cells: [EmitterCell]) -> [EmitterCell] {
    var out: [EmitterCell] = []
    func add(_ c: EmitterCell) {
      out.append(c)
      for s in c.emitterCells { add(s) }
    }
    for c in cells { add(c) }
    return out
  }
}

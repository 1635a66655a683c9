/// The emission schedules of an emitter's cells (the birth rate's integral, including the
/// animations of `birthRate` and `emitterCells.<name>.birthRate`) and the states its live
/// particles were born with (`EmissionHistory`).
extension EmitterLayer {
  /// Emitters with animated properties are sampled this many times per second (at the
  /// middle of each step, on a grid fixed at the simulation's start), so a frame's births
  /// and their states depend only on its time, never on the frames before it.
  public static let birthRateSamplesPerSecond = 120.0

  /// One schedule per top-level cell, in simulation time, valid until `t`, and the history
  /// of states the particles alive at `t` were born with (nil when nothing of the emitter
  /// is animated: every particle then takes the frame's state).
  ///
  /// Without animations each schedule is a constant rate within the cell's timing window:
  /// exact, O(1). With them, the emitter is sampled on the fixed grid from 0 to t, each
  /// rate held over its step: O(t × 120) evaluations of those animations per frame, and
  /// the states kept are those of the steps whose particles can still be alive.
  func emission(until t: Double) -> (schedules: [EmissionSchedule], history: EmissionHistory?) {
    let animations = (animationState.model ?? self).animationState.animations.map(\.animation)
      .filter(Self.touchesEmitter)
    let windows = emitterCells.map(\.activeWindow)
    let constant = zip(emitterCells, windows).map { c, w in
      EmissionSchedule.constant(c.isEnabled ? c.birthRate * birthRate : 0, from: w.lowerBound, until: w.upperBound)
    }
    guard !animations.isEmpty, t > 0 else { return (constant, nil) }
    let integrates = animations.contains(where: Self.touchesBirthRate)
    let model = (animationState.model as? EmitterLayer) ?? self
    let h = EmissionHistory.step
    let n = Int((t / h).rounded(.up))
    // Which depth-first cell is whose parent, for the reach of each step's particles.
    let flat = EmitterCell.depthFirst(emitterCells)
    var children = Array(repeating: [Int](), count: flat.count)
    do {
      var next = 0
      func walk(_ c: EmitterCell) {
        let me = next
        next += 1
        for s in c.emitterCells {
          children[me].append(next)
          walk(s)
        }
      }
      for c in emitterCells { walk(c) }
    }
    var rates = Array(repeating: [Double](), count: emitterCells.count)
    var first: Int? = nil
    var states: [EmitterState] = []
    let scratch = EmitterLayer()
    for i in 0..<n {
      let tau = (Double(i) + 0.5) * h
      scratch.copyProperties(from: model)
      for a in animations { a.apply(to: scratch, at: tau) }
      let state = EmitterState(scratch)
      if integrates {
        for c in emitterCells.indices {
          let cell = c < scratch.emitterCells.count ? scratch.emitterCells[c] : emitterCells[c]
          rates[c].append(cell.isEnabled && windows[c].contains(tau) ? cell.birthRate * scratch.birthRate : 0)
        }
      }
      // A step's particles matter if the longest-lived of them (with its sub-cells) can
      // reach t; from the first such step on, every state is kept.
      if first == nil, Double(i + 1) * h + (state.reach(children: children).max() ?? 0) >= t { first = i }
      if first != nil { states.append(state) }
    }
    let history = first.map { EmissionHistory(first: $0, states: states) }
    guard integrates else { return (constant, history) }
    let starts = (0..<n).map { Double($0) * h }
    return (rates.map { EmissionSchedule(starts: starts, rates: $0, end: Double(n) * h) }, history)
  }

  /// Whether `a` animates a property of the emitter or of its cells.
  private static func touchesEmitter(_ a: Animation) -> Bool {
    if let g = a as? AnimationGroup { return g.animations.contains(where: touchesEmitter) }
    guard let p = a as? PropertyAnimation else { return false }
    let property = p.keyPath.property
    return emitterPropertyNames.contains(property) || property == "emitterCells"
  }

  private static let emitterPropertyNames: Set<String> = [
    "birthRate", "lifetime", "velocity", "scale", "spin", "emitterPosition", "emitterZPosition", "emitterSize",
    "emitterDepth",
  ]

  private static func touchesBirthRate(_ a: Animation) -> Bool {
    if let g = a as? AnimationGroup { return g.animations.contains(where: touchesBirthRate) }
    guard let p = a as? PropertyAnimation else { return false }
    return p.keyPath.path == "birthRate"
      || AnimatableProperty.names(in: p.keyPath.path, pattern: "emitterCells.*.birthRate") != nil
      || AnimatableProperty.names(in: p.keyPath.path, pattern: "emitterCells.*.enabled") != nil
  }
}

extension EmitterCell {
  /// When the cell emits, in its emitter's time (the layer's simulation time, or the age
  /// of its parent particle): from its `beginTime` for its active duration (forever for a
  /// duration of 0) at its speed.
  public var activeWindow: Range<Double> {
    let active = timing.activeDuration(defaultDuration: .infinity)
    let end = timing.speed == 0 ? timing.beginTime : timing.beginTime + active / abs(timing.speed)
    return timing.beginTime..<max(timing.beginTime, end.isNaN ? .infinity : end)
  }
}

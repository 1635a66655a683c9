/// The emission schedules of an emitter's cells: the birth rate's integral, including the
/// animations of `birthRate` and `emitterCells.<name>.birthRate`.
extension EmitterLayer {
  /// Birth rates of animated emitters are sampled this many times per second (at the
  /// middle of each step, on a grid fixed at the simulation's start), so a frame's count
  /// depends only on its time, never on the frames before it.
  public static let birthRateSamplesPerSecond = 120.0

  /// One schedule per top-level cell, in simulation time, valid until `t`.
  ///
  /// Without birth-rate animations each is a constant rate within the cell's timing window:
  /// exact, O(1). With them, the rate (the layer's times the cell's) is sampled on the
  /// fixed grid from 0 to t and held over each step: O(t × 120) evaluations of those
  /// animations per frame. Sub-cells emit at their rate at time t (their rates' animations
  /// are not integrated).
  func emissionSchedules(until t: Double) -> [EmissionSchedule] {
    let animations = (animationState.model ?? self).animationState.animations.map(\.animation)
      .filter(Self.touchesBirthRate)
    let windows = emitterCells.map(\.activeWindow)
    guard !animations.isEmpty, t > 0 else {
      return zip(emitterCells, windows).map { c, w in
        .constant(c.isEnabled ? c.birthRate * birthRate : 0, from: w.lowerBound, until: w.upperBound)
      }
    }
    let model = (animationState.model as? EmitterLayer) ?? self
    let h = 1 / Self.birthRateSamplesPerSecond
    let n = Int((t / h).rounded(.up))
    var rates = Array(repeating: [Double](), count: emitterCells.count)
    let scratch = EmitterLayer()
    for i in 0..<n {
      let tau = (Double(i) + 0.5) * h
      scratch.birthRate = model.birthRate
      scratch.emitterCells = model.emitterCells
      for a in animations { a.apply(to: scratch, at: tau) }
      for c in emitterCells.indices {
        let cell = c < scratch.emitterCells.count ? scratch.emitterCells[c] : emitterCells[c]
        rates[c].append(cell.isEnabled && windows[c].contains(tau) ? cell.birthRate * scratch.birthRate : 0)
      }
    }
    let starts = (0..<n).map { Double($0) * h }
    return rates.map { EmissionSchedule(starts: starts, rates: $0, end: Double(n) * h) }
  }

  private static func touchesBirthRate(_ a: Animation) -> Bool {
    if let g = a as? AnimationGroup { return g.animations.contains(where: touchesBirthRate) }
    guard let p = a as? PropertyAnimation else { return false }
    return p.keyPath.path == "birthRate" || p.keyPath.path == "emitterCells.enabled"
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

/// What an object shows outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: String, CaseIterable, Sendable {
  /// Nothing before the start or after the end.
  case removed
  /// The end value is held after the end (for animations, only while the animation is
  /// kept: `isRemovedOnCompletion = false`).
  case forwards
  /// The start value is shown before the start.
  case backwards
  /// Both.
  case both

  var fillsForwards: Bool { self == .forwards || self == .both }
  var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// The timing of a layer or an animation (`CAMediaTiming`): how its local time follows its
/// parent's.
///
/// Local time is `(parent − beginTime) × speed + timeOffset`, as the Core Animation
/// Programming Guide states. The active interval starts at `beginTime` and lasts
/// `activeDuration` parent seconds divided by `speed`; within it, the time is folded into
/// repeats of `duration` (played forwards, then backwards with `autoreverses`). Everything
/// is a pure function of the parent time, so a frame at time t is the same whichever frames
/// were computed before.
public struct MediaTiming: Hashable, Sendable {
  /// When the object starts, in its parent's time.
  public var beginTime: Double = 0
  /// One simple cycle, in local seconds. 0 means the default: 0.25 s for animations (as in
  /// Core Animation) and forever for layers.
  public var duration: Double = 0
  /// Local seconds per parent second. 0 pauses at `timeOffset`; 2 runs twice as fast.
  public var speed: Double = 1
  /// Added to the local time after scaling: where in its timeline the object starts.
  public var timeOffset: Double = 0
  /// Cycles to play; may be fractional; `.infinity` repeats forever; 0 means once.
  public var repeatCount: Double = 0
  /// Local seconds to repeat for (an alternative to `repeatCount`); 0 means unused.
  public var repeatDuration: Double = 0
  /// Plays each cycle forwards and then backwards; a cycle then takes twice `duration`.
  public var autoreverses = false
  public var fillMode: FillMode = .removed

  public init() {}

  /// The default duration an object of each kind gets when `duration` is 0.
  public static let defaultAnimationDuration = 0.25

  /// The simple duration, `duration` or the given default when it is 0.
  func simpleDuration(default d: Double) -> Double { duration > 0 ? duration : d }

  /// The local length of all repeats: `repeatDuration`, else cycles × `repeatCount`
  /// (one cycle when 0).
  public func activeDuration(defaultDuration: Double = defaultAnimationDuration) -> Double {
    let cycle = simpleDuration(default: defaultDuration) * (autoreverses ? 2 : 1)
    if repeatDuration > 0 { return repeatDuration }
    if repeatCount > 0 { return repeatCount.isInfinite ? .infinity : cycle * repeatCount }
    return cycle
  }

  /// `(parent − beginTime) × speed + timeOffset`, unfolded: `CALayer.convertTime`'s map.
  public func localTime(fromParent t: Double) -> Double { (t - beginTime) * speed + timeOffset }

  /// The inverse of `localTime(fromParent:)`; a paused object (speed 0) maps everything
  /// to `beginTime`.
  public func parentTime(fromLocal t: Double) -> Double {
    speed == 0 ? beginTime : (t - timeOffset) / speed + beginTime
  }
}

/// Where an object is in its timeline at one parent time.
public struct TimingState: Hashable, Sendable {
  /// The time within the current cycle, 0…simple duration (already reversed on the way
  /// back of an autoreversing cycle).
  public var simpleTime: Double
  /// The simple duration the time is measured against.
  public var simpleDuration: Double
  /// Whole cycles completed before the current one (for cumulative animations).
  public var iteration: Int
  /// Whether the time lies outside the active interval and is held by the fill mode.
  public var isFilling: Bool

  /// `simpleTime / simpleDuration` in 0…1 (1 for an infinite duration is never reached).
  public var fraction: Double {
    simpleDuration.isInfinite ? 0 : simpleDuration > 0 ? min(max(simpleTime / simpleDuration, 0), 1) : 1
  }
}

extension MediaTiming {
  /// The state at parent time `t`, or nil when the object is not in effect (outside its
  /// active interval and not filled there).
  ///
  /// - Parameters:
  ///   - defaultDuration: what `duration == 0` stands for.
  ///   - holdsForwards: whether an ended object still shows its end state (for animations:
  ///     `fillMode` forwards or both and not removed on completion).
  public func state(atParentTime t: Double, defaultDuration: Double, holdsForwards: Bool) -> TimingState? {
    let d = simpleDuration(default: defaultDuration)
    let active = activeDuration(defaultDuration: defaultDuration)
    // Elapsed active time; the offset is added afterwards and wraps within the active
    // duration, so a 3 s animation with timeOffset 1 plays 1→3, then 0→1.
    var elapsed = speed == 0 ? 0 : (t - beginTime) * speed
    var filling = false
    if elapsed < 0 {
      guard fillMode.fillsBackwards else { return nil }
      elapsed = 0
      filling = true
    } else if elapsed >= active {
      guard holdsForwards else { return nil }
      elapsed = active
      filling = true
    }
    var local = elapsed + timeOffset
    if timeOffset != 0 && active.isFinite && active > 0 && !filling {
      local = local.truncatingRemainder(dividingBy: active)
      if local < 0 { local += active }
    }
    guard d.isFinite else { return TimingState(simpleTime: local, simpleDuration: d, iteration: 0, isFilling: filling) }
    let cycle = d * (autoreverses ? 2 : 1)
    guard cycle > 0 else { return TimingState(simpleTime: 0, simpleDuration: d, iteration: 0, isFilling: filling) }
    var iteration = (local / cycle).rounded(.down)
    var within = local - iteration * cycle
    // The very end of a whole number of cycles is the end of the last one, not the
    // start of the next.
    if within == 0 && local > 0 && local >= active {
      iteration -= 1
      within = cycle
    }
    if autoreverses && within > d { within = cycle - within }
    let i = iteration.isFinite ? Int(max(0, min(iteration, Double(Int32.max)))) : 0
    return TimingState(simpleTime: min(max(within, 0), d), simpleDuration: d, iteration: i, isFilling: filling)
  }
}

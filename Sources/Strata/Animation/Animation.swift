/// Something that changes a layer's presentation over time (`CAAnimation`).
///
/// Animations are values: `Layer.add(_:forKey:)` keeps a copy, as Core Animation copies
/// the animation it is given, so changing an animation after adding it has no effect.
/// Each one has its own timing (`MediaTiming`) inside the layer's local time.
public protocol Animation {
  var timing: MediaTiming { get set }
  /// Shapes the progress of each cycle; nil is linear.
  var timingFunction: TimingFunction? { get set }
  /// Whether the animation leaves the layer once it has ended (default true). A
  /// `forwards` fill only shows while the animation stays on the layer.
  var isRemovedOnCompletion: Bool { get set }

  /// Applies the animation to `presentation` (a copy of the model layer with the earlier
  /// animations already applied) at time `t` in the layer's local time.
  func apply(to presentation: Layer, at t: Double)
}

extension Animation {
  public var beginTime: Double {
    get { timing.beginTime }
    set { timing.beginTime = newValue }
  }
  /// One cycle in seconds; 0 means 0.25 s, Core Animation's default.
  public var duration: Double {
    get { timing.duration }
    set { timing.duration = newValue }
  }
  public var speed: Double {
    get { timing.speed }
    set { timing.speed = newValue }
  }
  public var timeOffset: Double {
    get { timing.timeOffset }
    set { timing.timeOffset = newValue }
  }
  public var repeatCount: Double {
    get { timing.repeatCount }
    set { timing.repeatCount = newValue }
  }
  public var repeatDuration: Double {
    get { timing.repeatDuration }
    set { timing.repeatDuration = newValue }
  }
  public var autoreverses: Bool {
    get { timing.autoreverses }
    set { timing.autoreverses = newValue }
  }
  public var fillMode: FillMode {
    get { timing.fillMode }
    set { timing.fillMode = newValue }
  }

  /// Where the animation is at local time `t` of its layer, or nil when it has no effect
  /// then.
  public func timingState(at t: Double) -> TimingState? {
    timing.state(
      atParentTime: t, defaultDuration: MediaTiming.defaultAnimationDuration,
      holdsForwards: timing.fillMode.fillsForwards && !isRemovedOnCompletion)
  }

  /// The layer-local time at which the animation's active interval ends (`.infinity` for
  /// endless ones).
  public var endTime: Double {
    let active = timing.activeDuration(defaultDuration: MediaTiming.defaultAnimationDuration)
    return timing.speed == 0 ? .infinity : timing.beginTime + active / abs(timing.speed)
  }

  /// The eased fraction of the current cycle.
  func easedFraction(_ s: TimingState) -> Double {
    let f = s.fraction
    return timingFunction.map { $0.value(at: f) } ?? f
  }
}

/// An animation of one key path (`CAPropertyAnimation`).
public protocol PropertyAnimation: Animation {
  var keyPath: AnimatableKeyPath { get set }
  /// Adds the animated value to the value below it instead of replacing it.
  var isAdditive: Bool { get set }
  /// Each repeat continues from where the last one ended (the end value is added once
  /// per completed cycle).
  var isCumulative: Bool { get set }

  /// The animated value at `state`, given `base`, the value the layer shows without this
  /// animation (its model value with the earlier animations applied). For additive
  /// animations `base` is the zero of the kind and the result is added afterwards.
  func value(at state: TimingState, base: AnimationValue) -> AnimationValue?
}

extension PropertyAnimation {
  public func apply(to presentation: Layer, at t: Double) {
    guard let state = timingState(at: t) else { return }
    let current = keyPath.value(in: presentation)
    guard let v = value(at: state, base: isAdditive ? .zero(keyPath.kind) : current) else { return }
    keyPath.set(isAdditive ? current.adding(v) : v, in: presentation)
  }
}

/// What a layer does when an animatable property changes in a render tree
/// (`CAAction`): an animation to run, or nothing (`NSNull` in Core Animation).
public enum Action {
  case animation(any PropertyAnimation)
  /// No implicit animation for this key.
  case none
}

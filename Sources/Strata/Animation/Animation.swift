/// Something that changes a layer's presentation over time (`CAAnimation`).
///
/// As in Core Animation, an animation is an object that is configured after it is made
/// and then handed to `Layer.add(_:forKey:)`, which attaches a copy: changing the animation
/// afterwards does not change what the layer shows. Each one has its own timing
/// (`MediaTiming`) inside the layer's local time.
///
/// Subclasses override `apply(to:at:)` and `init(copying:)` (which copies their own
/// settings after calling `super`). `apply(to:at:)` must not change the animation: the
/// presentation at a time t is a pure function of the model and t.
open class Animation {
  public var timing = MediaTiming()
  /// Shapes the progress of each cycle; nil is linear.
  public var timingFunction: TimingFunction?
  /// Whether the animation leaves the layer once it has ended (default true). A
  /// `forwards` fill only shows while the animation stays on the layer.
  public var isRemovedOnCompletion = true

  public init() {}

  /// A copy of `other`, which is of the class being initialised (`copy()` calls it so).
  /// Subclasses copy their own stored settings, then call `super.init(copying:)`.
  public required init(copying other: Animation) {
    timing = other.timing
    timingFunction = other.timingFunction
    isRemovedOnCompletion = other.isRemovedOnCompletion
  }

  /// An independent copy with every setting (`NSCopying`): what `Layer.add(_:forKey:)`
  /// keeps.
  public final func copy() -> Self { Self(copying: self) }

  /// Applies the animation to `presentation` (a copy of the model layer with the earlier
  /// animations already applied) at time `t` in the layer's local time. The base class
  /// does nothing.
  open func apply(to presentation: Layer, at t: Double) {}

  /// Traps with a sentence when a value does not fit the animation (a point for
  /// `opacity`): called by `Layer.add(_:forKey:)`, so the mistake shows where it is made
  /// rather than in a later frame.
  func checkValues() {}

  /// `other` as the class being copied into: `init(copying:)` is only ever given an
  /// animation of its own class.
  static func same<A: Animation>(_ other: Animation, as _: A.Type) -> A {
    guard let a = other as? A else {
      preconditionFailure("init(copying:) of \(A.self) was given a \(type(of: other)); use copy()")
    }
    return a
  }
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

/// What a layer does when an animatable property changes in a render tree
/// (`CAAction`): an animation to run, or nothing (`NSNull` in Core Animation).
public enum Action {
  /// A copy of the animation runs, with its key path set to the changed property.
  case animation(PropertyAnimation)
  /// No implicit animation for this key.
  case none
}

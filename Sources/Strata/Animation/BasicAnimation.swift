/// An animation between two values of one key path (`CABasicAnimation`).
///
/// `fromValue`, `toValue` and `byValue` combine as in Core Animation:
///
/// | given | animates |
/// | --- | --- |
/// | from, to | from → to |
/// | from, by | from → from + by |
/// | by, to | to − by → to |
/// | from | from → current value |
/// | to | current value → to |
/// | by | current → current + by |
/// | none | current → current |
///
/// "Current" is the value the layer shows without this animation. For additive
/// animations it is zero, and the result is added to the current value.
public struct BasicAnimation: PropertyAnimation {
  public var keyPath: AnimatableKeyPath
  public var fromValue: AnimationValue?
  public var toValue: AnimationValue?
  public var byValue: AnimationValue?
  public var timing = MediaTiming()
  public var timingFunction: TimingFunction?
  public var isRemovedOnCompletion = true
  public var isAdditive = false
  public var isCumulative = false

  public init(
    keyPath: AnimatableKeyPath, from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil,
    duration: Double = 0
  ) {
    self.keyPath = keyPath
    fromValue = from
    toValue = to
    byValue = by
    timing.duration = duration
  }

  /// The start and end values, by Core Animation's combination rules.
  public func endpoints(base: AnimationValue) -> (from: AnimationValue, to: AnimationValue) {
    switch (fromValue, toValue, byValue) {
    case (let f?, let t?, _): (f, t)
    case (let f?, nil, let b?): (f, f.adding(b))
    case (nil, let t?, let b?): (t.subtracting(b), t)
    case (let f?, nil, nil): (f, base)
    case (nil, let t?, nil): (base, t)
    case (nil, nil, let b?): (base, base.adding(b))
    case (nil, nil, nil): (base, base)
    }
  }

  public func value(at state: TimingState, base: AnimationValue) -> AnimationValue? {
    let (a, b) = endpoints(base: base)
    let v = a.interpolated(to: b, easedFraction(state))
    return isCumulative && state.iteration > 0 ? b.repeated(state.iteration).adding(v) : v
  }
}

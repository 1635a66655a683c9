/// An animation between two values of one key path (`CABasicAnimation`).
///
/// ```swift
/// let a = BasicAnimation(keyPath: "transform.rotation.z")
/// a.fromValue = 0
/// a.toValue = Double.pi
/// a.duration = 1
/// layer.add(a, forKey: "spin")
/// ```
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
open class BasicAnimation: PropertyAnimation {
  var from: AnimationValue?
  var to: AnimationValue?
  var by: AnimationValue?

  /// The start value: a value of the key path's type (`AnimationValueConvertible`).
  public var fromValue: (any AnimationValueConvertible)? {
    get { from }
    set { from = newValue?.animationValue }
  }
  /// The end value.
  public var toValue: (any AnimationValueConvertible)? {
    get { to }
    set { to = newValue?.animationValue }
  }
  /// The change relative to the start (or, with only `toValue`, to the end).
  public var byValue: (any AnimationValueConvertible)? {
    get { by }
    set { by = newValue?.animationValue }
  }

  public init(
    keyPath: AnimatableKeyPath, from: (any AnimationValueConvertible)? = nil, to: (any AnimationValueConvertible)? = nil,
    by: (any AnimationValueConvertible)? = nil, duration: Double = 0
  ) {
    self.from = from?.animationValue
    self.to = to?.animationValue
    self.by = by?.animationValue
    super.init(keyPath: keyPath)
    timing.duration = duration
  }

  public required init(copying other: Animation) {
    let o = Self.same(other, as: BasicAnimation.self)
    (from, to, by) = (o.from, o.to, o.by)
    super.init(copying: other)
  }

  /// The start and end values, by Core Animation's combination rules.
  public func endpoints(base: AnimationValue) -> (from: AnimationValue, to: AnimationValue) {
    switch (from, to, by) {
    case (let f?, let t?, _): (f, t)
    case (let f?, nil, let b?): (f, f.adding(b))
    case (nil, let t?, let b?): (t.subtracting(b), t)
    case (let f?, nil, nil): (f, base)
    case (nil, let t?, nil): (base, t)
    case (nil, nil, let b?): (base, base.adding(b))
    case (nil, nil, nil): (base, base)
    }
  }

  open override func value(at state: TimingState, base: AnimationValue) -> AnimationValue? {
    let (a, b) = endpoints(base: base)
    let v = a.interpolated(to: b, easedFraction(state))
    return isCumulative && state.iteration > 0 ? b.repeated(state.iteration).adding(v) : v
  }

  override func checkValues() {
    check(from, "fromValue")
    check(to, "toValue")
    check(by, "byValue")
  }
}

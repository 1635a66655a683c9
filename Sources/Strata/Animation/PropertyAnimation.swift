/// An animation of one key path (`CAPropertyAnimation`).
open class PropertyAnimation: Animation {
  /// The property animated, written as a string as in Core Animation
  /// (`"transform.rotation.z"`) or as a constant (`.transformRotationZ`).
  public var keyPath: AnimatableKeyPath
  /// Adds the animated value to the value below it instead of replacing it.
  public var isAdditive = false
  /// Each repeat continues from where the last one ended (the end value is added once
  /// per completed cycle).
  public var isCumulative = false

  public init(keyPath: AnimatableKeyPath) {
    self.keyPath = keyPath
    super.init()
  }

  public required init(copying other: Animation) {
    let o = Self.same(other, as: PropertyAnimation.self)
    keyPath = o.keyPath
    isAdditive = o.isAdditive
    isCumulative = o.isCumulative
    super.init(copying: other)
  }

  /// The animated value at `state`, given `base`, the value the layer shows without this
  /// animation (its model value with the earlier animations applied). For additive
  /// animations `base` is the zero of the kind and the result is added afterwards. The
  /// base class has none.
  open func value(at state: TimingState, base: AnimationValue) -> AnimationValue? { nil }

  open override func apply(to presentation: Layer, at t: Double) {
    // A property the layer's kind does not have: nothing to animate, as in Core Animation.
    guard keyPath.applies(to: presentation), let state = timingState(at: t) else { return }
    let current = keyPath.value(in: presentation)
    guard let v = value(at: state, base: isAdditive ? .zero(keyPath.kind) : current) else { return }
    keyPath.set(isAdditive ? current.adding(v) : v, in: presentation)
  }

  /// Traps unless `value` is of the key path's kind.
  func check(_ value: AnimationValue?, _ name: String) {
    guard let v = value, v.kind != keyPath.kind else { return }
    preconditionFailure(
      "\(type(of: self)) for \"\(keyPath.path)\": \(name) is a \(v.kind) (\(v)), but \(keyPath.path) takes a \(keyPath.kind)")
  }
}

/// Animations that run together on one timeline (`CAAnimationGroup`).
///
/// The children's `beginTime`s and durations are in the group's local time; the group's
/// own timing (and its `timingFunction`, which bends the children's time) controls them
/// all. As in Core Animation, the group does not grow to fit its children: a group with
/// the default duration (0.25 s) cuts longer children off. The children's
/// `isRemovedOnCompletion` is ignored; their fill modes apply within the group.
open class AnimationGroup: Animation {
  /// The children. The group's copies (`Layer.add(_:forKey:)` makes one) copy them too.
  public var animations: [Animation]

  public init(_ animations: [Animation] = [], duration: Double = 0) {
    self.animations = animations
    super.init()
    timing.duration = duration
  }

  public required init(copying other: Animation) {
    animations = Self.same(other, as: AnimationGroup.self).animations.map { $0.copy() }
    super.init(copying: other)
  }

  open override func apply(to presentation: Layer, at t: Double) {
    guard let state = timingState(at: t) else { return }
    // The children's parent time: the group's simple time, eased.
    let local = easedFraction(state) * state.simpleDuration
    for child in animations {
      // A child that has ended still shows its forwards fill within the group. The flag
      // is changed on a copy, since applying must leave the animations as they are.
      let shown = child.isRemovedOnCompletion ? child.copy() : child
      shown.isRemovedOnCompletion = false
      shown.apply(to: presentation, at: local)
    }
  }

  override func checkValues() {
    for child in animations { child.checkValues() }
  }
}

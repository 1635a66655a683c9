/// Animations that run together on one timeline (`CAAnimationGroup`).
///
/// The children's `beginTime`s and durations are in the group's local time; the group's
/// own timing (and its `timingFunction`, which bends the children's time) controls them
/// all. As in Core Animation, the group does not grow to fit its children: a group with
/// the default duration (0.25 s) cuts longer children off. The children's
/// `isRemovedOnCompletion` is ignored; their fill modes apply within the group.
public struct AnimationGroup: Animation {
  public var animations: [any Animation]
  public var timing = MediaTiming()
  public var timingFunction: TimingFunction?
  public var isRemovedOnCompletion = true

  public init(_ animations: [any Animation], duration: Double = 0) {
    self.animations = animations
    timing.duration = duration
  }

  public func apply(to presentation: Layer, at t: Double) {
    guard let state = timingState(at: t) else { return }
    // The children's parent time: the group's simple time, eased.
    let local = easedFraction(state) * state.simpleDuration
    for var child in animations {
      child.isRemovedOnCompletion = false
      child.apply(to: presentation, at: local)
    }
  }
}

/// An animated change of a whole layer from its old state to its new one
/// (`CATransition`): the old picture fades or slides away while the new one comes in.
///
/// It is done in the presentation tree, so renderers need nothing new: while a transition
/// runs, the layer's presentation is a container with the layer's geometry holding two
/// copies, the old state (captured when the transition is added) and the new state (the
/// layer as it is now, with its other animations), each with its own opacity and offset.
/// See docs/Animation.md.
open class Transition: Animation {
  /// `CATransitionType`.
  public enum Kind: String, CaseIterable, Sendable {
    /// The old content fades out while the new fades in.
    case fade
    /// The new content slides in over the old.
    case moveIn
    /// The new content pushes the old out.
    case push
    /// The old content slides away, revealing the new below it.
    case reveal
  }

  /// `CATransitionSubtype`: the edge the motion starts from. y grows downward, so
  /// `fromTop` comes in from the visually top edge.
  public enum Direction: String, CaseIterable, Sendable {
    case fromRight, fromLeft, fromTop, fromBottom

    /// The unit offset at which new content starts, in the layer's bounds.
    var unit: Point {
      switch self {
      case .fromRight: Point(1, 0)
      case .fromLeft: Point(-1, 0)
      case .fromTop: Point(0, -1)
      case .fromBottom: Point(0, 1)
      }
    }
  }

  public var type: Kind
  public var subtype: Direction
  /// The part of the transition shown: the progress runs from `startProgress` to
  /// `endProgress` over the duration.
  public var startProgress = 0.0
  public var endProgress = 1.0
  /// The layer as it looked before the change; set by `Layer.add(_:forKey:)`, or given
  /// explicitly (scene files build it from the transition's `from` object).
  public var oldState: Layer?

  public init(_ type: Kind = .fade, subtype: Direction = .fromLeft, duration: Double = 0) {
    self.type = type
    self.subtype = subtype
    super.init()
    timing.duration = duration
  }

  public required init(copying other: Animation) {
    let o = Self.same(other, as: Transition.self)
    (type, subtype, startProgress, endProgress, oldState) = (o.type, o.subtype, o.startProgress, o.endProgress, o.oldState)
    super.init(copying: other)
  }

  /// The progress at `state`, between `startProgress` and `endProgress`.
  public func progress(_ state: TimingState) -> Double {
    startProgress + (endProgress - startProgress) * easedFraction(state)
  }

  open override func apply(to presentation: Layer, at t: Double) {
    guard let state = timingState(at: t) else { return }
    presentation.animationState.transition = (self, progress(state), t)
  }

  /// Opacity factors and offsets (in bounds sizes) of the old and new content at
  /// progress `p`, and whether the old content is drawn above the new.
  func layout(_ p: Double) -> (old: (opacity: Double, offset: Point), new: (opacity: Double, offset: Point), oldOnTop: Bool) {
    let d = subtype.unit
    switch type {
    case .fade: return ((1 - p, .zero), (p, .zero), false)
    case .moveIn: return ((1, .zero), (1, d * (1 - p)), false)
    case .push: return ((1, d * -p), (1, d * (1 - p)), false)
    case .reveal: return ((1, d * -p), (1, .zero), true)
    }
  }
}

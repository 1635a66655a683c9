/// The presentation tree: the layer tree as it looks at a time t, with every animation
/// applied (`CALayer.presentation()`), computed on demand from the model and the
/// animations, so any time can be asked for in any order.
extension Layer {
  /// A copy of this subtree as it looks at global time `t` (the root's parent time), with
  /// all animations applied. Its layers are new objects; `modelLayer` leads back.
  public func presentation(at t: Double) -> Layer {
    let parentTime = superlayer.map { $0.convertTime(t, from: nil) } ?? t
    return presentationCopy(atParentTime: parentTime)
  }

  /// An immutable copy of this subtree as it looks at global time `t`; what renderers
  /// draw for a frame at t. `snapshot()` stays the model, without animations.
  public func snapshot(at t: Double) -> LayerSnapshot {
    // The copies are new layers, thrown away after: none keeps its snapshot.
    LayerSnapshot.make(presentation(at: t), reached: .unkept)
  }

  /// The model layer hit at `p` (in the superlayer's coordinates) as the tree looks at
  /// global time `t`, so a moving layer is hit where it is seen.
  public func hitTest(_ p: Point, at t: Double) -> Layer? {
    presentation(at: t).hitTest(p).map(\.modelLayer)
  }

  /// For a presentation copy, the model layer it shows (`CALayer.model()`); for a model
  /// layer, itself.
  public var modelLayer: Layer { animationState.model ?? self }

  /// - Parameter t: the parent's local time, or nil when the parent is not active (its
  ///   timing is outside its active interval): then the subtree shows its model values.
  func presentationCopy(atParentTime t: Double?) -> Layer {
    let c = type(of: self).init()
    c.copyProperties(from: self)
    c.animationState.model = self
    let state = t.flatMap {
      timing.state(atParentTime: $0, defaultDuration: .infinity, holdsForwards: timing.fillMode.fillsForwards)
    }
    let local = state?.simpleTime
    c.animationState.localTime = local
    if let local {
      for (_, a) in animationState.animations { a.apply(to: c, at: local) }
      if !animationState.animations.isEmpty { c.clampAnimatedValues() }
    }
    c.mask = mask?.presentationCopy(atParentTime: local)
    for s in sublayers {
      let sc = s.presentationCopy(atParentTime: local)
      c.sublayers.append(sc)
      sc.superlayer = c
    }
    if let local, sublayers.contains(where: \.isAnimatedInSubtree) {
      c.links.delayedSublayers = c.sublayerDelays().map { delay in
        sublayers.map { s in
          let sc = s.presentationCopy(atParentTime: local - delay)
          sc.superlayer = c
          return sc
        }
      }
    }
    if let (transition, progress, _) = c.animationState.transition, let old = transition.oldState {
      // The old state is shown as it was when the change happened, with its model values:
      // its subtree's animations (nested transitions among them) do not run. Run, each
      // transition's two states would each present the whole subtree again, 2^n copies for
      // transitions nested n deep.
      return transitionContainer(new: c, old: old.presentationCopy(atParentTime: nil), transition, progress)
    }
    return c
  }

  /// Whether an animation (or a transition) is attached to this layer, its mask or a layer
  /// below: only then can the subtree look different at another time.
  var isAnimatedInSubtree: Bool {
    !animationState.animations.isEmpty || (mask?.isAnimatedInSubtree ?? false)
      || sublayers.contains(where: \.isAnimatedInSubtree)
  }

  /// A container with the new state's geometry holding the old and new content, placed
  /// flat in it and moved or faded for the transition's progress.
  private func transitionContainer(new: Layer, old: Layer, _ transition: Transition, _ progress: Double) -> Layer {
    let w = Layer()
    w.name = new.name
    w.bounds = new.bounds
    w.position = new.position
    w.zPosition = new.zPosition
    w.anchorPoint = new.anchorPoint
    w.anchorPointZ = new.anchorPointZ
    w.transform = new.transform
    w.isDoubleSided = new.isDoubleSided
    w.animationState.model = self
    let layout = transition.layout(progress)
    let size = w.bounds.size
    func place(_ x: Layer, _ opacity: Double, _ offset: Point) {
      // Its bounds' origin on the container's, shifted by `offset` bounds sizes.
      x.position = Point(
        w.bounds.origin.x + x.anchorPoint.x * x.bounds.width + offset.x * size.width,
        w.bounds.origin.y + x.anchorPoint.y * x.bounds.height + offset.y * size.height)
      x.zPosition = 0
      x.anchorPointZ = 0
      x.transform = .identity
      x.opacity *= opacity
      x.superlayer = w
    }
    place(old, layout.old.opacity, layout.old.offset)
    place(new, layout.new.opacity, layout.new.offset)
    if transition.type == .fade {
      // A true cross-fade, old·(1 − p) + new·p: the two are added (plus-lighter) inside
      // the container, which is composited as one bitmap. Drawn over each other instead,
      // opaque content would let the background show through halfway.
      new.compositingFilter = .plusL
      w.shouldRasterize = true
    }
    w.sublayers = layout.oldOnTop ? [new, old] : [old, new]
    return w
  }
}

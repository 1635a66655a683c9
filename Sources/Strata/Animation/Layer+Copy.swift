extension Layer {
  /// The stored properties of `Layer` that `copyLayerProperties(from:)` copies, by name
  /// (`copiedPropertyNames` of the plain layer). A test compares this list with
  /// `Mirror(reflecting: Layer())`, so a property added to `Layer` without being copied
  /// here fails it.
  static let layerCopiedProperties: Set<String> = [
    // Every model property but the mask, in one value (`LayerModel`): copied whole.
    "model",
    // Not copied: the tree links (the mask among them: the callers copy it as they need),
    // the animation state (handled by the callers), and the layer's identity (a copy is
    // another layer).
    "links", "superlayer", "animationState", "serial",
    // Not copied: the layer's kept snapshot and its place in the tree (a copy is another
    // layer, which makes its own: `LayerSnapshot+Reuse`).
    "keptSnapshot", "snapshotCache", "snapshotOwner", "maskHolder",
  ]

  /// Copies `Layer`'s own model properties from `l`: everything but the tree links, the
  /// mask (the callers copy it as they need) and the animation state. Kinds copy theirs
  /// in their `copyProperties(from:)` override.
  final func copyLayerProperties(from l: Layer) {
    model = l.model
  }

  /// A copy of the whole subtree (mask included) with its timing and animations, sharing
  /// images: the old state a transition keeps.
  public func deepCopy() -> Layer {
    let c = type(of: self).init()
    c.copyProperties(from: self)
    c.animationState.timing = animationState.timing
    // Copies, so that a render tree starting the original's animations leaves these be.
    c.animationState.animations = animationState.animations.map { ($0.key, $0.animation.copy()) }
    c.animationState.actions = animationState.actions
    c.mask = mask?.deepCopy()
    for s in sublayers {
      let sc = s.deepCopy()
      c.sublayers.append(sc)
      sc.superlayer = c
    }
    return c
  }
}

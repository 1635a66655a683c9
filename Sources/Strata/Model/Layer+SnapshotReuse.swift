/// Snapshots that reuse the unchanged parts of the last one.
///
/// A frame of a tree where little changes (a server rendering a sequence, a test rendering
/// one tree at several sizes) would otherwise copy every layer again: 20000 sprite layers
/// with their masks spent 40% of their frame's compile in making and freeing snapshots.
/// Core Animation likewise keeps its render tree between commits and sends only what
/// changed. A plain layer keeps its last snapshot (`reusableSnapshot`) until one of its
/// stored properties changes; the next snapshot hands it out again when its mask's and
/// sublayers' snapshots are the very same objects as before, so an unchanged subtree costs
/// one walk and no allocation, and a change rebuilds only the path from the changed layer
/// to the root.
///
/// - A node is kept only when its mask and sublayers are kept too, so a kept node's whole
///   subtree is kept. A change clears the changed layer's and its ancestors' (through
///   `superlayer` and `maskOwner`), stopping at the first that holds none: the old
///   snapshot, and the images only it holds, are freed at the change as before, not at
///   the next snapshot. The identity check above makes reuse right whatever the links say
///   (a mask shared by two layers, say); the links only free memory early.
/// - Layer kinds (any subclass) always build a new node: their own stored properties (a
///   shape's path, an emitter's cells) do not clear the cache. Their ancestors are not
///   kept either (they could never be reused); plain subtrees below a kind still are.
/// - `snapshot()` now writes the cache, which the one-thread-at-a-time rule for layers
///   (`Layer`) already covers. Presentation copies (`snapshot(at:)`) are new layers each
///   time, so their snapshots are always new and the model's caches are never touched.
/// - The model keeps its last snapshot tree alive until it changes.
extension Layer {
  /// An immutable copy of this subtree as it is now, without animations (the model);
  /// `snapshot(at:)` applies them at a time. Unchanged subtrees are the very same objects
  /// as in the last snapshot.
  public func snapshot() -> LayerSnapshot {
    let mask = self.mask?.snapshot()
    let sublayers = self.sublayers.map { $0.snapshot() }
    if let last = reusableSnapshot, last.mask === mask, last.sublayers.count == sublayers.count,
      zip(last.sublayers, sublayers).allSatisfy({ $0 === $1 })
    {
      return last
    }
    let delayed = animationState.delayedSublayers.map { $0.map { $0.snapshot() } }
    let s = LayerSnapshot(self, mask: mask, sublayers: sublayers, delayedSublayers: delayed)
    // Kept only when every input clears it when it changes: a plain layer (a kind's own
    // properties do not), without delayed copies (presentation-only), over kept children.
    if type(of: self) == Layer.self && delayed.isEmpty && (self.mask?.reusableSnapshot != nil || self.mask == nil)
      && self.sublayers.allSatisfy({ $0.reusableSnapshot != nil })
    {
      reusableSnapshot = s
    }
    return s
  }

  /// Drops the kept snapshot of this layer and of every ancestor keeping one. A kept node's
  /// children are all kept, so the first ancestor without one ends the walk: a presentation
  /// copy's (never kept) costs one check.
  func snapshotInputsChanged() {
    var l = self
    while l.reusableSnapshot != nil {
      l.reusableSnapshot = nil
      guard let up = l.superlayer ?? l.maskOwner else { return }
      l = up
    }
  }
}

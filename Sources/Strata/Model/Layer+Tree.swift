extension Layer {
  /// Whether `self` is `layer` or one of its ancestors.
  public func isAncestor(of layer: Layer) -> Bool {
    var l: Layer? = layer
    while let c = l {
      if c === self { return true }
      l = c.superlayer
    }
    return false
  }

  private func checkAdoptable(_ layer: Layer) throws(LayerTreeError) {
    if layer.isAncestor(of: self) {
      throw .cycle(layer: layer.description, parent: description)
    }
  }

  /// Appends `layer` to the sublayers, moving it from its old parent.
  public func addSublayer(_ layer: Layer) throws(LayerTreeError) {
    try insertSublayer(layer, at: sublayers.count - (layer.superlayer === self ? 1 : 0))
  }

  /// Inserts `layer` at `index`, moving it from its old parent.
  public func insertSublayer(_ layer: Layer, at index: Int) throws(LayerTreeError) {
    try checkAdoptable(layer)
    let count = sublayers.count - (layer.superlayer === self ? 1 : 0)
    guard index >= 0, index <= count else { throw .indexOutOfRange(index, count: count) }
    layer.removeFromSuperlayer()
    sublayers.insert(layer, at: index)
    layer.superlayer = self
  }

  /// Inserts `layer` just below `sibling` (appends it at the bottom when `sibling` is nil
  /// or not a sublayer, as Core Animation does).
  public func insertSublayer(_ layer: Layer, below sibling: Layer?) throws(LayerTreeError) {
    try checkAdoptable(layer)
    layer.removeFromSuperlayer()
    let i = sibling.flatMap { s in sublayers.firstIndex { $0 === s } } ?? 0
    sublayers.insert(layer, at: i)
    layer.superlayer = self
  }

  /// Inserts `layer` just above `sibling` (appends it on top when `sibling` is nil or not
  /// a sublayer).
  public func insertSublayer(_ layer: Layer, above sibling: Layer?) throws(LayerTreeError) {
    try checkAdoptable(layer)
    layer.removeFromSuperlayer()
    let i = sibling.flatMap { s in sublayers.firstIndex { $0 === s }.map { $0 + 1 } } ?? sublayers.count
    sublayers.insert(layer, at: i)
    layer.superlayer = self
  }

  /// Puts `new` where `old` was; `old` leaves the tree.
  public func replaceSublayer(_ old: Layer, with new: Layer) throws(LayerTreeError) {
    guard sublayers.contains(where: { $0 === old }) else { throw .notASublayer(old.description) }
    if old === new { return }
    try checkAdoptable(new)
    new.removeFromSuperlayer()
    let i = sublayers.firstIndex { $0 === old }!
    sublayers[i] = new
    new.superlayer = self
    old.superlayer = nil
  }

  /// Detaches the layer from its parent; does nothing for a root.
  public func removeFromSuperlayer() {
    guard let parent = superlayer else { return }
    parent.sublayers.removeAll { $0 === self }
    superlayer = nil
  }

  /// Replaces all sublayers at once.
  public func setSublayers(_ layers: [Layer]) throws(LayerTreeError) {
    for l in sublayers { l.superlayer = nil }
    sublayers = []
    for l in layers { try addSublayer(l) }
  }

  /// The sublayers in drawing order: stable by `zPosition`, lowest first, so that a later
  /// sibling draws above an earlier one with the same `zPosition`.
  public var sublayersInDrawingOrder: [Layer] {
    sublayers.enumerated().sorted { a, b in
      a.element.zPosition != b.element.zPosition ? a.element.zPosition < b.element.zPosition : a.offset < b.offset
    }.map(\.element)
  }
}

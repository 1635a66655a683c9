/// `CALayer`'s scrolling methods (`CALayerScrolling`): any layer forwards scroll requests
/// to the scroll layer that contains it.
extension Layer {
  /// The closest `ScrollLayer` among this layer's ancestors (not the layer itself), the one
  /// that scrolls it; nil when there is none.
  public var enclosingScrollLayer: ScrollLayer? {
    var l = superlayer
    while let c = l {
      if let s = c as? ScrollLayer { return s }
      l = c.superlayer
    }
    return nil
  }

  /// Scrolls the enclosing scroll layer so that `p`, in this layer's coordinates, is at its
  /// top-left corner (`scrollPoint:`): `p` converted into the scroll layer's coordinates,
  /// then `ScrollLayer.scroll(to:)`. Nothing happens without an enclosing scroll layer, or
  /// when the point cannot be converted (it lies behind the eye).
  public func scroll(_ p: Point) {
    guard let s = enclosingScrollLayer, let q = convert(p, to: s) else { return }
    s.scroll(to: q)
  }

  /// Scrolls the enclosing scroll layer as little as needed to show `r`, in this layer's
  /// coordinates (`scrollRectToVisible:`): the bounding box of `r` converted into the
  /// scroll layer's coordinates, then `ScrollLayer.scroll(to:)` with a rectangle.
  public func scrollRectToVisible(_ r: Rect) {
    guard let s = enclosingScrollLayer, let q = convert(r, to: s) else { return }
    s.scroll(to: q)
  }

  /// The part of the bounds the enclosing scroll layer shows, in this layer's coordinates:
  /// the bounds intersected with the scroll layer's bounds converted into this layer (their
  /// bounding box, under a transform that turns them). The bounds when there is no
  /// enclosing scroll layer; an empty rectangle at the bounds' origin when none of it shows.
  public var visibleRect: Rect {
    let own = bounds.standardized
    guard let s = enclosingScrollLayer else { return own }
    guard let window = s.convert(s.bounds, to: self), let shown = own.intersection(window) else {
      return Rect(origin: own.origin, size: .zero)
    }
    return shown
  }
}

/// A layer kind's own content in a snapshot: an immutable value of the kind's properties
/// at one instant (`ShapeLayer`'s path and colours, `GradientLayer`'s stops), made by
/// `Layer.kindSnapshot()` and carried in `LayerSnapshot.kindSnapshot`.
///
/// Typed per kind instead of a growing list of optionals on `LayerSnapshot`. It is
/// `Hashable` because it is part of a layer's identity for caches (a rasterized bitmap is
/// redrawn when it changes); images count by `Image.id`. A kind's compile step
/// (`StrataRender`, `LayerKindCompiling`) turns it into render-list commands.
public protocol LayerKindSnapshot: Hashable, Sendable {}

extension LayerSnapshot {
  /// The kind's content as `T`, or nil for another kind (or a plain layer).
  public func kindSnapshot<T: LayerKindSnapshot>(as _: T.Type) -> T? { kindSnapshot as? T }
}

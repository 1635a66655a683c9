/// A layer whose sublayers share one 3D space with it instead of being flattened into its
/// plane (`CATransformLayer`): cubes and card stacks in real 3D.
///
/// Its sublayers, and theirs through nested transform layers, form one 3D rendering
/// context: each plain layer in it is a plane (its own subtree flattened into it), and the
/// planes are drawn back to front by their depth, cut where they cross (`DepthSort`), before
/// the context is flattened into the transform layer's superlayer. As in Core Animation
/// the transform layer draws nothing itself: its background, contents, border, filters,
/// mask, `masksToBounds`, compositing filter and shadow are ignored; its geometry
/// (`transform`, `sublayerTransform`, `position`, `zPosition`…) moves the context, and its
/// `opacity` multiplies each plane's opacity separately (no group).
public final class TransformLayer: Layer {
  public override class var typeName: String { "transform" }

  /// It has no properties of its own.
  public override class var copiedPropertyNames: Set<String> { [] }

  /// A transform layer at one instant: nothing but its kind (the compiler reads its
  /// geometry from the layer snapshot).
  public struct Snapshot: LayerKindSnapshot {}

  public override func kindSnapshot() -> (any LayerKindSnapshot)? { Snapshot() }
}

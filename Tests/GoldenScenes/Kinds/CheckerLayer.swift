import Strata

/// The worked example of docs/AddingALayerKind.md, used only in tests: a layer that draws
/// a checkerboard of `checkerColor` cells over its background. This file is its model
/// (step 1); `CheckerLayer+Compile.swift` is its compile step (step 3) and
/// `Tests/StrataSceneTests/Kinds/CheckerLayer+Scene.swift` its scene-file section (step 2).
/// It needs nothing in either backend: it draws with the render list's primitives.
public final class CheckerLayer: Layer {
  /// The side of a cell, in points.
  public var cellSize: Double = 8
  /// The colour of the dark cells (the light ones show the background); nil draws none.
  public var checkerColor: Color? = .black
  /// Moves the pattern (points): animating it makes the board scroll.
  public var phase: Point = .zero

  public override class var typeName: String { "test-checker" }  // the scene-file "type"

  // Every stored property is copied: presentation copies (animations), transitions' old
  // states and deepCopy() are made with type(of: layer).init() and this chain.
  public override class var copiedPropertyNames: Set<String> { ["cellSize", "checkerColor", "phase"] }
  public override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? CheckerLayer else { return }
    (cellSize, checkerColor, phase) = (l.cellSize, l.checkerColor, l.phase)
  }

  // Animatable key paths with their value kinds (sub-paths such as "phase.x" come along).
  public override class var animatableProperties: [AnimatableProperty] {
    AnimatableProperty.number("cellSize", \CheckerLayer.cellSize)
      + AnimatableProperty.color("checkerColor", \CheckerLayer.checkerColor)
      + AnimatableProperty.point("phase", \CheckerLayer.phase, implicit: false)
  }

  // The kind's content at one instant: a typed, immutable, hashable value.
  public struct Snapshot: LayerKindSnapshot {
    public var cellSize: Double
    public var color: Color?
    public var phase: Point
  }
  public override func kindSnapshot() -> (any LayerKindSnapshot)? {
    Snapshot(cellSize: cellSize, color: checkerColor, phase: phase)
  }
}

import StrataPath

/// An immutable, `Sendable` copy of a layer subtree at one instant: what renderers read.
///
/// Taking a snapshot is the only point where the mutable model is read, so a render can run
/// on other threads while the model changes.
public final class LayerSnapshot: Sendable {
  /// The layer's model properties at the instant (all but the mask), which the properties
  /// below read.
  @usableFromInline let model: LayerModel
  public let typeName: String
  @inlinable public var name: String? { model.name }
  @inlinable public var bounds: Rect { model.bounds }
  @inlinable public var position: Point { model.position }
  @inlinable public var zPosition: Double { model.zPosition }
  @inlinable public var anchorPoint: Point { model.anchorPoint }
  @inlinable public var anchorPointZ: Double { model.anchorPointZ }
  @inlinable public var transform: Transform3D { model.transform }
  @inlinable public var sublayerTransform: Transform3D { model.sublayerTransform }
  @inlinable public var isGeometryFlipped: Bool { model.isGeometryFlipped }
  @inlinable public var isHidden: Bool { model.isHidden }
  @inlinable public var opacity: Double { model.opacity }
  @inlinable public var isDoubleSided: Bool { model.isDoubleSided }
  @inlinable public var masksToBounds: Bool { model.masksToBounds }
  @inlinable public var backgroundColor: Color? { model.backgroundColor }
  @inlinable public var cornerRadius: Double { model.cornerRadius }
  @inlinable public var maskedCorners: CornerMask { model.maskedCorners }
  @inlinable public var cornerCurve: CornerCurve { model.cornerCurve }
  @inlinable public var borderWidth: Double { model.borderWidth }
  @inlinable public var borderColor: Color { model.borderColor }
  @inlinable public var contents: Image? { model.contents }
  @inlinable public var contentsGravity: ContentsGravity { model.contentsGravity }
  @inlinable public var contentsRect: Rect { model.contentsRect }
  @inlinable public var contentsCenter: Rect { model.contentsCenter }
  @inlinable public var contentsScale: Double { model.contentsScale }
  @inlinable public var minificationFilter: ContentsFilter { model.minificationFilter }
  @inlinable public var magnificationFilter: ContentsFilter { model.magnificationFilter }
  @inlinable public var minificationFilterBias: Double { model.minificationFilterBias }
  public let mask: LayerSnapshot?
  @inlinable public var shadowColor: Color { model.shadowColor }
  @inlinable public var shadowOpacity: Double { model.shadowOpacity }
  @inlinable public var shadowOffset: Size { model.shadowOffset }
  @inlinable public var shadowRadius: Double { model.shadowRadius }
  @inlinable public var shadowPath: StrataPath.Path? { model.shadowPath }
  @inlinable public var maskMode: MaskMode { model.maskMode }
  @inlinable public var shouldRasterize: Bool { model.shouldRasterize }
  @inlinable public var rasterizationScale: Double { model.rasterizationScale }
  @inlinable public var allowsGroupOpacity: Bool { model.allowsGroupOpacity }
  @inlinable public var allowsEdgeAntialiasing: Bool { model.allowsEdgeAntialiasing }
  @inlinable public var edgeAntialiasingMask: EdgeAntialiasingMask { model.edgeAntialiasingMask }
  @inlinable public var compositingFilter: CompositingFilter? { model.compositingFilter }
  @inlinable public var filters: [LayerFilter] { model.filters }
  @inlinable public var backgroundFilters: [LayerFilter] { model.backgroundFilters }
  /// The kind's own content (`Layer.kindSnapshot()`); nil for a plain layer.
  public var kindSnapshot: (any LayerKindSnapshot)? { kindBox?.value }
  /// Whether the layer is of a kind with content of its own: a test of one reference, where
  /// `kindSnapshot == nil` copies and destroys an existential (the compiler asks of every
  /// layer it visits).
  @inlinable public var hasKindSnapshot: Bool { kindBox != nil }
  /// The kind's content, boxed: a plain layer's snapshot holds one nil reference instead of
  /// a 40-byte existential that every copy and release goes through value witnesses for.
  @usableFromInline let kindBox: KindSnapshotBox?
  /// In model order; renderers sort by `zPosition`.
  public let sublayers: [LayerSnapshot]
  /// For kinds that show their sublayers at several times (`Layer.sublayerDelays()`, a
  /// replicator's `instanceDelay`): the sublayers as they are each delay earlier, in model
  /// order, one list per delay. Empty when they would all equal `sublayers` (nothing below
  /// is animated), and for a model snapshot.
  public let delayedSublayers: [[LayerSnapshot]]
  /// The layers of this subtree, itself included (masks and delayed copies not counted):
  /// summed as the snapshot is made, so a renderer sizing its list for the tree does not
  /// walk 20000 layers again.
  public let layerCount: Int
  /// For thousands of sublayers, snapshotted in parts on all cores: the parts, which free
  /// their snapshots on all cores too (`SiblingParts`). Declared after `sublayers`, so that
  /// the list has let go of them when the parts are freed.
  private let sublayerParts: SiblingParts?

  /// A snapshot of `l` from its parts, made by `LayerSnapshot.make` (which may instead
  /// return the layer's last snapshot, `LayerSnapshot+Reuse`).
  init(
    _ l: Layer, kind: (any LayerKindSnapshot)?, mask: LayerSnapshot?, sublayers: [LayerSnapshot],
    parts: SiblingParts?, layerCount: Int?, delayed: [[LayerSnapshot]]
  ) {
    // One read of the model (one exclusivity check), kept whole: one copy, not one store a
    // field (the properties above read it).
    model = l.model
    typeName = type(of: l).typeName
    self.mask = mask
    kindBox = kind.map(KindSnapshotBox.init)
    self.sublayers = sublayers
    sublayerParts = parts
    delayedSublayers = delayed
    if let layerCount {
      self.layerCount = layerCount
    } else {
      var count = 1
      for s in sublayers { count += s.layerCount }
      self.layerCount = count
    }
  }

  /// The sublayers in drawing order: stable by `zPosition`.
  public var sublayersInDrawingOrder: [LayerSnapshot] { Self.drawingOrder(sublayers) }

  /// `layers` (siblings) in drawing order: stable by `zPosition`.
  public static func drawingOrder(_ sublayers: [LayerSnapshot]) -> [LayerSnapshot] {
    if sublayers.allSatisfy({ $0.zPosition == sublayers.first?.zPosition }) { return sublayers }
    return sublayers.enumerated().sorted { a, b in
      a.element.zPosition != b.element.zPosition ? a.element.zPosition < b.element.zPosition : a.offset < b.offset
    }.map(\.element)
  }
}

extension Layer {
  /// An immutable copy of this subtree as it is now, without its animations
  /// (`snapshot(at:)` applies them).
  ///
  /// Layers that did not change since the last snapshot of this tree give that snapshot's
  /// objects again (`LayerSnapshot+Reuse`): a static tree of 20000 layers is not copied
  /// again each frame.
  public func snapshot() -> LayerSnapshot { LayerSnapshot.make(self, reached: .root) }
}

/// A layer kind's snapshot content in a box of its own (`LayerSnapshot.kindBox`).
@usableFromInline final class KindSnapshotBox: Sendable {
  let value: any LayerKindSnapshot
  init(_ value: any LayerKindSnapshot) { self.value = value }
}

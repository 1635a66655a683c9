import StrataPath

/// An immutable, `Sendable` copy of a layer subtree at one instant: what renderers read.
///
/// Taking a snapshot is the only point where the mutable model is read, so a render can run
/// on other threads while the model changes.
public final class LayerSnapshot: Sendable {
  public let typeName: String
  public let name: String?
  public let bounds: Rect
  public let position: Point
  public let zPosition: Double
  public let anchorPoint: Point
  public let anchorPointZ: Double
  public let transform: Transform3D
  public let sublayerTransform: Transform3D
  public let isGeometryFlipped: Bool
  public let isHidden: Bool
  public let opacity: Double
  public let isDoubleSided: Bool
  public let masksToBounds: Bool
  public let backgroundColor: Color?
  public let cornerRadius: Double
  public let maskedCorners: CornerMask
  public let cornerCurve: CornerCurve
  public let borderWidth: Double
  public let borderColor: Color
  public let contents: Image?
  public let contentsGravity: ContentsGravity
  public let contentsRect: Rect
  public let contentsCenter: Rect
  public let contentsScale: Double
  public let minificationFilter: ContentsFilter
  public let magnificationFilter: ContentsFilter
  public let minificationFilterBias: Double
  public let mask: LayerSnapshot?
  public let shadowColor: Color
  public let shadowOpacity: Double
  public let shadowOffset: Size
  public let shadowRadius: Double
  public let shadowPath: StrataPath.Path?
  public let shouldRasterize: Bool
  public let rasterizationScale: Double
  public let allowsGroupOpacity: Bool
  public let allowsEdgeAntialiasing: Bool
  public let edgeAntialiasingMask: EdgeAntialiasingMask
  public let compositingFilter: CompositingFilter?
  public let filters: [LayerFilter]
  public let backgroundFilters: [LayerFilter]
  /// The kind's own content (`Layer.kindSnapshot()`); nil for a plain layer.
  public let kindSnapshot: (any LayerKindSnapshot)?
  /// In model order; renderers sort by `zPosition`.
  public let sublayers: [LayerSnapshot]
  /// For kinds that show their sublayers at several times (`Layer.sublayerDelays()`, a
  /// replicator's `instanceDelay`): the sublayers as they are each delay earlier, in model
  /// order, one list per delay. Empty when they would all equal `sublayers` (nothing below
  /// is animated), and for a model snapshot.
  public let delayedSublayers: [[LayerSnapshot]]

  init(_ l: Layer) {
    // One read of the model (one exclusivity check), then plain field copies.
    let m = l.model
    typeName = type(of: l).typeName
    name = m.name
    bounds = m.bounds
    position = m.position
    zPosition = m.zPosition
    anchorPoint = m.anchorPoint
    anchorPointZ = m.anchorPointZ
    transform = m.transform
    sublayerTransform = m.sublayerTransform
    isGeometryFlipped = m.isGeometryFlipped
    isHidden = m.isHidden
    opacity = m.opacity
    isDoubleSided = m.isDoubleSided
    masksToBounds = m.masksToBounds
    backgroundColor = m.backgroundColor
    cornerRadius = m.cornerRadius
    maskedCorners = m.maskedCorners
    cornerCurve = m.cornerCurve
    borderWidth = m.borderWidth
    borderColor = m.borderColor
    contents = m.contents
    contentsGravity = m.contentsGravity
    contentsRect = m.contentsRect
    contentsCenter = m.contentsCenter
    contentsScale = m.contentsScale
    minificationFilter = m.minificationFilter
    magnificationFilter = m.magnificationFilter
    minificationFilterBias = m.minificationFilterBias
    mask = l.mask.map { LayerSnapshot($0) }
    shadowColor = m.shadowColor
    shadowOpacity = m.shadowOpacity
    shadowOffset = m.shadowOffset
    shadowRadius = m.shadowRadius
    shadowPath = m.shadowPath
    shouldRasterize = m.shouldRasterize
    rasterizationScale = m.rasterizationScale
    allowsGroupOpacity = m.allowsGroupOpacity
    allowsEdgeAntialiasing = m.allowsEdgeAntialiasing
    edgeAntialiasingMask = m.edgeAntialiasingMask
    compositingFilter = m.compositingFilter
    filters = m.filters
    backgroundFilters = m.backgroundFilters
    kindSnapshot = l.kindSnapshot()
    sublayers = l.sublayers.map { LayerSnapshot($0) }
    delayedSublayers = l.animationState.delayedSublayers.map { $0.map { LayerSnapshot($0) } }
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
  /// An immutable copy of this subtree as it is now. (Animations, when they arrive, are
  /// applied here at the requested time.)
  public func snapshot() -> LayerSnapshot { LayerSnapshot(self) }
}

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
    typeName = type(of: l).typeName
    name = l.name
    bounds = l.bounds
    position = l.position
    zPosition = l.zPosition
    anchorPoint = l.anchorPoint
    anchorPointZ = l.anchorPointZ
    transform = l.transform
    sublayerTransform = l.sublayerTransform
    isGeometryFlipped = l.isGeometryFlipped
    isHidden = l.isHidden
    opacity = l.opacity
    isDoubleSided = l.isDoubleSided
    masksToBounds = l.masksToBounds
    backgroundColor = l.backgroundColor
    cornerRadius = l.cornerRadius
    maskedCorners = l.maskedCorners
    cornerCurve = l.cornerCurve
    borderWidth = l.borderWidth
    borderColor = l.borderColor
    contents = l.contents
    contentsGravity = l.contentsGravity
    contentsRect = l.contentsRect
    contentsCenter = l.contentsCenter
    contentsScale = l.contentsScale
    minificationFilter = l.minificationFilter
    magnificationFilter = l.magnificationFilter
    minificationFilterBias = l.minificationFilterBias
    mask = l.mask.map { LayerSnapshot($0) }
    shadowColor = l.shadowColor
    shadowOpacity = l.shadowOpacity
    shadowOffset = l.shadowOffset
    shadowRadius = l.shadowRadius
    shadowPath = l.shadowPath
    shouldRasterize = l.shouldRasterize
    rasterizationScale = l.rasterizationScale
    allowsGroupOpacity = l.allowsGroupOpacity
    allowsEdgeAntialiasing = l.allowsEdgeAntialiasing
    edgeAntialiasingMask = l.edgeAntialiasingMask
    compositingFilter = l.compositingFilter
    filters = l.filters
    backgroundFilters = l.backgroundFilters
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

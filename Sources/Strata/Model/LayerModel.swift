import StrataPath

/// `Layer`'s model properties but the mask, stored together (`Layer.model`): the public
/// properties of `Layer` read and write these fields, with `CALayer`'s defaults.
@usableFromInline struct LayerModel: Sendable {
  @usableFromInline var bounds: Rect = .zero
  @usableFromInline var position: Point = .zero
  @usableFromInline var zPosition: Double = 0
  @usableFromInline var anchorPoint: Point = Point(x: 0.5, y: 0.5)
  @usableFromInline var anchorPointZ: Double = 0
  @usableFromInline var transform: Transform3D = .identity
  @usableFromInline var sublayerTransform: Transform3D = .identity
  @usableFromInline var isGeometryFlipped: Bool = false
  @usableFromInline var isHidden: Bool = false
  @usableFromInline var opacity: Double = 1
  @usableFromInline var isDoubleSided: Bool = true
  @usableFromInline var masksToBounds: Bool = false
  @usableFromInline var backgroundColor: Color? = nil
  @usableFromInline var cornerRadius: Double = 0
  @usableFromInline var maskedCorners: CornerMask = .all
  @usableFromInline var cornerCurve: CornerCurve = .circular
  @usableFromInline var borderWidth: Double = 0
  @usableFromInline var borderColor: Color = .black
  @usableFromInline var contents: Image? = nil
  @usableFromInline var contentsGravity: ContentsGravity = .resize
  @usableFromInline var contentsRect: Rect = .unit
  @usableFromInline var contentsCenter: Rect = .unit
  @usableFromInline var contentsScale: Double = 1
  @usableFromInline var minificationFilter: ContentsFilter = .linear
  @usableFromInline var magnificationFilter: ContentsFilter = .linear
  @usableFromInline var minificationFilterBias: Double = 0
  @usableFromInline var shadowColor: Color = .black
  @usableFromInline var shadowOpacity: Double = 0
  @usableFromInline var shadowOffset: Size = Size(width: 0, height: -3)
  @usableFromInline var shadowRadius: Double = 3
  @usableFromInline var shadowPath: StrataPath.Path? = nil
  @usableFromInline var shouldRasterize: Bool = false
  @usableFromInline var rasterizationScale: Double = 1
  @usableFromInline var allowsGroupOpacity: Bool = true
  @usableFromInline var allowsEdgeAntialiasing: Bool = false
  @usableFromInline var edgeAntialiasingMask: EdgeAntialiasingMask = .all
  @usableFromInline var compositingFilter: CompositingFilter? = nil
  @usableFromInline var filters: [LayerFilter] = []
  @usableFromInline var backgroundFilters: [LayerFilter] = []
  @usableFromInline var name: String? = nil
}

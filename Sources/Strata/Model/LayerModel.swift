import StrataPath

/// `Layer`'s model properties but the mask, stored together (`Layer.model`): the public
/// properties of `Layer` read and write these fields, with `CALayer`'s defaults.
struct LayerModel {
  var bounds: Rect = .zero
  var position: Point = .zero
  var zPosition: Double = 0
  var anchorPoint: Point = Point(x: 0.5, y: 0.5)
  var anchorPointZ: Double = 0
  var transform: Transform3D = .identity
  var sublayerTransform: Transform3D = .identity
  var isGeometryFlipped: Bool = false
  var isHidden: Bool = false
  var opacity: Double = 1
  var isDoubleSided: Bool = true
  var masksToBounds: Bool = false
  var backgroundColor: Color? = nil
  var cornerRadius: Double = 0
  var maskedCorners: CornerMask = .all
  var cornerCurve: CornerCurve = .circular
  var borderWidth: Double = 0
  var borderColor: Color = .black
  var contents: Image? = nil
  var contentsGravity: ContentsGravity = .resize
  var contentsRect: Rect = .unit
  var contentsCenter: Rect = .unit
  var contentsScale: Double = 1
  var minificationFilter: ContentsFilter = .linear
  var magnificationFilter: ContentsFilter = .linear
  var minificationFilterBias: Double = 0
  var shadowColor: Color = .black
  var shadowOpacity: Double = 0
  var shadowOffset: Size = Size(width: 0, height: -3)
  var shadowRadius: Double = 3
  var shadowPath: StrataPath.Path? = nil
  var shouldRasterize: Bool = false
  var rasterizationScale: Double = 1
  var allowsGroupOpacity: Bool = true
  var allowsEdgeAntialiasing: Bool = false
  var edgeAntialiasingMask: EdgeAntialiasingMask = .all
  var compositingFilter: CompositingFilter? = nil
  var filters: [LayerFilter] = []
  var backgroundFilters: [LayerFilter] = []
  var name: String? = nil
}

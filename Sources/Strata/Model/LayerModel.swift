import StrataPath

/// `Layer`'s model properties but the mask, stored together (`Layer.model`): the public
/// properties of `Layer` read and write these fields, with `CALayer`'s defaults.
///
/// The properties most layers leave at their defaults (sublayer transform, border, shadow,
/// nine-slice, filters, name) live in one shared, immutable `Rare` box, replaced when one
/// of them is set, and `transform` in a box of its own (nil for the identity), so a
/// snapshot copies 200 bytes, not about 700. A frame of 20000 sprite layers copies every
/// layer's model into its snapshot and reads it back to compile: the bytes, not the
/// instructions, were its cost. Layers that set none of them share `Rare.defaults`.
@usableFromInline struct LayerModel: Sendable {
  @usableFromInline var bounds: Rect = .zero
  @usableFromInline var position: Point = .zero
  @usableFromInline var zPosition: Double = 0
  @usableFromInline var anchorPoint: Point = Point(x: 0.5, y: 0.5)
  /// `transform`, boxed, nil for the identity (most layers): 8 bytes instead of 128.
  @usableFromInline var transformBox: TransformBox? = nil
  @inlinable var transform: Transform3D {
    get { transformBox?.value ?? .identity }
    set { transformBox = newValue == .identity ? nil : TransformBox(newValue) }
  }
  /// A transform other than the identity, immutable and shared between copies.
  @usableFromInline final class TransformBox: Sendable {
    @usableFromInline let value: Transform3D
    @usableFromInline init(_ value: Transform3D) { self.value = value }
  }
  @usableFromInline var isHidden: Bool = false
  @usableFromInline var opacity: Double = 1
  @usableFromInline var isDoubleSided: Bool = true
  @usableFromInline var masksToBounds: Bool = false
  @usableFromInline var backgroundColor: Color? = nil
  @usableFromInline var cornerRadius: Double = 0
  @usableFromInline var maskedCorners: CornerMask = .all
  @usableFromInline var cornerCurve: CornerCurve = .circular
  @usableFromInline var contents: Image? = nil
  @usableFromInline var contentsGravity: ContentsGravity = .resize
  @usableFromInline var contentsScale: Double = 1
  @usableFromInline var minificationFilter: ContentsFilter = .linear
  @usableFromInline var magnificationFilter: ContentsFilter = .linear
  @usableFromInline var shouldRasterize: Bool = false
  @usableFromInline var allowsGroupOpacity: Bool = true
  @usableFromInline var allowsEdgeAntialiasing: Bool = false
  @usableFromInline var edgeAntialiasingMask: EdgeAntialiasingMask = .all
  @usableFromInline var compositingFilter: CompositingFilter? = nil
  /// The rarely set properties (`Rare`), read and written through the properties below.
  @usableFromInline var rare: Rare = .defaults

  /// The rarely set part of a layer's model, immutable and shared: setting one of its
  /// properties makes a new box.
  @usableFromInline final class Rare: Sendable {
    @usableFromInline let fields: Fields
    @usableFromInline init(_ fields: Fields) { self.fields = fields }
    /// Every property at `CALayer`'s default: the box of every layer that sets none.
    @usableFromInline static let defaults = Rare(Fields())
    /// Whether setting `b` over `a` changes nothing, so the box is kept: animated layers'
    /// presentation copies set several of these each frame to the value they have
    /// (`clampAnimatedValues`). Values that are not `Equatable` always make a new box.
    @inlinable static func same<T: Equatable>(_ a: T, _ b: T) -> Bool { a == b }
    @inlinable static func same<T>(_ a: T, _ b: T) -> Bool { false }

    @usableFromInline struct Fields: Sendable {
      @usableFromInline var anchorPointZ: Double = 0
      @usableFromInline var sublayerTransform: Transform3D = .identity
      @usableFromInline var isGeometryFlipped: Bool = false
      @usableFromInline var borderWidth: Double = 0
      @usableFromInline var borderColor: Color = .black
      @usableFromInline var contentsRect: Rect = .unit
      @usableFromInline var contentsCenter: Rect = .unit
      @usableFromInline var minificationFilterBias: Double = 0
      @usableFromInline var shadowColor: Color = .black
      @usableFromInline var shadowOpacity: Double = 0
      @usableFromInline var shadowOffset: Size = Size(width: 0, height: -3)
      @usableFromInline var shadowRadius: Double = 3
      @usableFromInline var shadowPath: StrataPath.Path? = nil
      @usableFromInline var rasterizationScale: Double = 1
      @usableFromInline var filters: [LayerFilter] = []
      @usableFromInline var backgroundFilters: [LayerFilter] = []
      @usableFromInline var name: String? = nil
      @usableFromInline init() {}
    }
  }
  @inlinable var anchorPointZ: Double {
    get { rare.fields.anchorPointZ }
    set { if !Rare.same(rare.fields.anchorPointZ, newValue) { var f = rare.fields; f.anchorPointZ = newValue; rare = Rare(f) } }
  }
  @inlinable var sublayerTransform: Transform3D {
    get { rare.fields.sublayerTransform }
    set { if !Rare.same(rare.fields.sublayerTransform, newValue) { var f = rare.fields; f.sublayerTransform = newValue; rare = Rare(f) } }
  }
  @inlinable var isGeometryFlipped: Bool {
    get { rare.fields.isGeometryFlipped }
    set { if !Rare.same(rare.fields.isGeometryFlipped, newValue) { var f = rare.fields; f.isGeometryFlipped = newValue; rare = Rare(f) } }
  }
  @inlinable var borderWidth: Double {
    get { rare.fields.borderWidth }
    set { if !Rare.same(rare.fields.borderWidth, newValue) { var f = rare.fields; f.borderWidth = newValue; rare = Rare(f) } }
  }
  @inlinable var borderColor: Color {
    get { rare.fields.borderColor }
    set { if !Rare.same(rare.fields.borderColor, newValue) { var f = rare.fields; f.borderColor = newValue; rare = Rare(f) } }
  }
  @inlinable var contentsRect: Rect {
    get { rare.fields.contentsRect }
    set { if !Rare.same(rare.fields.contentsRect, newValue) { var f = rare.fields; f.contentsRect = newValue; rare = Rare(f) } }
  }
  @inlinable var contentsCenter: Rect {
    get { rare.fields.contentsCenter }
    set { if !Rare.same(rare.fields.contentsCenter, newValue) { var f = rare.fields; f.contentsCenter = newValue; rare = Rare(f) } }
  }
  @inlinable var minificationFilterBias: Double {
    get { rare.fields.minificationFilterBias }
    set { if !Rare.same(rare.fields.minificationFilterBias, newValue) { var f = rare.fields; f.minificationFilterBias = newValue; rare = Rare(f) } }
  }
  @inlinable var shadowColor: Color {
    get { rare.fields.shadowColor }
    set { if !Rare.same(rare.fields.shadowColor, newValue) { var f = rare.fields; f.shadowColor = newValue; rare = Rare(f) } }
  }
  @inlinable var shadowOpacity: Double {
    get { rare.fields.shadowOpacity }
    set { if !Rare.same(rare.fields.shadowOpacity, newValue) { var f = rare.fields; f.shadowOpacity = newValue; rare = Rare(f) } }
  }
  @inlinable var shadowOffset: Size {
    get { rare.fields.shadowOffset }
    set { if !Rare.same(rare.fields.shadowOffset, newValue) { var f = rare.fields; f.shadowOffset = newValue; rare = Rare(f) } }
  }
  @inlinable var shadowRadius: Double {
    get { rare.fields.shadowRadius }
    set { if !Rare.same(rare.fields.shadowRadius, newValue) { var f = rare.fields; f.shadowRadius = newValue; rare = Rare(f) } }
  }
  @inlinable var shadowPath: StrataPath.Path? {
    get { rare.fields.shadowPath }
    set { if !Rare.same(rare.fields.shadowPath, newValue) { var f = rare.fields; f.shadowPath = newValue; rare = Rare(f) } }
  }
  @inlinable var rasterizationScale: Double {
    get { rare.fields.rasterizationScale }
    set { if !Rare.same(rare.fields.rasterizationScale, newValue) { var f = rare.fields; f.rasterizationScale = newValue; rare = Rare(f) } }
  }
  @inlinable var filters: [LayerFilter] {
    get { rare.fields.filters }
    set { if !Rare.same(rare.fields.filters, newValue) { var f = rare.fields; f.filters = newValue; rare = Rare(f) } }
  }
  @inlinable var backgroundFilters: [LayerFilter] {
    get { rare.fields.backgroundFilters }
    set { if !Rare.same(rare.fields.backgroundFilters, newValue) { var f = rare.fields; f.backgroundFilters = newValue; rare = Rare(f) } }
  }
  @inlinable var name: String? {
    get { rare.fields.name }
    set { if !Rare.same(rare.fields.name, newValue) { var f = rare.fields; f.name = newValue; rare = Rare(f) } }
  }
}

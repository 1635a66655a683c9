import StrataPath

/// `Layer`'s model properties but the mask, stored together (`Layer.model`): the public
/// properties of `Layer` read and write these fields, with `CALayer`'s defaults.
///
/// The properties most layers leave at their defaults (sublayer transform, border, shadow,
/// nine-slice, filters, name) live in one shared, immutable `Rare` box, replaced when one
/// of them is set, and `transform` in a box of its own (nil for the identity), so a
/// snapshot copies 200 bytes, not about 700. A frame of 20000 sprite layers copies every
/// layer's model into its snapshot and reads it back to compile: the bytes, not the
/// instructions, were its cost. Layers that set none of them have no box (`rare` is nil):
/// a box every layer shared had its reference counted by every snapshot made and freed,
/// from every core at once when snapshots and compiles run in parallel.
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
  /// The rarely set properties (`Rare`), read and written through the properties below;
  /// nil while all of them have their defaults.
  @usableFromInline var rare: Rare? = nil

  /// The rarely set part of a layer's model, immutable and shared: setting one of its
  /// properties makes a new box.
  @usableFromInline final class Rare: Sendable {
    @usableFromInline let fields: Fields
    @usableFromInline init(_ fields: Fields) { self.fields = fields }

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
      @usableFromInline var maskMode: MaskMode = .alpha
      @usableFromInline init() {}
      /// Every property at `CALayer`'s default: what a model without a box has.
      @usableFromInline static let defaults = Fields()
    }
  }
  /// Sets one of the rarely set properties (`edit` stores it) in a new box, or keeps the
  /// box when `value` is the `current` one: animated layers' presentation copies set
  /// several of these each frame to the value they have (`clampAnimatedValues`). A closure,
  /// not a key path: inlined, where applying a key path made LOTTIE's compile 12% slower.
  @inlinable mutating func setRare<T: Equatable>(_ current: T, _ value: T, _ edit: (inout Rare.Fields, T) -> Void) {
    guard current != value else { return }
    var f = rare?.fields ?? .defaults
    edit(&f, value)
    rare = Rare(f)
  }
  /// For a value that cannot be compared (`shadowPath`): always a new box.
  @inlinable mutating func setRare<T>(_ current: T, _ value: T, _ edit: (inout Rare.Fields, T) -> Void) {
    var f = rare?.fields ?? .defaults
    edit(&f, value)
    rare = Rare(f)
  }
  @inlinable var anchorPointZ: Double {
    get { rare?.fields.anchorPointZ ?? Rare.Fields.defaults.anchorPointZ }
    set { setRare(anchorPointZ, newValue) { $0.anchorPointZ = $1 } }
  }
  @inlinable var sublayerTransform: Transform3D {
    get { rare?.fields.sublayerTransform ?? Rare.Fields.defaults.sublayerTransform }
    set { setRare(sublayerTransform, newValue) { $0.sublayerTransform = $1 } }
  }
  @inlinable var isGeometryFlipped: Bool {
    get { rare?.fields.isGeometryFlipped ?? Rare.Fields.defaults.isGeometryFlipped }
    set { setRare(isGeometryFlipped, newValue) { $0.isGeometryFlipped = $1 } }
  }
  @inlinable var borderWidth: Double {
    get { rare?.fields.borderWidth ?? Rare.Fields.defaults.borderWidth }
    set { setRare(borderWidth, newValue) { $0.borderWidth = $1 } }
  }
  @inlinable var borderColor: Color {
    get { rare?.fields.borderColor ?? Rare.Fields.defaults.borderColor }
    set { setRare(borderColor, newValue) { $0.borderColor = $1 } }
  }
  @inlinable var contentsRect: Rect {
    get { rare?.fields.contentsRect ?? Rare.Fields.defaults.contentsRect }
    set { setRare(contentsRect, newValue) { $0.contentsRect = $1 } }
  }
  @inlinable var contentsCenter: Rect {
    get { rare?.fields.contentsCenter ?? Rare.Fields.defaults.contentsCenter }
    set { setRare(contentsCenter, newValue) { $0.contentsCenter = $1 } }
  }
  @inlinable var minificationFilterBias: Double {
    get { rare?.fields.minificationFilterBias ?? Rare.Fields.defaults.minificationFilterBias }
    set { setRare(minificationFilterBias, newValue) { $0.minificationFilterBias = $1 } }
  }
  @inlinable var shadowColor: Color {
    get { rare?.fields.shadowColor ?? Rare.Fields.defaults.shadowColor }
    set { setRare(shadowColor, newValue) { $0.shadowColor = $1 } }
  }
  @inlinable var shadowOpacity: Double {
    get { rare?.fields.shadowOpacity ?? Rare.Fields.defaults.shadowOpacity }
    set { setRare(shadowOpacity, newValue) { $0.shadowOpacity = $1 } }
  }
  @inlinable var shadowOffset: Size {
    get { rare?.fields.shadowOffset ?? Rare.Fields.defaults.shadowOffset }
    set { setRare(shadowOffset, newValue) { $0.shadowOffset = $1 } }
  }
  @inlinable var shadowRadius: Double {
    get { rare?.fields.shadowRadius ?? Rare.Fields.defaults.shadowRadius }
    set { setRare(shadowRadius, newValue) { $0.shadowRadius = $1 } }
  }
  @inlinable var shadowPath: StrataPath.Path? {
    get { rare?.fields.shadowPath ?? Rare.Fields.defaults.shadowPath }
    set { setRare(shadowPath, newValue) { $0.shadowPath = $1 } }
  }
  @inlinable var rasterizationScale: Double {
    get { rare?.fields.rasterizationScale ?? Rare.Fields.defaults.rasterizationScale }
    set { setRare(rasterizationScale, newValue) { $0.rasterizationScale = $1 } }
  }
  @inlinable var filters: [LayerFilter] {
    get { rare?.fields.filters ?? Rare.Fields.defaults.filters }
    set { setRare(filters, newValue) { $0.filters = $1 } }
  }
  @inlinable var backgroundFilters: [LayerFilter] {
    get { rare?.fields.backgroundFilters ?? Rare.Fields.defaults.backgroundFilters }
    set { setRare(backgroundFilters, newValue) { $0.backgroundFilters = $1 } }
  }
  @inlinable var maskMode: MaskMode {
    get { rare?.fields.maskMode ?? Rare.Fields.defaults.maskMode }
    set { setRare(maskMode, newValue) { $0.maskMode = $1 } }
  }
  @inlinable var name: String? {
    get { rare?.fields.name ?? Rare.Fields.defaults.name }
    set { setRare(name, newValue) { $0.name = $1 } }
  }
}

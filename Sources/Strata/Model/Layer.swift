import StrataPath

/// A node of the layer tree, with `CALayer`'s properties, names and defaults.
///
/// Layers are mutable model objects, used from one thread at a time. Rendering never reads
/// them directly: it takes an immutable `LayerSnapshot` first.
open class Layer: CustomStringConvertible {
  /// This layer's number, unique in the process and never reused (unlike its address), for
  /// bookkeeping that must not mistake a new layer for a freed one (`RenderTree`).
  let serial = LayerSerial.next()

  // MARK: Geometry
  public var bounds: Rect = .zero
  public var position: Point = .zero
  public var zPosition: Double = 0
  public var anchorPoint = Point(x: 0.5, y: 0.5)
  public var anchorPointZ: Double = 0
  public var transform: Transform3D = .identity
  /// Applied to the sublayers, about this layer's anchor point.
  public var sublayerTransform: Transform3D = .identity
  /// Flips the sublayers' coordinate space vertically (y up from the bottom edge).
  public var isGeometryFlipped = false

  // MARK: Appearance
  public var isHidden = false
  public var opacity: Double = 1
  public var isDoubleSided = true
  public var masksToBounds = false
  public var backgroundColor: Color? = nil
  public var cornerRadius: Double = 0
  public var maskedCorners: CornerMask = .all
  public var cornerCurve: CornerCurve = .circular
  public var borderWidth: Double = 0
  public var borderColor: Color = .black

  // MARK: Contents
  public var contents: Image? = nil
  public var contentsGravity: ContentsGravity = .resize
  /// The part of the image shown, in unit coordinates of the image.
  public var contentsRect: Rect = .unit
  /// The stretchable part of the image for nine-slice scaling, in unit coordinates of
  /// `contentsRect`.
  public var contentsCenter: Rect = .unit
  /// Image pixels per point.
  public var contentsScale: Double = 1
  public var minificationFilter: ContentsFilter = .linear
  public var magnificationFilter: ContentsFilter = .linear
  public var minificationFilterBias: Double = 0

  // MARK: Effects (rendered by later stages; carried through the snapshot already)
  public var mask: Layer? = nil
  public var shadowColor: Color = .black
  public var shadowOpacity: Double = 0
  /// (0, -3) points up, as on iOS.
  public var shadowOffset = Size(width: 0, height: -3)
  public var shadowRadius: Double = 3
  /// The shadow's shape in the layer's coordinates, filled nonzero, instead of the layer's
  /// composited alpha: one blurred mask whatever the content. nil (the default) shadows
  /// the composited alpha. Animatable, but not implicitly (as Core Animation's paths).
  public var shadowPath: StrataPath.Path? = nil
  public var shouldRasterize = false
  public var rasterizationScale: Double = 1
  public var allowsGroupOpacity = true
  /// Off by default, as on iOS: transformed layer edges are not anti-aliased.
  public var allowsEdgeAntialiasing = false
  public var edgeAntialiasingMask: EdgeAntialiasingMask = .all
  /// How the layer blends with what lies below it, such as `.multiplyBlendMode`; nil is
  /// source-over.
  public var compositingFilter: CompositingFilter? = nil
  /// Filters applied to the layer's composited content (before the mask and opacity).
  public var filters: [LayerFilter] = []
  /// Filters applied to what lies behind the layer, within its bounds (frosted glass).
  public var backgroundFilters: [LayerFilter] = []

  // MARK: Identity
  public var name: String? = nil

  // MARK: Tree
  public internal(set) var sublayers: [Layer] = []
  public internal(set) weak var superlayer: Layer?

  // MARK: Timing and animations (Animation/Layer+Animation.swift)
  var animationState = LayerAnimationState()

  /// Required so that presentation copies keep the layer kind (`type(of: layer).init()`).
  public required init() {}

  /// A layer with the given bounds size at the given frame.
  public convenience init(frame: Rect) {
    self.init()
    self.frame = frame
  }

  /// The layer kind's name in scene files.
  open class var typeName: String { "layer" }

  // MARK: Layer kinds (docs/AddingALayerKind.md)

  /// Copies the model properties from `layer`, a layer of the same kind: everything but
  /// the tree links, the mask (the callers copy it as they need) and the animation state.
  /// Presentation copies, transitions' old states and `deepCopy()` are made with
  /// `type(of: layer).init()` and this, so a kind overrides it, calls `super`, and copies
  /// its own stored properties.
  open func copyProperties(from layer: Layer) { copyLayerProperties(from: layer) }

  /// The stored properties this class declares (not its superclass), each either copied
  /// by `copyProperties(from:)` or deliberately left to its callers. A test compares it
  /// with `Mirror` for every registered kind, so a property added without being copied
  /// fails it. A kind overrides it with its own names.
  open class var copiedPropertyNames: Set<String> { layerCopiedProperties }

  /// The animatable properties this class declares (not its superclass): `Layer`'s for
  /// the plain layer. `LayerKinds.register(_:)` collects them for `AnimatableKeyPath`.
  open class var animatableProperties: [AnimatableProperty] { AnimatableKeyPath.layerProperties }

  /// The kind's own content for a snapshot, as an immutable value (nil for a plain layer):
  /// what the kind's compile step draws. Called once per layer and snapshot.
  open func kindSnapshot() -> (any LayerKindSnapshot)? { nil }

  /// For kinds that show their sublayers at several times at once (`ReplicatorLayer`'s
  /// `instanceDelay`): how much earlier, in this layer's local time, each further copy of
  /// the sublayers is seen; empty (the default) for none. Called on presentation copies
  /// (animated values), which then build the sublayers once more per entry; snapshots carry
  /// them as `LayerSnapshot.delayedSublayers`, so no later stage reads the model again.
  open func sublayerDelays() -> [Double] { [] }

  /// Whether `p`, in this layer's coordinates, lies inside the bounds. Layer kinds with
  /// other shapes override it.
  open func contains(_ p: Point) -> Bool { bounds.contains(p) }

  public var description: String {
    name.map { "layer \"\($0)\"" } ?? "\(Self.typeName) \(ObjectIdentifier(self).hashValue & 0xffff)"
  }
}

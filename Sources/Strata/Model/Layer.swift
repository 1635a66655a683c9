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
  public var bounds: Rect { get { model.bounds } set { model.bounds = newValue } }
  public var position: Point { get { model.position } set { model.position = newValue } }
  public var zPosition: Double { get { model.zPosition } set { model.zPosition = newValue } }
  public var anchorPoint: Point { get { model.anchorPoint } set { model.anchorPoint = newValue } }
  public var anchorPointZ: Double { get { model.anchorPointZ } set { model.anchorPointZ = newValue } }
  public var transform: Transform3D { get { model.transform } set { model.transform = newValue } }
  /// Applied to the sublayers, about this layer's anchor point.
  public var sublayerTransform: Transform3D { get { model.sublayerTransform } set { model.sublayerTransform = newValue } }
  /// Flips the sublayers' coordinate space vertically (y up from the bottom edge).
  public var isGeometryFlipped: Bool { get { model.isGeometryFlipped } set { model.isGeometryFlipped = newValue } }

  // MARK: Appearance
  public var isHidden: Bool { get { model.isHidden } set { model.isHidden = newValue } }
  public var opacity: Double { get { model.opacity } set { model.opacity = newValue } }
  public var isDoubleSided: Bool { get { model.isDoubleSided } set { model.isDoubleSided = newValue } }
  public var masksToBounds: Bool { get { model.masksToBounds } set { model.masksToBounds = newValue } }
  public var backgroundColor: Color? { get { model.backgroundColor } set { model.backgroundColor = newValue } }
  public var cornerRadius: Double { get { model.cornerRadius } set { model.cornerRadius = newValue } }
  public var maskedCorners: CornerMask { get { model.maskedCorners } set { model.maskedCorners = newValue } }
  public var cornerCurve: CornerCurve { get { model.cornerCurve } set { model.cornerCurve = newValue } }
  public var borderWidth: Double { get { model.borderWidth } set { model.borderWidth = newValue } }
  public var borderColor: Color { get { model.borderColor } set { model.borderColor = newValue } }

  // MARK: Contents
  public var contents: Image? { get { model.contents } set { model.contents = newValue } }
  public var contentsGravity: ContentsGravity { get { model.contentsGravity } set { model.contentsGravity = newValue } }
  /// The part of the image shown, in unit coordinates of the image.
  public var contentsRect: Rect { get { model.contentsRect } set { model.contentsRect = newValue } }
  /// The stretchable part of the image for nine-slice scaling, in unit coordinates of
  /// `contentsRect`.
  public var contentsCenter: Rect { get { model.contentsCenter } set { model.contentsCenter = newValue } }
  /// Image pixels per point.
  public var contentsScale: Double { get { model.contentsScale } set { model.contentsScale = newValue } }
  public var minificationFilter: ContentsFilter { get { model.minificationFilter } set { model.minificationFilter = newValue } }
  public var magnificationFilter: ContentsFilter { get { model.magnificationFilter } set { model.magnificationFilter = newValue } }
  public var minificationFilterBias: Double { get { model.minificationFilterBias } set { model.minificationFilterBias = newValue } }

  // MARK: Effects (rendered by later stages; carried through the snapshot already)
  public var mask: Layer? {
    get { links.mask }
    set {
      // The mask's snapshot is kept for this layer's place in the tree (`SnapshotOwner`).
      let here = SnapshotOwner.mask(of: ObjectIdentifier(self))
      if let old = links.mask, old.snapshotOwner == here {
        old.snapshotOwner = .none
        old.maskHolder = nil
      }
      links.mask = newValue
      if let m = newValue {
        // Its old place no longer holds it: that place's kept snapshots must be made again.
        Self.dropKeptSnapshots(from: m.snapshotOwnerLayer)
        m.snapshotOwner = here
        m.maskHolder = self
      }
    }
  }
  /// How `mask` lets the layer through (`MaskMode`; Core Animation's masks are `alpha`,
  /// the default).
  public var maskMode: MaskMode { get { model.maskMode } set { model.maskMode = newValue } }
  public var shadowColor: Color { get { model.shadowColor } set { model.shadowColor = newValue } }
  public var shadowOpacity: Double { get { model.shadowOpacity } set { model.shadowOpacity = newValue } }
  /// (0, -3) points up, as on iOS.
  public var shadowOffset: Size { get { model.shadowOffset } set { model.shadowOffset = newValue } }
  public var shadowRadius: Double { get { model.shadowRadius } set { model.shadowRadius = newValue } }
  /// The shadow's shape in the layer's coordinates, filled nonzero, instead of the layer's
  /// composited alpha: one blurred mask whatever the content. nil (the default) shadows
  /// the composited alpha. Animatable, but not implicitly (as Core Animation's paths).
  public var shadowPath: StrataPath.Path? { get { model.shadowPath } set { model.shadowPath = newValue } }
  public var shouldRasterize: Bool { get { model.shouldRasterize } set { model.shouldRasterize = newValue } }
  public var rasterizationScale: Double { get { model.rasterizationScale } set { model.rasterizationScale = newValue } }
  public var allowsGroupOpacity: Bool { get { model.allowsGroupOpacity } set { model.allowsGroupOpacity = newValue } }
  /// Off by default, as on iOS: transformed layer edges are not anti-aliased.
  public var allowsEdgeAntialiasing: Bool { get { model.allowsEdgeAntialiasing } set { model.allowsEdgeAntialiasing = newValue } }
  public var edgeAntialiasingMask: EdgeAntialiasingMask { get { model.edgeAntialiasingMask } set { model.edgeAntialiasingMask = newValue } }
  /// How the layer blends with what lies below it, such as `.multiplyBlendMode`; nil is
  /// source-over.
  public var compositingFilter: CompositingFilter? { get { model.compositingFilter } set { model.compositingFilter = newValue } }
  /// Filters applied to the layer's composited content (before the mask and opacity).
  public var filters: [LayerFilter] { get { model.filters } set { model.filters = newValue } }
  /// Filters applied to what lies behind the layer, within its bounds (frosted glass).
  public var backgroundFilters: [LayerFilter] { get { model.backgroundFilters } set { model.backgroundFilters = newValue } }

  // MARK: Identity
  public var name: String? { get { model.name } set { model.name = newValue } }

  /// The properties above (all but the mask) in one value: a snapshot reads them with one
  /// access instead of one exclusivity check per property (43 a layer: 20000 sprite layers
  /// spent most of their snapshot there), and a copy copies them whole.
  var model = LayerModel() { didSet { snapshotChanged() } }

  // MARK: Tree
  public internal(set) var sublayers: [Layer] {
    get { links.sublayers }
    _modify { yield &links.sublayers }
    set { links.sublayers = newValue }
  }
  /// The mask, the sublayers and a presentation copy's delayed sublayers in one value: a
  /// snapshot reads them with one exclusivity check instead of three (40000 layers a frame
  /// in S4's sprite layers spent 7% of their compile in those checks).
  var links = LayerLinks() { didSet { snapshotChanged() } }
  public internal(set) weak var superlayer: Layer? {
    willSet { Self.dropKeptSnapshots(from: snapshotOwnerLayer) }
    didSet {
      // A sublayer's snapshot is kept for its place under its superlayer (`SnapshotOwner`).
      if let s = superlayer {
        snapshotOwner = .sublayer(of: ObjectIdentifier(s))
        maskHolder = nil
      } else if case .sublayer = snapshotOwner {
        snapshotOwner = .none
      }
    }
  }
  /// The last snapshot of this layer (`LayerSnapshot+Reuse`), reused while the model and
  /// links stay as they were, and what a walk of the tree reads of it.
  var keptSnapshot: LayerSnapshot? = nil
  var snapshotCache = SnapshotCache()
  /// The place in the tree that may keep and reuse this layer's snapshot. Changed only
  /// with the tree (never while a snapshot is taken), so every place reaching the layer
  /// may read it, on any core.
  var snapshotOwner = SnapshotOwner.none
  /// The layer this one was last made the mask of, while it is: whose kept snapshot holds
  /// this one's (`snapshotChanged()`); set exactly while `snapshotOwner` is
  /// `.mask(of:)` it. Unowned, not weak: a weak reference gives its object a side table,
  /// through which every retain of it then goes (20000 sprite layers, each the holder of
  /// its mask, took twice as long to snapshot). Cleared instead when the holder lets go of
  /// this mask: in `mask`'s setter, when the mask is added as a sublayer, and when the
  /// holder is freed (`deinit`), so it is never read once its layer is gone.
  unowned var maskHolder: Layer?

  deinit {
    // By the owner, not `maskHolder === self`: reading an unowned reference to a layer
    // being freed traps.
    if let m = links.mask, m.snapshotOwner == .mask(of: ObjectIdentifier(self)) {
      m.snapshotOwner = .none
      m.maskHolder = nil
    }
  }

  /// Drops the kept snapshot of this layer, whose model or links changed, and of every
  /// layer whose kept snapshot holds it, up the chain of owners (`LayerSnapshot+Reuse`).
  final func snapshotChanged() { Self.dropKeptSnapshots(from: self) }

  /// Drops the kept snapshots of `layer` and of its owners up the chain: something below
  /// changed, or left its place (a layer's owner is about to change, and the old one's
  /// snapshot still holds it). Dropped at once, not at the next snapshot, so that a kept
  /// snapshot never holds what the model let go of (replaced contents are freed when they
  /// are replaced). Stops at the first layer that keeps none: every snapshot that layer is
  /// in was dropped with it.
  static func dropKeptSnapshots(from layer: Layer?) {
    var l = layer
    while let c = l, c.snapshotCache.last != nil {
      c.snapshotCache.drop()
      c.keptSnapshot = nil
      l = c.snapshotOwnerLayer
    }
  }

  /// The layer whose kept snapshot may hold this one's (`SnapshotOwner`).
  var snapshotOwnerLayer: Layer? {
    switch snapshotOwner {
    case .sublayer: superlayer
    case .mask: maskHolder
    case .none: nil
    }
  }

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
  /// what the kind's compile step draws. Called once per layer and snapshot, possibly on
  /// another thread than the tree's, and for several layers at once (a snapshot of
  /// thousands of sibling layers is taken on all cores): it may only read the layer, which
  /// nothing changes while the snapshot is taken.
  ///
  /// A kind returns a value in every state: a layer for which this is nil is taken for a
  /// plain layer, whose snapshot depends on its model and links alone and is reused while
  /// they stay the same (`LayerSnapshot+Reuse`); a kind's own properties are not watched.
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

import Strata

/// The compile step of a layer kind: how its snapshot content (`LayerKindSnapshot`)
/// becomes render-list commands. A kind conforms its snapshot type to it in its own file,
/// `StrataRender/Kinds/<Kind>+Compile.swift`; the compiler finds it on the snapshot, so no
/// table needs the kind's name (docs/AddingALayerKind.md).
///
/// The compiler has already placed the layer (its plane, clip and opacity) and draws the
/// common parts (shadow, background, contents, sublayers, border); the step adds the
/// kind's own, in the layer's plane, through `context`. Group opacity, masks, filters,
/// shadows and rasterisation then treat them like any other draw of the layer.
public protocol LayerKindCompiling: LayerKindSnapshot {
  /// Where the kind's content goes among the layer's parts.
  var placement: LayerKindPlacement { get }
  /// Adds the kind's commands for this layer.
  func compile(into context: inout LayerKindContext)
  /// The traversal hook, for kinds that draw their sublayers other than once as they are
  /// (a replicator's copies): the copies of `layer`'s sublayers to draw, in order, each
  /// moved and tinted. nil (the default) draws `sublayersInDrawingOrder` once.
  func sublayerInstances(of layer: LayerSnapshot) -> [SublayerInstance]?
  /// True for a kind whose sublayers are not flattened into its plane but share one 3D
  /// rendering context with it (`TransformLayer`): the compiler then draws the context's
  /// planes sorted by depth, and nothing of the layer itself. Default false.
  var sharesDepthWithSublayers: Bool { get }
  /// For a kind whose sprites inhabit its superlayer's 3D rendering context instead of
  /// being flattened into its plane first (an emitter with `preservesDepth`): those sprites
  /// in drawing order, each a plane of the context at its depth. Asked only for a layer
  /// inside a context; its `compile` then sees `isPlaneOfRenderingContext` and leaves them
  /// out. Nil (the default) keeps everything in the layer's plane.
  func depthSprites(of layer: LayerSnapshot) -> [DepthSprite]?
  /// False for a kind that draws the layer's `contents` its own way (a tiled layer cuts
  /// them into tiles): the compiler then leaves them out. Default true.
  var drawsContents: Bool { get }
}

/// A sprite that is a plane of a 3D rendering context by itself (`depthSprites(of:)`): in
/// the layer's plane moved by `z` along its normal.
public struct DepthSprite: Sendable {
  public var sprite: Sprite
  /// Towards the viewer, in the layer's units (Core Animation's +z).
  public var z: Double
  public var image: Image
  public var minificationFilter: ContentsFilter
  public var magnificationFilter: ContentsFilter
  /// `.sourceOver` or `.plusLighter`.
  public var blendMode: BlendMode

  public init(
    sprite: Sprite, z: Double, image: Image, minificationFilter: ContentsFilter, magnificationFilter: ContentsFilter,
    blendMode: BlendMode
  ) {
    self.sprite = sprite; self.z = z; self.image = image; self.minificationFilter = minificationFilter
    self.magnificationFilter = magnificationFilter; self.blendMode = blendMode
  }
}

extension LayerKindCompiling {
  public var placement: LayerKindPlacement { .belowSublayers }
  public func sublayerInstances(of layer: LayerSnapshot) -> [SublayerInstance]? { nil }
  public var sharesDepthWithSublayers: Bool { false }
  public func depthSprites(of layer: LayerSnapshot) -> [DepthSprite]? { nil }
  public var drawsContents: Bool { true }
}

/// One copy of a layer's sublayers, as a kind's traversal hook returns it
/// (`LayerKindCompiling.sublayerInstances(of:)`).
public struct SublayerInstance: Sendable {
  /// Moves the copy in the layer's sublayer space, before the layer's `sublayerTransform`
  /// and geometry flip (a replicator's `instanceTransform` about the centre, k times).
  public var transform: Transform3D
  /// Multiplies every pixel of the copy (straight colour, components in 0…1; the alpha
  /// acts as an opacity of the whole copy): white changes nothing.
  public var color: Color
  /// The sublayers drawn, in drawing order.
  public var sublayers: [LayerSnapshot]

  public init(transform: Transform3D = .identity, color: Color = .white, sublayers: [LayerSnapshot]) {
    self.transform = transform; self.color = color; self.sublayers = sublayers
  }
}

/// Where a kind's content is drawn in its layer's stack of parts.
public enum LayerKindPlacement: Sendable {
  /// Above the background and contents, below the sublayers and the border: a shape's
  /// fill and stroke, a gradient (Core Animation's order).
  case belowSublayers
  /// Above the sublayers and the border (an emitter's particles).
  case aboveBorder
}

/// What a kind's compile step sees of its layer, and where it puts its commands.
///
/// Every draw is in the layer's plane (`map`, layer units) and clipped like the layer's
/// contents (`clip`: its `masksToBounds` clip, else the enclosing one), except coverage
/// masks, which are in device pixels. Opacity 1 means the layer's own opacity: the
/// compiler applies that afterwards.
public struct LayerKindContext {
  /// The layer's name or kind, for the text form.
  public let label: String
  /// The layer plane → device.
  public let map: PlaneMap
  /// The layer's bounds (standardised) and the radii of its rounded shape.
  public let bounds: Rect
  public let radii: CornerRadii
  /// The layer's anti-aliased straight edges (`allowsEdgeAntialiasing`).
  public let edges: EdgeAntialiasingMask
  public let clip: Int?
  /// The pixels `clip` can keep (the canvas when unclipped).
  public let clipBounds: PixelBounds
  public let canvas: PixelBounds
  /// Device pixels per layer unit near the layer's centre (a mask's resolution).
  public let deviceScale: Double
  /// True when the layer is a plane of a 3D rendering context (under a transform layer):
  /// a kind with `depthSprites(of:)` then leaves those sprites out, as the context draws
  /// them.
  public var isPlaneOfRenderingContext = false
  /// The commands added so far, in drawing order.
  public var commands: [RenderCommand] = []
  /// Why the frame cannot be drawn, if the kind says so (`refuse`).
  public var refusals: [String] = []

  public init(
    label: String, map: PlaneMap, bounds: Rect, radii: CornerRadii, edges: EdgeAntialiasingMask, clip: Int?,
    clipBounds: PixelBounds, canvas: PixelBounds, deviceScale: Double
  ) {
    self.label = label; self.map = map; self.bounds = bounds; self.radii = radii; self.edges = edges; self.clip = clip
    self.clipBounds = clipBounds; self.canvas = canvas; self.deviceScale = deviceScale
  }

  /// Fills `rect` of the layer plane (with `shape`, cut to `polygon` if given) with `paint`.
  public mutating func fill(
    _ rect: Rect, shape: DrawShape = .rect, paint: Paint, part: String, opacity: Double = 1,
    edges: EdgeAntialiasingMask? = nil, polygon: ConvexPolygon? = nil
  ) {
    guard
      let d = Draw.make(
        label: label, part: part, map: map, rect: rect, shape: shape, paint: paint, opacity: opacity, clip: clip,
        edges: edges ?? self.edges, polygon: polygon, canvas: canvas, clipBounds: clipBounds)
    else { return }
    commands.append(.draw(d))
  }

  /// Fills the layer's rounded shape (its bounds with its corner radii) with `paint`: a
  /// gradient layer's gradient.
  public mutating func fillLayerShape(with paint: Paint, part: String, opacity: Double = 1) {
    guard !bounds.isEmpty else { return }
    fill(bounds, shape: radii.isZero ? .rect : .roundedRect(radii), paint: paint, part: part, opacity: opacity)
  }

  /// Fills a convex polygon of the layer plane with `paint`.
  public mutating func fill(_ polygon: ConvexPolygon, paint: Paint, part: String, opacity: Double = 1) {
    // The rectangle only bounds the draw: grown, so that it never cuts a soft edge's ramp.
    let rect = polygon.softEdges.contains(true) ? Draw.grown(polygon.boundingRect, map, pixels: 2) : polygon.boundingRect
    fill(rect, paint: paint, part: part, opacity: opacity, edges: [], polygon: polygon)
  }

  /// Draws a coverage mask in device pixels, tinted by `color` (premultiplied): a shape's
  /// fill or stroke, text.
  public mutating func fill(_ mask: DeviceMask, color: PremultipliedColor, part: String, opacity: Double = 1) {
    guard
      let d = Draw.makeMask(
        label: label, part: part, mask: mask, paint: .solid(color), opacity: opacity, clip: clip, canvas: canvas,
        clipBounds: clipBounds)
    else { return }
    commands.append(.draw(d))
  }

  /// Refuses the frame: both renderers then fail it with a `limitExceeded` error carrying
  /// `message`, before drawing anything (a runaway emitter, instead of running out of memory).
  public mutating func refuse(_ message: String) {
    refusals.append(message)
  }

  /// Draws sprites of `image` in the layer plane (particles).
  public mutating func drawSprites(
    _ sprites: [Sprite], image: Image, blendMode: BlendMode = .sourceOver, minificationFilter: ContentsFilter = .linear,
    magnificationFilter: ContentsFilter = .linear, opacity: Double = 1
  ) {
    guard
      let batch = SpriteBatch.make(
        label: label, map: map, image: image, minificationFilter: minificationFilter,
        magnificationFilter: magnificationFilter, blendMode: blendMode, opacity: opacity, clip: clip, sprites: sprites,
        canvas: canvas, clipBounds: clipBounds)
    else { return }
    commands.append(.sprites(batch))
  }
}

import Strata

/// Many textured quads from one image, each with its own transform and colour, in one
/// plane: particles (`CAEmitterLayer`). Blended source-over, or additively (plus-lighter,
/// `kCAEmitterLayerAdditive`), in order.
///
/// Backends draw each sprite as the draw `draws(canvas:clips:)` makes of it (the GPU in
/// one instanced call per batch), so sprites share every rule of image draws: sampling,
/// filters, clips.
public struct SpriteBatch: Sendable {
  public var label: String
  /// The sprites' plane → device.
  public var map: PlaneMap
  public var image: Image
  public var minificationFilter: ContentsFilter
  public var magnificationFilter: ContentsFilter
  /// `.sourceOver` or `.plusLighter`.
  public var blendMode: BlendMode
  /// Multiplies every sprite (the inherited opacity included).
  public var opacity: Double
  public var clip: Int?
  public var sprites: [Sprite]
  /// Pixels the sprites can touch (within the canvas and the clip).
  public var deviceBounds: PixelBounds

  public init(
    label: String, map: PlaneMap, image: Image, minificationFilter: ContentsFilter = .linear,
    magnificationFilter: ContentsFilter = .linear, blendMode: BlendMode = .sourceOver, opacity: Double = 1, clip: Int? = nil,
    sprites: [Sprite], deviceBounds: PixelBounds
  ) {
    precondition(blendMode == .sourceOver || blendMode == .plusLighter, "sprites blend source-over or plus-lighter, not \(blendMode)")
    self.label = label; self.map = map; self.image = image; self.minificationFilter = minificationFilter
    self.magnificationFilter = magnificationFilter; self.blendMode = blendMode; self.opacity = opacity; self.clip = clip
    self.sprites = sprites; self.deviceBounds = deviceBounds
  }

  /// A batch of `sprites` in the plane `map`, bounded by the pixels their quads can touch
  /// within `clipBounds`; nil when there are none.
  public static func make(
    label: String, map: PlaneMap, image: Image, minificationFilter: ContentsFilter, magnificationFilter: ContentsFilter,
    blendMode: BlendMode, opacity: Double, clip: Int?, sprites: [Sprite], canvas: PixelBounds, clipBounds: PixelBounds
  ) -> SpriteBatch? {
    var points: [Point] = []
    for s in sprites {
      for c in Draw.corners(Rect(x: 0, y: 0, width: 1, height: 1)) { points.append(s.transform.apply(c)) }
    }
    guard !points.isEmpty else { return nil }
    // The box of every sprite's corners in the plane, projected: what the batch can touch.
    let xs = points.map(\.x), ys = points.map(\.y)
    let box = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    let poly = DevicePolygon.project(box, map.toDevice)
    guard poly.count >= 3 else { return nil }
    let bounds = DevicePolygon.pixelBounds(poly, pad: 1, canvas: canvas).intersection(clipBounds)
    guard !bounds.isEmpty else { return nil }
    return SpriteBatch(
      label: label, map: map, image: image, minificationFilter: minificationFilter,
      magnificationFilter: magnificationFilter, blendMode: blendMode, opacity: opacity, clip: clip, sprites: sprites,
      deviceBounds: bounds)
  }

  /// Every sprite as a draw, in order: the unit square mapped by the sprite's transform
  /// into the plane, the image's `texels` stretched over it, tinted by the sprite's colour.
  /// Sprites whose square collapses or lies behind the eye are left out.
  public func draws(canvas: PixelBounds, clips: [ClipShape]) -> [Draw] {
    var out: [Draw] = []
    out.reserveCapacity(sprites.count)
    forEachDraw(canvas: canvas, clips: clips) { out.append($0) }
    return out
  }

  /// `draws`, handed to `body` one by one instead of collected: a renderer that turns each
  /// into its own form keeps no array of them (20000 sprites: 12.8 MB of draws).
  public func forEachDraw(canvas: PixelBounds, clips: [ClipShape], _ body: (Draw) -> Void) {
    forEachDraw(of: sprites.indices, canvas: canvas, clips: clips, body)
  }

  /// `forEachDraw` for the sprites in `range` only: a renderer preparing a batch's draws on
  /// several cores gives each a part.
  public func forEachDraw(of range: Range<Int>, canvas: PixelBounds, clips: [ClipShape], _ body: (Draw) -> Void) {
    let limit = clip.map { clips[$0].deviceBounds } ?? canvas
    for s in sprites[range] {
      guard let m = PlaneMap(toDevice: Homography(s.transform.transform3D).concatenating(map.toDevice)) else { continue }
      let t = s.texels
      let paint = ImagePaint(
        image: image, texelMap: AffineTransform(a: t.width, b: 0, c: 0, d: t.height, tx: t.minX, ty: t.minY),
        minificationFilter: minificationFilter, magnificationFilter: magnificationFilter, minificationFilterBias: 0,
        tint: s.color)
      guard
        var d = Draw.make(
          label: label, part: "sprite", map: m, rect: Rect(x: 0, y: 0, width: 1, height: 1), shape: .rect,
          paint: .image(paint), opacity: opacity, clip: clip, edges: [], canvas: canvas, clipBounds: limit)
      else { continue }
      d.blendMode = blendMode
      body(d)
    }
  }
}

/// One quad of a `SpriteBatch`.
public struct Sprite: Hashable, Sendable {
  /// Maps the sprite's unit square `[0, 1]²` into the batch's plane (a particle's size,
  /// rotation and position).
  public var transform: AffineTransform
  /// The part of the image drawn, in texels (a `contentsRect` times the image size).
  public var texels: Rect
  /// Multiplies the texels: premultiplied, white for none.
  public var color: PremultipliedColor

  public init(transform: AffineTransform, texels: Rect, color: PremultipliedColor) {
    self.transform = transform
    self.texels = texels
    self.color = color
  }
}

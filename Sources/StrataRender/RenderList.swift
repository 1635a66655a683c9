import Strata

/// A frame compiled for drawing: device-space draws and clips in painter's order.
///
/// Both backends consume the same list and never re-derive geometry from layers. Contract:
/// every map in the list is finite and invertible, every `Draw.clip` and `ClipShape.parent`
/// names an earlier clip, and every `deviceBounds` lies inside the canvas.
public struct RenderList: Sendable {
  /// Canvas size in device pixels.
  public var width: Int
  public var height: Int
  /// What the canvas holds before the first command (the frame is overwritten with it).
  public var background: PremultipliedColor
  public var clips: [ClipShape] = []
  public var commands: [RenderCommand] = []
  /// Why the frame must not be drawn (a layer kind over its limits); renderers refuse a
  /// list with any (`RenderLimits.check`).
  public var refusals: [String] = []
  /// The cost of the frame's 3D sorting (`TransformLayer` contexts), for benchmarks.
  public var depthSorting = DepthSortStatistics()

  public init(width: Int, height: Int, background: PremultipliedColor) {
    self.width = width
    self.height = height
    self.background = background
  }

  /// The draws, in order, at any depth.
  public var draws: [Draw] {
    commands.compactMap { if case .draw(let d) = $0 { d } else { nil } }
  }
}

/// One step of a render list.
///
/// Groups nest: `beginGroup` … [`beginMask` … `endMask`] `endGroup`. A group's commands
/// draw into an offscreen target covering `Group.bounds`; the mask's commands draw into
/// another, whose alpha multiplies the group. Then the group's filters run, its shadow is
/// composited into the enclosing target, and the group follows with its opacity and blend
/// mode, cut by its clip. `backdrop` filters what the enclosing target already holds,
/// inside a shape.
public enum RenderCommand: Sendable {
  case draw(Draw)
  case beginGroup(Group)
  case beginMask
  case endMask
  case endGroup
  case backdrop(Backdrop)
  /// Many textured quads from one image (particles); see `SpriteBatch`.
  case sprites(SpriteBatch)
}

/// An offscreen group: a layer subtree composited as one image.
public struct Group: Sendable {
  public var label: String
  /// The device pixels the group can show (its offscreen target): its content's, within
  /// its clip, its mask's content and its enclosing group's bounds (nested groups only
  /// shrink), grown by its blurs and shadow.
  public var bounds: PixelBounds
  public var opacity: Double
  public var blendMode: BlendMode
  /// Clip applied when the group is composited (the layer's enclosing clip).
  public var clip: Int?
  /// Filters of the group's content, in order, in device pixels.
  public var filters: [DeviceFilter]
  /// A shadow cast by the group's alpha, composited below it.
  public var shadow: GroupShadow?
  /// Why the group exists (for the text form): "opacity", "mask", "filters", …
  public var reasons: [String]
  /// How the group's mask (its commands between `beginMask` and `endMask`) lets the
  /// content through; `alpha` when it has none.
  public var maskMode: MaskMode = .alpha
  /// For `shouldRasterize`: the identity of the group's bitmap (content after mask and
  /// filters, before shadow, opacity and blending). A backend may reuse a bitmap it kept
  /// under the same key instead of rendering the content again.
  public var rasterizationKey: Int? = nil

  public init(label: String, bounds: PixelBounds, opacity: Double, blendMode: BlendMode, clip: Int?,
              filters: [DeviceFilter], shadow: GroupShadow?, reasons: [String]) {
    self.label = label; self.bounds = bounds; self.opacity = opacity; self.blendMode = blendMode
    self.clip = clip; self.filters = filters; self.shadow = shadow; self.reasons = reasons
  }
}

/// A filter resolved to device pixels.
public enum DeviceFilter: Sendable, Hashable {
  /// A Gaussian blur of standard deviation `sigma` device pixels.
  case blur(sigma: Double)
  /// A colour matrix on straight colour (see `LayerFilter.colorMatrix`).
  case colorMatrix([Double])
}

/// A shadow made from the alpha of a group: blurred, offset, coloured.
public struct GroupShadow: Sendable, Hashable {
  /// Premultiplied shadow colour with `shadowOpacity` and the inherited opacity applied.
  public var color: PremultipliedColor
  /// The offset in device pixels.
  public var dx: Double
  public var dy: Double
  /// Standard deviation in device pixels (`shadowRadius / 2` times the scale).
  public var sigma: Double
  /// Pixels the shadow may cover.
  public var bounds: PixelBounds
  /// Clip of the shadow (the layer's enclosing clip, and its own bounds with masksToBounds).
  public var clip: Int?
  /// The identity of the blurred shadow (the layer subtree, its place, and the shadow's
  /// parameters): a backend may reuse a shadow it made under the same key, so a shadow
  /// whose inputs did not change is not recomputed.
  public var cacheKey: Int = 0
}

/// A filter of what lies behind a layer (`backgroundFilters`), inside the layer's shape.
public struct Backdrop: Sendable {
  public var label: String
  public var map: PlaneMap
  public var rect: Rect
  public var radii: CornerRadii
  public var filters: [DeviceFilter]
  public var clip: Int?
  /// The pixels replaced (the shape's bounds), and the larger region read (the blur's reach).
  public var bounds: PixelBounds
  public var readBounds: PixelBounds
}

/// How a group's colour combines with what lies below (`compositingFilter`).
public enum BlendMode: String, CaseIterable, Sendable, Hashable {
  case sourceOver
  case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
  case difference, exclusion
  /// Additive (`plusL`), saturating: particles use it.
  case plusLighter
  /// Non-separable: hue, saturation, colour or luminosity of the source (W3C).
  case hue, saturation, color, luminosity

  /// The mode that draws a layer's `compositingFilter`.
  public init(_ filter: CompositingFilter) {
    switch filter {
    case .normalBlendMode: self = .sourceOver
    case .multiplyBlendMode: self = .multiply
    case .screenBlendMode: self = .screen
    case .overlayBlendMode: self = .overlay
    case .darkenBlendMode: self = .darken
    case .lightenBlendMode: self = .lighten
    case .colorDodgeBlendMode: self = .colorDodge
    case .colorBurnBlendMode: self = .colorBurn
    case .softLightBlendMode: self = .softLight
    case .hardLightBlendMode: self = .hardLight
    case .differenceBlendMode: self = .difference
    case .exclusionBlendMode: self = .exclusion
    case .plusL: self = .plusLighter
    case .hueBlendMode: self = .hue
    case .saturationBlendMode: self = .saturation
    case .colorBlendMode: self = .color
    case .luminosityBlendMode: self = .luminosity
    }
  }
}

/// A rectangle of whole device pixels, `x0..<x1` by `y0..<y1`.
public struct PixelBounds: Hashable, Sendable, CustomStringConvertible {
  public var x0: Int, y0: Int, x1: Int, y1: Int

  public init(x0: Int, y0: Int, x1: Int, y1: Int) {
    self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
  }

  public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

  public func intersection(_ o: PixelBounds) -> PixelBounds {
    PixelBounds(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
  }

  public var description: String { "[\(x0) \(y0) \(x1) \(y1)]" }
}

/// Per-corner radii of a rounded rectangle, already clamped to half the shorter side.
/// "Top" is min y.
public struct CornerRadii: Hashable, Sendable {
  public var topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double
  /// `cornerCurve = continuous`: Core Animation's smooth (squircle-like) corner, which starts
  /// bending earlier than a circular arc of the same radius.
  public var continuous = false

  public init(topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double, continuous: Bool = false) {
    self.topLeft = topLeft; self.topRight = topRight; self.bottomLeft = bottomLeft; self.bottomRight = bottomRight
    self.continuous = continuous
  }

  public static let zero = CornerRadii(topLeft: 0, topRight: 0, bottomLeft: 0, bottomRight: 0)

  /// Core Animation's rounding: `radius` on the corners in `mask`, clamped to half of the
  /// shorter side of `size`.
  public init(radius: Double, mask: CornerMask, size: Size, curve: CornerCurve = .circular) {
    let r = max(0, min(radius, min(abs(size.width), abs(size.height)) / 2))
    self.init(
      topLeft: mask.contains(.layerMinXMinYCorner) ? r : 0,
      topRight: mask.contains(.layerMaxXMinYCorner) ? r : 0,
      bottomLeft: mask.contains(.layerMinXMaxYCorner) ? r : 0,
      bottomRight: mask.contains(.layerMaxXMaxYCorner) ? r : 0,
      continuous: curve == .continuous && r > 0)
  }

  public var isZero: Bool { topLeft == 0 && topRight == 0 && bottomLeft == 0 && bottomRight == 0 }

  /// The radii of the same shape inset by `d` (a border's inner edge).
  public func inset(by d: Double) -> CornerRadii {
    CornerRadii(
      topLeft: max(0, topLeft - d), topRight: max(0, topRight - d),
      bottomLeft: max(0, bottomLeft - d), bottomRight: max(0, bottomRight - d), continuous: continuous)
  }
}

/// A layer plane and its map to the device: shared by draws and clips.
public struct PlaneMap: Sendable {
  /// Layer plane → device pixels.
  public var toDevice: Homography
  /// Device pixels → layer plane.
  public var fromDevice: Homography

  public init?(toDevice: Homography) {
    guard toDevice.isFinite, let inv = toDevice.inverted, inv.isFinite else { return nil }
    self.toDevice = toDevice
    self.fromDevice = inv
  }
}

/// A clip: a (rounded) rectangle in some layer's plane, optionally cut to a convex polygon
/// of that plane. Pixels are kept by the product of the coverage of the clip and of its
/// parents.
public struct ClipShape: Sendable {
  public var map: PlaneMap
  public var rect: Rect
  public var radii: CornerRadii
  public var curve: CornerCurve
  public var parent: Int?
  /// Pixels that can have non-zero coverage (this clip and its parents).
  public var deviceBounds: PixelBounds
  /// True when the clip is exactly `deviceBounds` (an axis-aligned rectangle on whole
  /// pixels): then a backend may scissor instead of computing coverage. Never true with a
  /// `polygon`.
  public var isPixelAligned: Bool
  /// When set, the clip's coverage is also multiplied by this polygon's
  /// (`Coverage.convexPolygon`, as for `Draw.polygon`): a piece of a plane that 3D sorting
  /// split, whose hard edges give each pixel centre to exactly one piece
  /// (`ClipShape.polygon(_:map:parent:parentBounds:canvas:)` makes one).
  public var polygon: ConvexPolygon? = nil

  public init(
    map: PlaneMap, rect: Rect, radii: CornerRadii, curve: CornerCurve, parent: Int?, deviceBounds: PixelBounds,
    isPixelAligned: Bool, polygon: ConvexPolygon? = nil
  ) {
    precondition(polygon == nil || !isPixelAligned, "a polygon clip needs coverage, it is never pixel-aligned")
    self.map = map; self.rect = rect; self.radii = radii; self.curve = curve; self.parent = parent
    self.deviceBounds = deviceBounds; self.isPixelAligned = isPixelAligned; self.polygon = polygon
  }
}

/// The outline a draw fills, in its layer plane.
public enum DrawShape: Sendable, Hashable {
  /// The draw's rectangle.
  case rect
  /// The rectangle with rounded corners (always anti-aliased).
  case roundedRect(CornerRadii)
  /// The rounded rectangle `shape` (in the layer plane), blurred by a Gaussian of standard
  /// deviation `sigma` layer units: a shadow drawn analytically. `rect` is the area drawn
  /// (the shape grown by 3 sigma).
  ///
  /// This case and `ring` are boxed (indirect): they are rare, and stored inline they made
  /// every draw of a list 60 bytes larger.
  indirect case shadow(shape: Rect, radii: CornerRadii, sigma: Double)
  /// A border: the rounded rectangle minus the inner rounded rectangle `inner` with
  /// `innerRadii` (the inner edge is always anti-aliased).
  indirect case ring(outer: CornerRadii, inner: Rect, innerRadii: CornerRadii)
  /// 8-bit coverage of device pixels (paths, text). The draw's plane is the mask's pixel
  /// grid: its map is the translation to the mask's origin and its rect the mask's size
  /// (`Draw.makeMask`), so the paint is evaluated in device pixels and the mask is read
  /// without filtering, byte for byte.
  case mask(DeviceMask)
}

/// How a texture is sampled.
public struct ImagePaint: Sendable {
  public var image: Image
  /// Layer plane → texel coordinates of level 0 (texel centres at +0.5).
  public var texelMap: AffineTransform
  public var minificationFilter: ContentsFilter
  public var magnificationFilter: ContentsFilter
  public var minificationFilterBias: Double
  /// Multiplies every texel (a shadow mask's colour, a sprite's); nil for none.
  public var tint: PremultipliedColor? = nil
  /// Every channel of the image holds its alpha (a shadow mask): a backend may then tint
  /// by scaling the alpha alone.
  public var isMask = false

  public init(image: Image, texelMap: AffineTransform, minificationFilter: ContentsFilter,
              magnificationFilter: ContentsFilter, minificationFilterBias: Double, tint: PremultipliedColor? = nil) {
    self.image = image; self.texelMap = texelMap; self.minificationFilter = minificationFilter
    self.magnificationFilter = magnificationFilter; self.minificationFilterBias = minificationFilterBias; self.tint = tint
  }
}

/// What fills the covered pixels.
public enum Paint: Sendable {
  case solid(PremultipliedColor)
  case image(ImagePaint)
  /// An axial, radial or conic gradient, computed per pixel (`GradientMath`).
  case gradient(GradientPaint)
}

/// An occluder in a box of its own (`Draw.occluderBox`).
final class OccluderBox: Sendable {
  let value: Occluder
  init(_ value: Occluder) { self.value = value }
}

/// A rounded rectangle in the draw's plane that the next draw paints opaquely.
public struct Occluder: Sendable {
  public var rect: Rect
  public var radii: CornerRadii
  /// The part of the draw left out because the occluder hides it (on the first of the
  /// pieces a draw was cut into). Should the occluder stop being opaque, it is drawn again.
  public var omitted: Rect? = nil
}

/// One filled shape in a layer plane, composited source-over.
public struct Draw: Sendable {
  /// The layer's name, or its kind, for the text form and diagnostics.
  public var label: String
  /// Which part of the layer this is (`background`, `contents`, `border`).
  public var part: String
  public var map: PlaneMap
  /// The rectangle drawn, in the layer plane.
  public var rect: Rect
  public var shape: DrawShape
  public var paint: Paint
  /// Multiplies the paint (inherited opacity included).
  public var opacity: Double
  public var clip: Int?
  /// Pixels (opaque, hard-edged content drawn right after this draw) that will cover this
  /// draw anyway, so a backend may skip them: an opaque card over its own shadow.
  public var occluder: Occluder? {
    get { occluderBox?.value }
    set { occluderBox = newValue.map(OccluderBox.init) }
  }
  /// `occluder`, boxed: only shadows under opaque cards have one, and inline it made every
  /// draw of a list 100 bytes larger (20000 sprite layers: 2 MB a frame, copied and read).
  var occluderBox: OccluderBox?
  /// Straight edges of `rect` that are anti-aliased; the others are sampled at pixel centres.
  public var edgeAntialiasing: EdgeAntialiasingMask
  /// Pixels that can be touched: the polygon's box (one pixel wider when anti-aliased)
  /// within the canvas and the clip.
  public var deviceBounds: PixelBounds
  /// When set, the draw is cut to this convex polygon of its plane (a piece of a plane
  /// split for 3D sorting, or a polygon fill); `devicePolygon` is then its outline.
  public var polygon: ConvexPolygon? = nil
  /// How the draw combines with what lies below: `.sourceOver`, or `.plusLighter`
  /// (additive sprites). Other modes need an offscreen group.
  public var blendMode: BlendMode = .sourceOver

  /// The draw's outline in device pixels, after clipping away what lies behind the eye:
  /// `rect` (or `polygon`) projected by `map`. Derived on each read, not stored: only the
  /// CPU renderer reads it, once a draw, and a stored array cost every draw an allocation
  /// in the compile (20000 sprite layers a frame).
  public var devicePolygon: [Point] {
    polygon.map { DevicePolygon.project($0.points, map.toDevice) } ?? DevicePolygon.project(rect, map.toDevice)
  }

  /// `devicePolygon`'s four points, without an array, when the draw is an uncut quad (no
  /// `polygon`, no corner behind the eye or outside the guard band); nil otherwise.
  public var deviceCorners: (Point, Point, Point, Point)? {
    polygon == nil ? DevicePolygon.projectedCorners(rect, map.toDevice) : nil
  }
}

extension RenderCommand {
  /// The draws the command makes at its own level: one for a draw, a batch's sprites,
  /// none for the others. A property of the command in place, so that counting does not
  /// copy each draw (a loop over the commands copies every one, references counted).
  public var drawCount: Int {
    switch self {
    case .draw: 1
    case .sprites(let b): b.sprites.count
    default: 0
    }
  }

  /// For a plus-lighter draw, the device row through the middle of the pixels it can touch;
  /// nil for any other command. In place, like `drawCount`.
  public var plusLighterMiddleRow: Int? {
    guard case .draw(let d) = self, d.blendMode == .plusLighter else { return nil }
    return (d.deviceBounds.y0 + d.deviceBounds.y1) / 2
  }

  /// Turns a draw blended source-over without an occluder into a plus-lighter one with
  /// its opacity times `opacity` (a plus-lighter layer that draws one thing,
  /// `RenderListCompiler`) and returns true; leaves anything else as it is.
  ///
  /// Edited in place: the list's array is not copied (20000 sprite layers a frame).
  mutating func addPlusLighter(opacity: Double) -> Bool {
    guard case .draw(var d) = self, d.blendMode == .sourceOver, d.occluder == nil else { return false }
    d.blendMode = .plusLighter
    d.opacity *= opacity
    self = .draw(d)
    return true
  }
}

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

  public init(width: Int, height: Int, background: PremultipliedColor) {
    self.width = width
    self.height = height
    self.background = background
  }

  /// The draws, in order.
  public var draws: [Draw] {
    commands.map { if case .draw(let d) = $0 { d } else { fatalError() } }
  }
}

/// One step of a render list. Later stages add offscreen groups (group opacity, masks,
/// shadows, blend modes, filters) as `beginGroup`/`endGroup` pairs around draws.
public enum RenderCommand: Sendable {
  case draw(Draw)
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

  public init(topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double) {
    self.topLeft = topLeft; self.topRight = topRight; self.bottomLeft = bottomLeft; self.bottomRight = bottomRight
  }

  public static let zero = CornerRadii(topLeft: 0, topRight: 0, bottomLeft: 0, bottomRight: 0)

  /// Core Animation's rounding: `radius` on the corners in `mask`, clamped to half of the
  /// shorter side of `size`.
  public init(radius: Double, mask: CornerMask, size: Size) {
    let r = max(0, min(radius, min(abs(size.width), abs(size.height)) / 2))
    self.init(
      topLeft: mask.contains(.layerMinXMinYCorner) ? r : 0,
      topRight: mask.contains(.layerMaxXMinYCorner) ? r : 0,
      bottomLeft: mask.contains(.layerMinXMaxYCorner) ? r : 0,
      bottomRight: mask.contains(.layerMaxXMaxYCorner) ? r : 0)
  }

  public var isZero: Bool { topLeft == 0 && topRight == 0 && bottomLeft == 0 && bottomRight == 0 }

  /// The radii of the same shape inset by `d` (a border's inner edge).
  public func inset(by d: Double) -> CornerRadii {
    CornerRadii(
      topLeft: max(0, topLeft - d), topRight: max(0, topRight - d),
      bottomLeft: max(0, bottomLeft - d), bottomRight: max(0, bottomRight - d))
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

/// A clip: a (rounded) rectangle in some layer's plane. Pixels are kept by the product of
/// the coverage of the clip and of its parents.
public struct ClipShape: Sendable {
  public var map: PlaneMap
  public var rect: Rect
  public var radii: CornerRadii
  public var curve: CornerCurve
  public var parent: Int?
  /// Pixels that can have non-zero coverage (this clip and its parents).
  public var deviceBounds: PixelBounds
  /// True when the clip is exactly `deviceBounds` (an axis-aligned rectangle on whole
  /// pixels): then a backend may scissor instead of computing coverage.
  public var isPixelAligned: Bool
}

/// The outline a draw fills, in its layer plane.
public enum DrawShape: Sendable, Hashable {
  /// The draw's rectangle.
  case rect
  /// The rectangle with rounded corners (always anti-aliased).
  case roundedRect(CornerRadii)
  /// A border: the rounded rectangle minus the inner rounded rectangle `inner` with
  /// `innerRadii` (the inner edge is always anti-aliased).
  case ring(outer: CornerRadii, inner: Rect, innerRadii: CornerRadii)
}

/// How a texture is sampled.
public struct ImagePaint: Sendable {
  public var image: Image
  /// Layer plane → texel coordinates of level 0 (texel centres at +0.5).
  public var texelMap: AffineTransform
  public var minificationFilter: ContentsFilter
  public var magnificationFilter: ContentsFilter
  public var minificationFilterBias: Double
}

/// What fills the covered pixels.
public enum Paint: Sendable {
  case solid(PremultipliedColor)
  case image(ImagePaint)
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
  /// Straight edges of `rect` that are anti-aliased; the others are sampled at pixel centres.
  public var edgeAntialiasing: EdgeAntialiasingMask
  /// The draw's outline in device pixels, after clipping away what lies behind the eye.
  public var devicePolygon: [Point]
  /// Pixels that can be touched: the polygon's box (one pixel wider when anti-aliased)
  /// within the canvas and the clip.
  public var deviceBounds: PixelBounds
}

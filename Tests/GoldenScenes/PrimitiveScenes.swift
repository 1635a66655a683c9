import Foundation
import Strata
import StrataRender

/// A render list built directly from the primitives layer kinds draw with (coverage
/// masks, gradients, convex polygons, sprites), before any kind uses them: one golden
/// image each, on every backend.
public struct PrimitiveScene: Sendable, CustomStringConvertible {
  public let name: String
  public let list: RenderList
  public var description: String { name }
}

public enum PrimitiveScenes {
  public static func all() -> [PrimitiveScene] { [masks(), gradients(), polygons(), sprites(), polygonClips()] }
  public static var names: [String] { all().map(\.name) }
  public static func named(_ name: String) -> PrimitiveScene { all().first { $0.name == name }! }

  static let background = Color(0.12, 0.12, 0.14).premultiplied

  /// Builds a list on a canvas, placing draws with `Draw.make`.
  struct Builder {
    var list: RenderList
    var canvas: PixelBounds { PixelBounds(x0: 0, y0: 0, x1: list.width, y1: list.height) }

    init(_ width: Int, _ height: Int) { list = RenderList(width: width, height: height, background: PrimitiveScenes.background) }

    /// The map of a layer plane: `transform` about the plane's point `center`, placed at
    /// `position` on the canvas.
    static func plane(_ transform: Transform3D, center: Point, at position: Point) -> PlaneMap {
      let t = Transform3D.translation(-center.x, -center.y, 0).concatenating(transform)
        .concatenating(.translation(position.x, position.y, 0))
      return PlaneMap(toDevice: Homography(t))!
    }

    mutating func clip(_ map: PlaneMap, _ rect: Rect, radius: Double) -> Int {
      let poly = DevicePolygon.project(rect, map.toDevice)
      list.clips.append(
        ClipShape(
          map: map, rect: rect, radii: CornerRadii(radius: radius, mask: .all, size: rect.size), curve: .circular,
          parent: nil, deviceBounds: DevicePolygon.pixelBounds(poly, pad: 1, canvas: canvas), isPixelAligned: false))
      return list.clips.count - 1
    }

    /// Adds a clip to the convex polygon `poly` of `map`'s plane (`ClipShape.polygon`).
    mutating func clip(_ map: PlaneMap, polygon poly: ConvexPolygon, parent: Int? = nil) -> Int {
      list.clips.append(ClipShape.polygon(poly, map: map, parent: parent, parentBounds: parent.map { list.clips[$0].deviceBounds },
                                          canvas: canvas)!)
      return list.clips.count - 1
    }

    /// The device plane.
    var flat: PlaneMap { PlaneMap(toDevice: .identity)! }

    func clipBounds(_ c: Int?) -> PixelBounds { c.map { list.clips[$0].deviceBounds } ?? canvas }

    mutating func fill(
      _ map: PlaneMap, _ rect: Rect, shape: DrawShape = .rect, _ paint: Paint, opacity: Double = 1, clip: Int? = nil,
      edges: EdgeAntialiasingMask = [], polygon: ConvexPolygon? = nil, part: String = "fill"
    ) {
      if let d = Draw.make(
        label: "scene", part: part, map: map, rect: rect, shape: shape, paint: paint, opacity: opacity, clip: clip, edges: edges,
        polygon: polygon, canvas: canvas, clipBounds: clipBounds(clip))
      {
        list.commands.append(.draw(d))
      }
    }

    mutating func mask(_ m: DeviceMask, _ color: Color, opacity: Double = 1, clip: Int? = nil) {
      if let d = Draw.makeMask(
        label: "scene", part: "mask", mask: m, paint: .solid(color.premultiplied), opacity: opacity, clip: clip, canvas: canvas,
        clipBounds: clipBounds(clip))
      {
        list.commands.append(.draw(d))
      }
    }
  }

  /// The exact area of the disc of radius `r` about `(cx, cy)` inside pixel `(x, y)`,
  /// estimated on a 16 x 16 grid: coverage as a path rasteriser would make it.
  public static func disc(_ cx: Double, _ cy: Double, _ r: Double, x: Int, y: Int) -> UInt8 {
    var n = 0
    for j in 0..<16 {
      for i in 0..<16 {
        let px = Double(x) + (Double(i) + 0.5) / 16 - cx, py = Double(y) + (Double(j) + 0.5) / 16 - cy
        if px * px + py * py <= r * r { n += 1 }
      }
    }
    return UInt8((Double(n) * 255 / 256).rounded())
  }

  /// Coverage masks: an anti-aliased disc, a ramp of every coverage value, tinted and
  /// clipped by a rotated rounded clip, and a mask running off the canvas.
  public static func masks() -> PrimitiveScene {
    var b = Builder(120, 80)
    b.mask(DeviceMask(bounds: PixelBounds(x0: 6, y0: 8, x1: 50, y1: 52)) { disc(28, 30, 20.5, x: $0, y: $1) }, Color(0.98, 0.55, 0.1))
    let clip = b.clip(Builder.plane(.rotation(0.3, 0, 0, 1), center: Point(20, 20), at: Point(85, 40)), Rect(0, 0, 40, 40), radius: 10)
    // Coverage 0…255 along x, with holes every fourth row.
    let ramp = DeviceMask(bounds: PixelBounds(x0: 58, y0: 14, x1: 114, y1: 68)) { x, y in
      (y - 14) % 4 == 3 ? 0 : UInt8(min(255, (x - 58) * 255 / 55))
    }
    b.mask(ramp, Color(0.2, 0.47, 0.96), opacity: 0.8, clip: clip)
    b.mask(DeviceMask(bounds: PixelBounds(x0: -10, y0: 60, x1: 30, y1: 90)) { x, y in (x + y) % 3 == 0 ? 255 : 96 }, .white)
    return PrimitiveScene(name: "primitive-masks", list: b.list)
  }

  /// Gradients in unit space: axial stretched over a wide rounded layer, radial on a
  /// rotated square, conic in perspective, hard stops and a white-to-clear fade.
  public static func gradients() -> PrimitiveScene {
    var b = Builder(160, 120)
    func g(_ kind: GradientPaint.Kind, _ s: Point, _ e: Point, _ stops: [GradientStop], _ r: Rect) -> Paint {
      .gradient(GradientPaint(kind: kind, start: s, end: e, stops: stops, unitRect: r))
    }
    let three = [GradientStop(0, Color(0.9, 0.2, 0.3)), GradientStop(0.5, Color(1, 0.85, 0.2)), GradientStop(1, Color(0.2, 0.5, 1))]
    // Axial (0,0) → (1,1) on 72 x 36: the t = 0.5 line runs through the opposite corners.
    let wide = Rect(0, 0, 72, 36)
    b.fill(Builder.plane(.identity, center: .zero, at: Point(4, 4)), wide, shape: .roundedRect(CornerRadii(radius: 10, mask: .all, size: wide.size)),
           g(.axial, Point(0, 0), Point(1, 1), three, wide))
    // Radial, a circle in a square, the square turned.
    let square = Rect(0, 0, 44, 44)
    b.fill(Builder.plane(.rotation(0.5, 0, 0, 1), center: Point(22, 22), at: Point(118, 30)), square,
           g(.radial, Point(0.5, 0.5), Point(1, 1), three, square), edges: .all)
    // Conic about the centre, 0 towards +x, in perspective.
    let board = Rect(0, 0, 60, 60)
    let tilt = Transform3D.rotation(0.7, 0, 1, 0).concatenating(.perspective(120))
    b.fill(Builder.plane(tilt, center: Point(30, 30), at: Point(40, 82)), board,
           shape: .roundedRect(CornerRadii(radius: 12, mask: .all, size: board.size)),
           g(.conic, Point(0.5, 0.5), Point(1, 0.5),
             [GradientStop(0, Color(0.9, 0.2, 0.3)), GradientStop(0.33, Color(1, 0.85, 0.2)), GradientStop(0.67, Color(0.2, 0.5, 1)),
              GradientStop(1, Color(0.9, 0.2, 0.3))], board))
    // Hard stops (equal neighbours), padded outside [0.2, 0.8].
    let bars = Rect(0, 0, 60, 16)
    b.fill(Builder.plane(.identity, center: .zero, at: Point(92, 62)), bars,
           g(.axial, Point(0, 0.5), Point(1, 0.5),
             [GradientStop(0.2, .black), GradientStop(0.5, .black), GradientStop(0.5, .white), GradientStop(0.8, Color(0.2, 0.8, 0.4))], bars))
    // White to clear over colour: straight interpolation passes through grey.
    b.fill(Builder.plane(.identity, center: .zero, at: Point(92, 84)), Rect(0, 0, 60, 30), .solid(Color(0.2, 0.47, 0.96).premultiplied))
    b.fill(Builder.plane(.identity, center: .zero, at: Point(92, 84)), Rect(0, 0, 60, 30),
           g(.axial, Point(0, 0.5), Point(1, 0.5), [GradientStop(0, .white), GradientStop(1, .clear)], Rect(0, 0, 60, 30)))
    return PrimitiveScene(name: "primitive-gradients", list: b.list)
  }

  /// Convex polygons: an anti-aliased heptagon, a textured hexagon cut from a plane in
  /// perspective, and two translucent pieces sharing a hard edge (no seam, no overlap).
  public static func polygons() -> PrimitiveScene {
    var b = Builder(160, 100)
    let flat = Builder.plane(.identity, center: .zero, at: .zero)
    let hepta = (0..<7).map { k in
      let a = Double(k) / 7 * 2 * Double.pi - Double.pi / 2
      return Point(x: 36 + 30 * cos(a), y: 50 + 30 * sin(a))
    }
    let heptagon = ConvexPolygon(hepta, softEdges: [Bool](repeating: true, count: 7))!
    b.fill(flat, Draw.grown(heptagon.boundingRect, flat, pixels: 2), .solid(Color(0.98, 0.55, 0.1).premultiplied), polygon: heptagon)
    // A checkerboard plane in perspective, cut to a hexagon of the plane.
    let plane = Builder.plane(Transform3D.rotation(-0.8, 0, 1, 0).concatenating(.perspective(150)), center: Point(32, 32), at: Point(100, 34))
    let board = TestImages.checkerboard(cells: 8, cell: 8)
    let hex = ConvexPolygon((0..<6).map { k in
      let a = Double(k) / 6 * 2 * Double.pi
      return Point(x: 32 + 30 * cos(a), y: 32 + 30 * sin(a))
    })!
    let paint = ImagePaint(image: board, texelMap: .identity, minificationFilter: .linear, magnificationFilter: .linear, minificationFilterBias: 0)
    b.fill(plane, Rect(0, 0, 64, 64), .image(paint), polygon: hex)
    // Two pieces of one square, split along a slanted line, each half translucent: a
    // pixel drawn by both would be more opaque.
    let a = ConvexPolygon([Point(80, 70), Point(150, 70), Point(110, 96), Point(80, 96)])!
    let c = ConvexPolygon([Point(150, 70), Point(150, 96), Point(110, 96)])!
    let green = Color(0.2, 0.8, 0.4, 0.5).premultiplied
    b.fill(flat, a.boundingRect, .solid(green), polygon: a)
    b.fill(flat, c.boundingRect, .solid(green), polygon: c)
    return PrimitiveScene(name: "primitive-polygons", list: b.list)
  }

  /// Convex-polygon clips: a textured plane in perspective with a translucent card on it,
  /// drawn once per piece of a slanted cut (hard edges: no seam, nothing twice); a blurred
  /// translucent group under an anti-aliased hexagon; a rounded clip inside a triangle.
  public static func polygonClips() -> PrimitiveScene {
    var b = Builder(160, 100)
    let plane = Builder.plane(Transform3D.rotation(0.7, 0, 1, 0).concatenating(.perspective(160)), center: Point(32, 32),
                              at: Point(40, 50))
    let board = TestImages.checkerboard(cells: 8, cell: 8)
    let paint = ImagePaint(image: board, texelMap: .identity, minificationFilter: .linear, magnificationFilter: .linear,
                           minificationFilterBias: 0)
    let pieces = [
      ConvexPolygon([Point(0, 0), Point(64, 0), Point(64, 22), Point(0, 44)])!,
      ConvexPolygon([Point(0, 44), Point(64, 22), Point(64, 64), Point(0, 64)])!,
    ]
    for piece in pieces {
      let c = b.clip(plane, polygon: piece)
      b.fill(plane, Rect(0, 0, 64, 64), .image(paint), clip: c)
      b.fill(plane, Rect(12, 12, 40, 40), shape: .roundedRect(CornerRadii(radius: 8, mask: .all, size: Size(40, 40))),
             .solid(Color(0.98, 0.55, 0.1, 0.6).premultiplied), clip: c)
    }
    // A group (opacity, blur) under a soft hexagon of a turned plane.
    let turned = Builder.plane(.rotation(0.3, 0, 0, 1), center: .zero, at: Point(100, 36))
    let hex = ConvexPolygon((0..<6).map { k in
      let a = Double(k) / 6 * 2 * Double.pi
      return Point(x: 26 * cos(a), y: 26 * sin(a))
    }, softEdges: [Bool](repeating: true, count: 6))!
    let hc = b.clip(turned, polygon: hex)
    b.list.commands.append(.beginGroup(Group(
      label: "scene", bounds: b.list.clips[hc].deviceBounds, opacity: 0.7, blendMode: .sourceOver, clip: hc,
      filters: [.blur(sigma: 1.5)], shadow: nil, reasons: ["opacity", "filters"])))
    b.fill(b.flat, Rect(70, 6, 40, 40), .solid(Color(0.2, 0.47, 0.96).premultiplied))
    b.fill(b.flat, Rect(92, 26, 40, 40), .solid(Color(0.3, 0.85, 0.45).premultiplied))
    b.list.commands.append(.endGroup)
    // A rounded clip whose parent is a hard triangle.
    let tri = b.clip(b.flat, polygon: ConvexPolygon([Point(100, 96), Point(156, 60), Point(156, 98)])!)
    let rect = Rect(112, 66, 44, 30)
    let poly = DevicePolygon.project(rect, b.flat.toDevice)
    b.list.clips.append(ClipShape(
      map: b.flat, rect: rect, radii: CornerRadii(radius: 10, mask: .all, size: rect.size), curve: .circular, parent: tri,
      deviceBounds: DevicePolygon.pixelBounds(poly, pad: 1, canvas: b.canvas).intersection(b.list.clips[tri].deviceBounds),
      isPixelAligned: false))
    b.fill(b.flat, Rect(96, 56, 64, 44), .solid(Color(0.95, 0.95, 0.9).premultiplied), clip: b.list.clips.count - 1)
    return PrimitiveScene(name: "primitive-polygon-clips", list: b.list)
  }

  /// A soft dot, as sprites: tinted and turned source-over, and additive where they pile up.
  public static func sprites() -> PrimitiveScene {
    var b = Builder(128, 64)
    let dot = Image(width: 16, height: 16) { x, y in
      let d = ((Double(x) - 7.5) * (Double(x) - 7.5) + (Double(y) - 7.5) * (Double(y) - 7.5)).squareRoot() / 8
      let a = UInt8((max(0, min(1, 1.25 - d * 1.25)) * 255).rounded())
      return (a, a, a, a)
    }
    func sprite(_ x: Double, _ y: Double, size: Double, angle: Double, _ c: Color, texels: Rect = Rect(0, 0, 16, 16)) -> Sprite {
      // The unit square, scaled to `size`, turned about its centre, centred on (x, y).
      let t = AffineTransform(a: size, b: 0, c: 0, d: size, tx: -size / 2, ty: -size / 2)
        .concatenating(AffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: x, ty: y))
      return Sprite(transform: t, texels: texels, color: c.premultiplied)
    }
    let map = Builder.plane(.identity, center: .zero, at: .zero)
    var normal: [Sprite] = []
    for k in 0..<6 {
      let hue = [Color(1, 0.4, 0.3), Color(0.3, 0.9, 0.4), Color(0.3, 0.5, 1)][k % 3]
      normal.append(sprite(12 + Double(k) * 8, 20 + Double(k % 2) * 14, size: 18, angle: Double(k) * 0.4, hue))
    }
    // Half of the dot (its left half), stretched: the texel rectangle reaches the sprite.
    normal.append(sprite(40, 50, size: 20, angle: 0, .white, texels: Rect(0, 0, 8, 16)))
    var additive: [Sprite] = []
    for k in 0..<12 {
      let a = Double(k) / 12 * 2 * Double.pi
      additive.append(sprite(92 + 14 * cos(a), 32 + 14 * sin(a), size: 20, angle: a, Color(0.9, 0.5, 0.2, 0.8)))
    }
    for (sprites, mode) in [(normal, BlendMode.sourceOver), (additive, .plusLighter)] {
      b.list.commands.append(.sprites(SpriteBatch(
        label: "scene", map: map, image: dot, blendMode: mode, sprites: sprites,
        deviceBounds: b.canvas)))
    }
    return PrimitiveScene(name: "primitive-sprites", list: b.list)
  }
}

import Foundation
import Strata
import StrataGoldenScenes
@testable import StrataRender
import StrataTesting
import Testing

/// Convex-polygon clips (`ClipShape.polygon`), the pieces 3D sorting cuts a plane into,
/// probed pixel by pixel on every backend: every command under such a clip (draws, sprites,
/// groups and their shadows, backdrops, child clips) keeps to the polygon, and two pieces
/// sharing a hard edge give every pixel centre to exactly one of them. Expected values come
/// from plain cross products here, not from the renderers.
@Suite struct PolygonClipSemanticsTests {
  typealias P = PrimitiveSemanticsTests
  static let canvas = P.canvas

  /// A plane turned about z and y, in perspective, its origin at the canvas centre.
  static let tilted: PlaneMap = {
    let t = Transform3D.rotation(0.4, 0, 0, 1).concatenating(.rotation(0.6, 0, 1, 0)).concatenating(.perspective(90))
      .concatenating(.translation(32, 32, 0))
    return PlaneMap(toDevice: Homography(t))!
  }()

  /// A pentagon of `tilted`'s plane, hard-edged.
  static let pentagonPoints = (0..<5).map { k in
    let a = Double(k) / 5 * 2 * Double.pi + 0.3
    return Point(x: 24 * cos(a), y: 22 * sin(a))
  }

  /// Whether the pixel centre `(x, y)` lies inside the convex polygon `pts` of `map`'s
  /// plane; nil when it lies within `margin` plane units of an edge's line (either answer
  /// is right there).
  static func inside(_ pts: [Point], _ map: PlaneMap, _ x: Int, _ y: Int, margin: Double = 0.02) -> Bool? {
    guard let (u, v, _) = Projection.unproject(map.fromDevice, x: Double(x) + 0.5, y: Double(y) + 0.5) else { return false }
    var area = 0.0
    for i in pts.indices {
      let a = pts[i], b = pts[(i + 1) % pts.count]
      area += a.x * b.y - b.x * a.y
    }
    var out = false, near = false
    for i in pts.indices {
      let a = pts[i], b = pts[(i + 1) % pts.count]
      let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      let d = ((b.x - a.x) * (v - a.y) - (b.y - a.y) * (u - a.x)) / len * (area > 0 ? 1 : -1)
      if d < -margin { out = true } else if d <= margin { near = true }
    }
    return out ? false : near ? nil : true
  }

  static func polygonClip(_ pts: [Point], _ map: PlaneMap, parent: Int? = nil, parentBounds: PixelBounds? = nil) throws -> ClipShape {
    let poly = try #require(ConvexPolygon(pts))
    return try #require(ClipShape.polygon(poly, map: map, parent: parent, parentBounds: parentBounds, canvas: canvas))
  }

  static func fill(_ paint: Paint, opacity: Double = 1, clip: Int?, clips: [ClipShape], map: PlaneMap = P.affine,
                   rect: Rect = Rect(0, 0, 64, 64)) throws -> RenderCommand {
    let bounds = clip.map { clips[$0].deviceBounds } ?? canvas
    return .draw(try #require(Draw.make(
      label: "d", part: "fill", map: map, rect: rect, shape: .rect, paint: paint, opacity: opacity, clip: clip, edges: [],
      canvas: canvas, clipBounds: bounds)))
  }

  /// A solid draw over the whole canvas, an image in perspective and a sprite, each under a
  /// hard pentagon clip of a tilted plane: centres inside are painted (opaque), outside not.
  @Test(arguments: Backend.available)
  func drawsKeepToThePolygon(_ backend: Backend) throws {
    let clip = try Self.polygonClip(Self.pentagonPoints, Self.tilted)
    #expect(!clip.isPixelAligned)
    let board = TestImages.checkerboard(cells: 8, cell: 4)
    let imageMap = try #require(PlaneMap(toDevice: Homography(
      Transform3D.rotation(-0.5, 1, 0, 0).concatenating(.perspective(150)).concatenating(.translation(32, 28, 0)))))
    let imageRect = Rect(-60, -60, 120, 120)
    let image = Paint.image(ImagePaint(
      image: board, texelMap: AffineTransform(a: 32.0 / 120, b: 0, c: 0, d: 32.0 / 120, tx: 16, ty: 16),
      minificationFilter: .linear, magnificationFilter: .linear, minificationFilterBias: 0))
    let white = Image(width: 2, height: 2) { _, _ in (255, 255, 255, 255) }
    let sprite = SpriteBatch(
      label: "s", map: P.affine, image: white, clip: 0,
      sprites: [Sprite(transform: AffineTransform(a: 64, b: 0, c: 0, d: 64, tx: 0, ty: 0), texels: Rect(0, 0, 2, 2), color: .init(red: 1, green: 1, blue: 1, alpha: 1))],
      deviceBounds: clip.deviceBounds)
    let cases: [(String, RenderCommand, Bool)] = [
      ("solid", try Self.fill(.solid(Color(0.2, 0.6, 1).premultiplied), clip: 0, clips: [clip]), false),
      ("image", try Self.fill(image, clip: 0, clips: [clip], map: imageMap, rect: imageRect), true),
      ("sprite", .sprites(sprite), false),
    ]
    for (name, command, isImage) in cases {
      let out = try backend.render(P.list([command], clips: [clip]))
      var painted = 0
      for y in 0..<64 {
        for x in 0..<64 {
          guard let inside = Self.inside(Self.pentagonPoints, Self.tilted, x, y) else { continue }
          if isImage && inside {
            // Only where the image's plane reaches the pixel (well inside its rectangle).
            guard let (u, v, _) = Projection.unproject(imageMap.fromDevice, x: Double(x) + 0.5, y: Double(y) + 0.5),
              abs(u) < 59, abs(v) < 59
            else { continue }
          }
          #expect(P.pixel(out, x, y).w == (inside ? 255 : 0), "\(backend) \(name) pixel \(x) \(y)")
          if inside { painted += 1 }
        }
      }
      #expect(painted > 600, "\(backend) \(name)")
    }
  }

  /// A quad cut by a line into two convex pieces, each a hard polygon clip of the same
  /// plane over the same translucent draw: every pixel of the quad is drawn exactly once
  /// (alpha 128: none twice, none missed), in a flat plane whose cut runs through pixel
  /// centres and in the tilted one.
  @Test(arguments: Backend.available)
  func complementaryPiecesCoverEachPixelOnce(_ backend: Backend) throws {
    // Each case: a plane, a quad of it, and the cut nx·u + ny·v + c = 0. The flat case's
    // cut x + y = 64 passes through the centres of the pixels with x + y = 63.
    let cases: [(String, PlaneMap, [Point], SIMD3<Double>)] = [
      ("flat", P.affine, [Point(6, 6), Point(58, 10), Point(54, 58), Point(8, 50)], SIMD3(-1, -1, 64)),
      ("tilted", Self.tilted, [Point(-20, -18), Point(22, -22), Point(24, 20), Point(-22, 16)], SIMD3(0.3, -1, 1.7)),
    ]
    for (name, map, outline, line) in cases {
      let a = Self.cut(outline, line), b = Self.cut(outline, -line)
      let clipA = try Self.polygonClip(a, map), clipB = try Self.polygonClip(b, map)
      let clips = [clipA, clipB]
      let paint = Paint.solid(Color(1, 1, 1, 0.5).premultiplied)
      let out = try backend.render(P.list(
        [try Self.fill(paint, clip: 0, clips: clips), try Self.fill(paint, clip: 1, clips: clips)], clips: clips))
      var inQuad = 0
      for y in 0..<64 {
        for x in 0..<64 {
          guard let inside = Self.inside(outline, map, x, y) else { continue }
          #expect(P.pixel(out, x, y).w == (inside ? 128 : 0), "\(backend) \(name) pixel \(x) \(y)")
          if inside { inQuad += 1 }
        }
      }
      #expect(inQuad > 900)
    }
  }

  /// The part of the convex polygon `pts` where `nx·u + ny·v + c ≥ 0`, `line` = `(nx, ny, c)`
  /// (Sutherland–Hodgman).
  /// Both sides of a cut compute the same points on it (the same `t` from negated values).
  static func cut(_ pts: [Point], _ line: SIMD3<Double>) -> [Point] {
    var out: [Point] = []
    for i in pts.indices {
      let a = pts[i], b = pts[(i + 1) % pts.count]
      let fa = line.x * a.x + line.y * a.y + line.z, fb = line.x * b.x + line.y * b.y + line.z
      if fa >= 0 { out.append(a) }
      if (fa >= 0) != (fb >= 0) {
        let t = fa / (fa - fb)
        out.append(Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y)))
      }
    }
    return out
  }

  /// A group at opacity 0.5 over two overlapping draws that run past the polygon, blurred
  /// and casting a shadow, composited under a polygon clip (its shadow too): nothing lands
  /// outside the polygon, and the middle of the polygon is painted.
  @Test(arguments: Backend.available)
  func groupsTheirFiltersAndShadowsKeepToThePolygon(_ backend: Backend) throws {
    let clip = try Self.polygonClip(Self.pentagonPoints, Self.tilted)
    let clips = [clip]
    let shadow = GroupShadow(
      color: Color(0, 0, 0, 0.8).premultiplied, dx: 4, dy: 3, sigma: 2, bounds: Self.canvas, clip: 0, cacheKey: 7)
    let group = Group(
      label: "g", bounds: Self.canvas, opacity: 0.5, blendMode: .sourceOver, clip: 0, filters: [.blur(sigma: 1.5)],
      shadow: shadow, reasons: ["opacity"])
    let commands: [RenderCommand] = [
      .beginGroup(group),
      try Self.fill(.solid(Color(1, 0, 0).premultiplied), clip: nil, clips: clips, rect: Rect(0, 4, 44, 56)),
      try Self.fill(.solid(Color(0, 0, 1).premultiplied), clip: nil, clips: clips, rect: Rect(20, 10, 44, 54)),
      .endGroup,
    ]
    let out = try backend.render(P.list(commands, clips: clips))
    var painted = 0
    for y in 0..<64 {
      for x in 0..<64 {
        guard let inside = Self.inside(Self.pentagonPoints, Self.tilted, x, y) else { continue }
        if !inside { #expect(P.pixel(out, x, y) == .zero, "\(backend) pixel \(x) \(y)") }
        if inside && P.pixel(out, x, y).w > 100 { painted += 1 }
      }
    }
    #expect(painted > 400, "\(backend)")
    // Blue (the top draw) at opacity 0.5 over the shadow (alpha 0.8): (0, 0, 0.5, 0.5 + 0.8 · 0.5).
    #expect(P.near(P.pixel(out, 32, 32), SIMD4(0, 0, 128, 230), 2), "\(backend)")
  }

  /// A backdrop (a colour matrix to opaque black) under a polygon clip, over opaque white:
  /// black inside the polygon, white outside.
  @Test(arguments: Backend.available)
  func backdropsKeepToThePolygon(_ backend: Backend) throws {
    let clip = try Self.polygonClip(Self.pentagonPoints, Self.tilted)
    let black: [Double] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    let backdrop = Backdrop(
      label: "b", map: P.affine, rect: Rect(0, 0, 64, 64), radii: .zero, filters: [.colorMatrix(black)], clip: 0,
      bounds: Self.canvas, readBounds: Self.canvas)
    let out = try backend.render(P.list(
      [try Self.fill(.solid(Color.white.premultiplied), clip: nil, clips: [clip]), .backdrop(backdrop)], clips: [clip]))
    for y in 0..<64 {
      for x in 0..<64 {
        guard let inside = Self.inside(Self.pentagonPoints, Self.tilted, x, y) else { continue }
        let want = inside ? SIMD4(0, 0, 0, 255) : SIMD4(255, 255, 255, 255)
        #expect(P.pixel(out, x, y) == want, "\(backend) pixel \(x) \(y)")
      }
    }
  }

  /// A rounded-rectangle clip whose parent is a polygon clip keeps what lies inside both.
  @Test(arguments: Backend.available)
  func childClipsOfAPolygonClipKeepToBoth(_ backend: Backend) throws {
    let poly = try Self.polygonClip(Self.pentagonPoints, Self.tilted)
    let rect = Rect(30, 8, 30, 48)
    let roundedPoly = DevicePolygon.project(rect, P.affine.toDevice)
    let child = ClipShape(
      map: P.affine, rect: rect, radii: CornerRadii(radius: 10, mask: .all, size: rect.size), curve: .circular, parent: 0,
      deviceBounds: DevicePolygon.pixelBounds(roundedPoly, pad: 1, canvas: Self.canvas).intersection(poly.deviceBounds),
      isPixelAligned: false)
    let clips = [poly, child]
    let out = try backend.render(P.list([try Self.fill(.solid(Color.white.premultiplied), clip: 1, clips: clips)], clips: clips))
    var both = 0
    for y in 0..<64 {
      for x in 0..<64 {
        // The rounded rectangle, anti-aliased: decided a pixel away from its outline.
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let qx = max(rect.minX + 10 - px, px - (rect.maxX - 10), 0), qy = max(rect.minY + 10 - py, py - (rect.maxY - 10), 0)
        let d = (qx * qx + qy * qy).squareRoot() - 10  // signed distance, negative inside
        guard abs(d) > 1, let inPoly = Self.inside(Self.pentagonPoints, Self.tilted, x, y) else { continue }
        let inside = inPoly && d < 0
        #expect(P.pixel(out, x, y).w == (inside ? 255 : 0), "\(backend) pixel \(x) \(y)")
        if inside { both += 1 }
      }
    }
    #expect(both > 300, "\(backend)")
  }
}

import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// What the primitives of layer kinds mean, probed pixel by pixel on every backend against
/// values computed here independently (not from the renderers' output).
@Suite struct PrimitiveSemanticsTests {
  static let canvas = PixelBounds(x0: 0, y0: 0, x1: 64, y1: 64)

  static func list(_ commands: [RenderCommand], clips: [ClipShape] = []) -> RenderList {
    var l = RenderList(width: 64, height: 64, background: .clear)
    l.clips = clips
    l.commands = commands
    return l
  }

  static func pixel(_ b: PixelBuffer, _ x: Int, _ y: Int) -> SIMD4<Int> {
    let i = (y * b.width + x) * 4
    return SIMD4(Int(b.pixels[i]), Int(b.pixels[i + 1]), Int(b.pixels[i + 2]), Int(b.pixels[i + 3]))
  }

  static func near(_ a: SIMD4<Int>, _ b: SIMD4<Int>, _ tolerance: Int) -> Bool {
    let d = a &- b
    return [d.x, d.y, d.z, d.w].allSatisfy { abs($0) <= tolerance }
  }

  static let affine = PlaneMap(toDevice: .identity)!

  /// Every byte of the mask reaches the pixel under it: tint × coverage × opacity, nothing
  /// outside, nothing outside the clip; on the GPU too (texelFetch of an R8 texture).
  @Test(arguments: Backend.available)
  func masksCoverTheirPixelsByteForByte(_ backend: Backend) throws {
    let bytes: [UInt8] = (0..<240).map { (i: Int) -> UInt8 in UInt8((i * 37 + 11) % 256) }
    let mask = DeviceMask(originX: 7, originY: 5, width: 20, height: 12, bytes: bytes)
    // A pixel-aligned clip keeps x < 20 only (a scissor box).
    let clip = ClipShape(
      map: Self.affine, rect: Rect(0, 0, 20, 64), radii: .zero, curve: .circular, parent: nil,
      deviceBounds: PixelBounds(x0: 0, y0: 0, x1: 20, y1: 64), isPixelAligned: true)
    let tint = Color(1, 0.5, 0, 1).premultiplied
    let d = try #require(
      Draw.makeMask(label: "m", part: "mask", mask: mask, paint: .solid(tint), opacity: 0.5, clip: 0, canvas: Self.canvas,
                    clipBounds: clip.deviceBounds))
    let out = try backend.render(Self.list([.draw(d)], clips: [clip]))
    for y in 0..<64 {
      for x in 0..<64 {
        let inside = x >= 7 && x < 27 && y >= 5 && y < 17 && x < 20
        let c = inside ? Double(bytes[(y - 5) * 20 + (x - 7)]) / 255 * 0.5 : 0
        let want = SIMD4(Int((c * 255).rounded()), Int((c * 127.5).rounded()), 0, Int((c * 255).rounded()))
        #expect(Self.near(Self.pixel(out, x, y), want, 1), "\(backend) pixel \(x) \(y)")
      }
    }
  }

  /// Opaque white at full opacity over nothing: every pixel's alpha is its mask byte,
  /// exactly, on every backend (the GPU fetches the same bytes, unfiltered).
  @Test(arguments: Backend.available)
  func masksReachThePixelsBitForBit(_ backend: Backend) throws {
    let bytes: [UInt8] = (0..<(64 * 4)).map { (i: Int) -> UInt8 in UInt8(i % 256) }
    let mask = DeviceMask(originX: 0, originY: 30, width: 64, height: 4, bytes: bytes)
    let d = try #require(
      Draw.makeMask(label: "m", part: "mask", mask: mask, paint: .solid(Color.white.premultiplied), opacity: 1, clip: nil,
                    canvas: Self.canvas, clipBounds: Self.canvas))
    let out = try backend.render(Self.list([.draw(d)]))
    for y in 30..<34 {
      for x in 0..<64 {
        let b = Int(bytes[(y - 30) * 64 + x])
        #expect(Self.pixel(out, x, y) == SIMD4(b, b, b, b), "\(backend) pixel \(x) \(y)")
      }
    }
  }

  /// Axial, radial and conic parameters at pixel centres of a layer under a perspective
  /// transform, with the colour interpolated straight and then premultiplied.
  @Test(arguments: Backend.available)
  func gradientsAreEvaluatedInUnitSpaceUnderAnyTransform(_ backend: Backend) throws {
    let rect = Rect(0, 0, 40, 20)
    let t = Transform3D.translation(-20, -10, 0).concatenating(.rotation(0.5, 0, 1, 0)).concatenating(.perspective(80))
      .concatenating(.translation(32, 32, 0))
    let map = try #require(PlaneMap(toDevice: Homography(t)))
    let stops = [GradientStop(0, Color(1, 0, 0, 1)), GradientStop(1, Color(0, 0, 1, 0))]
    for kind in GradientPaint.Kind.allCases {
      let paint = GradientPaint(kind: kind, start: Point(0.25, 0.5), end: Point(0.75, 1), stops: stops, unitRect: rect)
      let d = try #require(
        Draw.make(label: "g", part: "gradient", map: map, rect: rect, shape: .rect, paint: .gradient(paint), opacity: 1, clip: nil,
                  edges: [], canvas: Self.canvas, clipBounds: Self.canvas))
      let out = try backend.render(Self.list([.draw(d)]))
      var probed = 0
      for y in stride(from: 1, to: 64, by: 3) {
        for x in stride(from: 1, to: 64, by: 3) {
          // The pixel centre in the layer plane, by the inverse of the transform.
          guard let (u, v, _) = Projection.unproject(map.fromDevice, x: Double(x) + 0.5, y: Double(y) + 0.5),
            u > 0.5, u < 39.5, v > 0.5, v < 19.5
          else { continue }
          let (px, py) = (u / 40 - 0.25, v / 20 - 0.5)
          let param: Double
          switch kind {
          case .axial: param = (px * 0.5 + py * 0.5) / 0.5
          case .radial: param = ((px / 0.5) * (px / 0.5) + (py / 0.5) * (py / 0.5)).squareRoot()
          case .conic:
            var a = (atan2(py, px) - atan2(0.5, 0.5)) / (2 * Double.pi)
            a -= a.rounded(.down)
            // Next to the seam either side's colour is right.
            if a < 0.01 || a > 0.99 { continue }
            param = a
          }
          let f = min(max(param, 0), 1)
          let alpha = 1 - f
          let want = SIMD4(Int(((1 - f) * alpha * 255).rounded()), 0, Int((f * alpha * 255).rounded()), Int((alpha * 255).rounded()))
          #expect(Self.near(Self.pixel(out, x, y), want, 2), "\(backend) \(kind) at \(x) \(y) (t \(param))")
          probed += 1
        }
      }
      #expect(probed > 40)
    }
  }

  /// The gradient fills the layer's rounded shape: a corner pixel outside the radius is
  /// empty, the one next to it inside is painted.
  @Test(arguments: Backend.available)
  func gradientsFillTheRoundedShape(_ backend: Backend) throws {
    let rect = Rect(0, 0, 40, 40)
    let paint = GradientPaint(kind: .axial, start: Point(0, 0), end: Point(1, 0), stops: [GradientStop(0, .white)], unitRect: rect)
    let d = try #require(
      Draw.make(label: "g", part: "gradient", map: PlaneMap(toDevice: Homography(1, 0, 10, 0, 1, 10, 0, 0, 1))!, rect: rect,
                shape: .roundedRect(CornerRadii(radius: 16, mask: .all, size: rect.size)), paint: .gradient(paint), opacity: 1,
                clip: nil, edges: [], canvas: Self.canvas, clipBounds: Self.canvas))
    let out = try backend.render(Self.list([.draw(d)]))
    #expect(Self.pixel(out, 10, 10) == SIMD4(0, 0, 0, 0))
    #expect(Self.pixel(out, 30, 30) == SIMD4(255, 255, 255, 255))
    #expect(Self.pixel(out, 49, 30) == SIMD4(255, 255, 255, 255))
  }

  /// A heptagon: pixel centres inside every edge are painted, those outside are not (the
  /// polygon test here is the plain cross-product one).
  @Test(arguments: Backend.available)
  func polygonsWithSevenVerticesArePaintedWhereTheyCover(_ backend: Backend) throws {
    let pts = (0..<7).map { k in
      let a = Double(k) / 7 * 2 * Double.pi + 0.1
      return Point(x: 32 + 27 * cos(a), y: 31 + 25 * sin(a))
    }
    let poly = try #require(ConvexPolygon(pts))
    let d = try #require(
      Draw.make(label: "p", part: "polygon", map: Self.affine, rect: poly.boundingRect, shape: .rect,
                paint: .solid(Color.white.premultiplied), opacity: 1, clip: nil, edges: [], polygon: poly, canvas: Self.canvas,
                clipBounds: Self.canvas))
    let out = try backend.render(Self.list([.draw(d)]))
    var painted = 0
    for y in 0..<64 {
      for x in 0..<64 {
        let p = Point(Double(x) + 0.5, Double(y) + 0.5)
        let crosses = (0..<7).map { i -> Double in
          let a = pts[i], b = pts[(i + 1) % 7]
          return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        }
        if crosses.allSatisfy({ abs($0) > 1e-3 }) {
          let inside = crosses.allSatisfy { $0 > 0 }
          #expect(Self.pixel(out, x, y).w == (inside ? 255 : 0), "\(backend) pixel \(x) \(y)")
          if inside { painted += 1 }
        }
      }
    }
    #expect(painted > 1500)
  }

  /// Two pieces of a square split along a diagonal, each painted with alpha 0.5: every
  /// pixel of the square is covered exactly once (no seam, no pixel drawn twice).
  @Test(arguments: Backend.available)
  func piecesSharingAnEdgeCoverEachPixelOnce(_ backend: Backend) throws {
    let a = try #require(ConvexPolygon([Point(8, 8), Point(56, 8), Point(8, 56)]))
    let b = try #require(ConvexPolygon([Point(56, 56), Point(8, 56), Point(56, 8)]))
    let paint = Paint.solid(Color(1, 1, 1, 0.5).premultiplied)
    var commands: [RenderCommand] = []
    for p in [a, b] {
      let d = try #require(
        Draw.make(label: "p", part: "piece", map: Self.affine, rect: p.boundingRect, shape: .rect, paint: paint, opacity: 1, clip: nil,
                  edges: [], polygon: p, canvas: Self.canvas, clipBounds: Self.canvas))
      commands.append(.draw(d))
    }
    let out = try backend.render(Self.list(commands))
    for y in 0..<64 {
      for x in 0..<64 {
        let inSquare = x >= 8 && x < 56 && y >= 8 && y < 56
        #expect(Self.pixel(out, x, y).w == (inSquare ? 128 : 0), "\(backend) pixel \(x) \(y)")
      }
    }
  }

  /// A sprite's colour multiplies every channel of every texel (not the alpha alone, which
  /// only a mask image allows): an orange image tinted half-blue-ish.
  @Test(arguments: Backend.available)
  func spriteColoursMultiplyTheTexels(_ backend: Backend) throws {
    let orange = Image(width: 4, height: 4, premultipliedPixels: [UInt8]((0..<16).flatMap { _ in [128, 64, 0, 128] as [UInt8] }))
    let tint = PremultipliedColor(red: 0.5, green: 1, blue: 1, alpha: 1)
    let batch = SpriteBatch(
      label: "s", map: Self.affine, image: orange,
      sprites: [Sprite(transform: Strata.AffineTransform(a: 20, b: 0, c: 0, d: 20, tx: 10, ty: 10), texels: Rect(0, 0, 4, 4), color: tint)],
      deviceBounds: Self.canvas)
    let out = try backend.render(Self.list([.sprites(batch)]))
    #expect(Self.pixel(out, 20, 20) == SIMD4(64, 64, 0, 128), "\(backend)")
    #expect(Self.pixel(out, 5, 5) == SIMD4(0, 0, 0, 0))
  }

  /// Sprites: each tinted by its colour; additive ones add up and saturate, source-over
  /// ones cover.
  @Test(arguments: Backend.available)
  func spritesTintAndAddUp(_ backend: Backend) throws {
    let white = Image(width: 2, height: 2) { _, _ in (255, 255, 255, 255) }
    func square(_ x: Double, _ y: Double) -> Strata.AffineTransform { Strata.AffineTransform(a: 16, b: 0, c: 0, d: 16, tx: x, ty: y) }
    let grey = Color(0.3, 0.3, 0.3, 0.4).premultiplied
    let sprites = [
      Sprite(transform: square(4, 4), texels: Rect(0, 0, 2, 2), color: grey),
      Sprite(transform: square(12, 4), texels: Rect(0, 0, 2, 2), color: grey),
      Sprite(transform: square(8, 4), texels: Rect(0, 0, 2, 2), color: Color(1, 1, 1, 1).premultiplied),
      Sprite(transform: square(8, 4), texels: Rect(0, 0, 2, 2), color: Color(1, 1, 1, 1).premultiplied),
    ]
    let additive = SpriteBatch(label: "s", map: Self.affine, image: white, blendMode: .plusLighter, sprites: Array(sprites[0...1]),
                               deviceBounds: Self.canvas)
    let saturating = SpriteBatch(label: "s", map: PlaneMap(toDevice: Homography(1, 0, 0, 0, 1, 30, 0, 0, 1))!, image: white,
                                 blendMode: .plusLighter, sprites: Array(sprites[1...3]), deviceBounds: Self.canvas)
    let over = SpriteBatch(label: "s", map: PlaneMap(toDevice: Homography(1, 0, 30, 0, 1, 30, 0, 0, 1))!, image: white,
                           sprites: [sprites[2], sprites[0]], deviceBounds: Self.canvas)
    let out = try backend.render(Self.list([.sprites(additive), .sprites(saturating), .sprites(over)]))
    let g = SIMD4(31, 31, 31, 102)  // premultiplied: 0.3·0.4 and 0.4, in bytes
    #expect(Self.near(Self.pixel(out, 6, 10), g, 1))
    #expect(Self.near(Self.pixel(out, 14, 10), g &* 2, 1))  // both grey sprites
    #expect(Self.near(Self.pixel(out, 26, 10), g, 1))
    #expect(Self.pixel(out, 14, 40) == SIMD4(255, 255, 255, 255))  // saturated
    // Source-over: grey over white.
    let c = Int(((0.12 + 0.6) * 255).rounded())
    #expect(Self.near(Self.pixel(out, 40, 40), SIMD4(c, c, c, 255), 1))
  }
}

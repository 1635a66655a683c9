import Foundation
import Strata
import StrataPath
import StrataRender
import StrataTesting
import Testing

/// What a shape layer draws, probed pixel by pixel on every backend against positions
/// computed here from the geometry (not from the renderers' output).
@Suite struct ShapeSemanticsTests {
  static let red = Color(1, 0, 0), green = Color(0, 1, 0)

  /// A 100 × 100 canvas, clear, with `layers` in it.
  static func render(_ layers: [Layer], on backend: Backend) throws -> PixelBuffer {
    let root = Layer(frame: Rect(0, 0, 100, 100))
    for l in layers { try root.addSublayer(l) }
    let list = RenderListCompiler(width: 100, height: 100).compile(root.snapshot())
    return try backend.render(list)
  }

  static func shape(_ svg: String, _ configure: (ShapeLayer) -> Void = { _ in }) -> ShapeLayer {
    let s = ShapeLayer(frame: Rect(0, 0, 100, 100))
    s.path = try! StrataPath.Path(svgPathData: svg)
    configure(s)
    return s
  }

  static func pixel(_ b: PixelBuffer, _ x: Int, _ y: Int) -> SIMD4<Int> {
    let i = (y * b.width + x) * 4
    return SIMD4(Int(b.pixels[i]), Int(b.pixels[i + 1]), Int(b.pixels[i + 2]), Int(b.pixels[i + 3]))
  }
  static func alpha(_ b: PixelBuffer, _ x: Int, _ y: Int) -> Int { pixel(b, x, y).w }

  /// Two nested squares wound the same way: nonzero fills the inner one, even-odd leaves it
  /// a hole.
  @Test(arguments: Backend.available)
  func fillRules(_ backend: Backend) throws {
    let svg = "M10 10 H90 V90 H10 Z M30 30 H70 V70 H30 Z"
    let out = try Self.render([Self.shape(svg) { $0.fillRule = .nonZero; $0.fillColor = Self.red }], on: backend)
    #expect(Self.pixel(out, 50, 50) == SIMD4(255, 0, 0, 255) && Self.pixel(out, 20, 20) == SIMD4(255, 0, 0, 255))
    let eo = try Self.render([Self.shape(svg) { $0.fillRule = .evenOdd; $0.fillColor = Self.red }], on: backend)
    #expect(Self.alpha(eo, 50, 50) == 0 && Self.pixel(eo, 20, 20) == SIMD4(255, 0, 0, 255))
    // Default: opaque black fill, no stroke.
    let d = try Self.render([Self.shape("M10 10 H20 V20 H10 Z")], on: backend)
    #expect(Self.pixel(d, 15, 15) == SIMD4(0, 0, 0, 255) && Self.alpha(d, 21, 15) == 0)
  }

  /// A line from x = 20 to 40 at y = 20, 8 wide: butt caps end at the end points, square
  /// caps 4 beyond, round caps in a half disc of radius 4.
  @Test(arguments: Backend.available)
  func caps(_ backend: Backend) throws {
    func line(_ cap: ShapeLayer.LineCap) throws -> PixelBuffer {
      try Self.render([Self.shape("M20 20 L40 20") { s in
        s.fillColor = nil; s.strokeColor = Self.green; s.lineWidth = 8; s.lineCap = cap
      }], on: backend)
    }
    let butt = try line(.butt), square = try line(.square), round = try line(.round)
    // Pixel centres (x + 0.5, y + 0.5).
    #expect(Self.alpha(butt, 21, 20) == 255 && Self.alpha(butt, 40, 20) == 0 && Self.alpha(butt, 19, 20) == 0)
    #expect(Self.alpha(butt, 30, 16) == 255 && Self.alpha(butt, 30, 24) == 0)
    #expect(Self.alpha(square, 43, 23) == 255 && Self.alpha(square, 16, 16) == 255 && Self.alpha(square, 44, 20) == 0)
    // Pixel [42, 43] × [20, 21] lies within 4 of (40, 20) (its far corner is 3.16 away);
    // [42, 43] × [23, 24] straddles the circle; [43, 44] × [23, 24] lies outside (4.24).
    let edge = Self.alpha(round, 42, 23)
    #expect(Self.alpha(round, 42, 20) == 255 && edge > 0 && edge < 255 && Self.alpha(round, 43, 23) == 0)
  }

  /// A right-angle corner at (40, 20), 8 wide: the outer corner (44, 16) is covered by a
  /// miter only. Pixel [41, 42] × [17, 18] lies within 4 of the corner (a round join covers
  /// it) and is cut in half by the bevel's line from (40, 16) to (44, 20).
  @Test(arguments: Backend.available)
  func joins(_ backend: Backend) throws {
    func corner(_ join: ShapeLayer.LineJoin) throws -> PixelBuffer {
      try Self.render([Self.shape("M20 20 L40 20 L40 40") { s in
        s.fillColor = nil; s.strokeColor = Self.green; s.lineWidth = 8; s.lineJoin = join
      }], on: backend)
    }
    let miter = try corner(.miter), round = try corner(.round), bevel = try corner(.bevel)
    #expect(Self.alpha(miter, 43, 16) == 255 && Self.alpha(miter, 41, 17) == 255)
    #expect(Self.alpha(round, 43, 16) == 0 && Self.alpha(round, 41, 17) == 255)
    #expect(Self.alpha(bevel, 43, 16) == 0 && abs(Self.alpha(bevel, 41, 17) - 128) <= 2)
  }

  /// Two lines meeting at (50.5, 60) at θ = 2·asin(1/6) ≈ 19.2°: the miter is 6 line widths
  /// long, within Core Animation's default limit of 10 (Skia's 4 would bevel it). With a
  /// width of 4 its tip is 12 above the vertex, at y = 48; pixel (50, 52) is inside it.
  @Test(arguments: Backend.available)
  func defaultMiterLimitIsTen(_ backend: Backend) throws {
    let half = asin(1.0 / 6), d = 40.0
    let dx = d * sin(half), dy = d * cos(half)
    let svg = "M\(50.5 - dx) \(60 + dy) L50.5 60 L\(50.5 + dx) \(60 + dy)"
    func draw(_ limit: Double?) throws -> PixelBuffer {
      try Self.render([Self.shape(svg) { s in
        s.fillColor = nil; s.strokeColor = Self.green; s.lineWidth = 4
        if let limit { s.miterLimit = limit }
      }], on: backend)
    }
    let byDefault = try draw(nil), skia = try draw(4)
    #expect(Self.alpha(byDefault, 50, 52) > 200 && Self.alpha(byDefault, 50, 46) == 0)
    #expect(Self.alpha(skia, 50, 52) == 0 && Self.alpha(skia, 50, 59) > 0)
  }

  /// `[5]` repeats as 5 on, 5 off; phase 2 starts 2 into the first dash. From x = 10 the
  /// dashes cover [10, 13), [18, 23), [28, 33)…; each subpath restarts the pattern.
  @Test(arguments: Backend.available)
  func dashesWithPhaseAndOddPatterns(_ backend: Backend) throws {
    let out = try Self.render([Self.shape("M10 20 L90 20 M10 40 L90 40") { s in
      s.fillColor = nil; s.strokeColor = Self.green; s.lineWidth = 4; s.lineDashPattern = [5]; s.lineDashPhase = 2
    }], on: backend)
    for y in [20, 40] {
      for (x, on) in [(10, true), (12, true), (13, false), (17, false), (18, true), (22, true), (23, false), (28, true)] {
        #expect((Self.alpha(out, x, y) == 255) == on && (Self.alpha(out, x, y) == 0) == !on, "pixel \(x) \(y)")
      }
    }
  }

  /// Two lines of 40, one after the other: strokeStart 0.25 and strokeEnd 0.75 keep the
  /// second half of the first (x 30…50) and the first half of the second (x 10…30). The
  /// fill is not trimmed.
  @Test(arguments: Backend.available)
  func strokeStartAndEndRunOverAllSubpaths(_ backend: Backend) throws {
    let out = try Self.render([Self.shape("M10 50 L50 50 M10 60 L50 60") { s in
      s.fillColor = nil; s.strokeColor = Self.green; s.lineWidth = 4; s.strokeStart = 0.25; s.strokeEnd = 0.75
    }], on: backend)
    #expect(Self.alpha(out, 20, 50) == 0 && Self.alpha(out, 29, 50) == 0 && Self.alpha(out, 30, 50) == 255 && Self.alpha(out, 45, 50) == 255)
    #expect(Self.alpha(out, 15, 60) == 255 && Self.alpha(out, 29, 60) == 255 && Self.alpha(out, 30, 60) == 0 && Self.alpha(out, 45, 60) == 0)
    let none = try Self.render([Self.shape("M10 50 L50 50") { s in
      s.fillColor = nil; s.strokeColor = Self.green; s.strokeStart = 0.6; s.strokeEnd = 0.6
    }], on: backend)
    #expect(none.pixels.allSatisfy { $0 == 0 })
  }

  /// Core Animation's order: background, contents, the shape's fill, its stroke, the
  /// sublayers, the border.
  @Test(arguments: Backend.available)
  func theShapeIsAboveContentsAndBelowSublayers(_ backend: Backend) throws {
    let s = Self.shape("M20 20 H80 V80 H20 Z") { s in
      s.fillColor = Self.red; s.strokeColor = Self.green; s.lineWidth = 10
      s.backgroundColor = Color(1, 1, 1)
      s.contents = Image(width: 1, height: 1, rgbaPixels: [SIMD4(0, 0, 255, 255)])
      let top = Layer(frame: Rect(40, 40, 20, 20))
      top.backgroundColor = Color(1, 1, 0)
      try! s.addSublayer(top)
    }
    let out = try Self.render([s], on: backend)
    #expect(Self.pixel(out, 5, 5) == SIMD4(0, 0, 255, 255))  // contents over the background
    #expect(Self.pixel(out, 30, 30) == SIMD4(255, 0, 0, 255))  // fill over the contents
    #expect(Self.pixel(out, 20, 50) == SIMD4(0, 255, 0, 255))  // stroke over the fill
    #expect(Self.pixel(out, 50, 50) == SIMD4(255, 255, 0, 255))  // the sublayer over the shape
  }

  /// A shape is not clipped to its bounds, unless `masksToBounds`.
  @Test(arguments: Backend.available)
  func theShapeIsNotClippedToBounds(_ backend: Backend) throws {
    let s = ShapeLayer(frame: Rect(10, 10, 20, 20))
    s.path = StrataPath.Path(rect: PathRect(x: 0, y: 0, width: 60, height: 60))
    let out = try Self.render([s], on: backend)
    #expect(Self.alpha(out, 60, 60) == 255 && Self.alpha(out, 71, 60) == 0)
    s.masksToBounds = true
    let clipped = try Self.render([s], on: backend)
    #expect(Self.alpha(clipped, 25, 25) == 255 && Self.alpha(clipped, 35, 25) == 0)
  }

  /// As another layer's mask, the shape's alpha (fill and stroke) cuts the layer; its
  /// shadow follows its alpha.
  @Test(arguments: Backend.available)
  func asAMaskAndCastingAShadow(_ backend: Backend) throws {
    let masked = Layer(frame: Rect(0, 0, 100, 100))
    masked.backgroundColor = Self.red
    masked.mask = Self.shape("M20 20 H40 V40 H20 Z") { s in s.strokeColor = .white; s.lineWidth = 4 }
    let out = try Self.render([masked], on: backend)
    #expect(Self.pixel(out, 30, 30) == SIMD4(255, 0, 0, 255) && Self.pixel(out, 41, 30) == SIMD4(255, 0, 0, 255))
    #expect(Self.alpha(out, 50, 50) == 0 && Self.alpha(out, 43, 30) == 0)

    let casting = Self.shape("M20 20 H40 V40 H20 Z") { s in
      s.fillColor = Self.red; s.shadowOpacity = 1; s.shadowRadius = 0; s.shadowOffset = Size(30, 0); s.shadowColor = Self.green
    }
    let shadow = try Self.render([casting], on: backend)
    #expect(Self.pixel(shadow, 30, 30) == SIMD4(255, 0, 0, 255))
    #expect(Self.pixel(shadow, 60, 30) == SIMD4(0, 255, 0, 255) && Self.alpha(shadow, 75, 30) == 0)
  }

  /// A solid unclipped mask (the CPU's mask row loop, the GPU's SIMPLE MASK build, which
  /// samples interpolated texel centres) reaches every pixel with exactly its byte, over
  /// a wide mask at an odd origin.
  @Test(arguments: Backend.available)
  func wideMasksReachThePixelsBitForBit(_ backend: Backend) throws {
    let (w, h) = (1013, 7)
    let bytes: [UInt8] = (0..<(w * h)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
    let mask = DeviceMask(originX: 5, originY: 3, width: w, height: h, bytes: bytes)
    let canvas = PixelBounds(x0: 0, y0: 0, x1: 1024, y1: 12)
    let d = try #require(
      Draw.makeMask(label: "m", part: "mask", mask: mask, paint: .solid(Color.white.premultiplied), opacity: 1, clip: nil,
                    canvas: canvas, clipBounds: canvas))
    var list = RenderList(width: 1024, height: 12, background: .clear)
    list.commands = [.draw(d)]
    let out = try backend.render(list)
    var wrong = 0
    for y in 0..<12 {
      for x in 0..<1024 {
        let inside = x >= 5 && x < 5 + w && y >= 3 && y < 3 + h
        let b = inside ? Int(bytes[(y - 3) * w + (x - 5)]) : 0
        if Self.pixel(out, x, y) != SIMD4(b, b, b, b) { wrong += 1 }
      }
    }
    #expect(wrong == 0, "\(backend): \(wrong) pixels differ from their mask bytes")
  }
}

import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// What `GradientLayer` draws, probed at every pixel on every backend against Core
/// Animation's formulas computed here in double precision (ca-layer-kinds.md §2), never
/// against the renderers' own output: unit-space geometry, straight interpolation then
/// premultiplication, padding, and the layer's rounded shape.
@Suite struct GradientLayerSemanticsTests {
  /// `layer` alone on a transparent canvas of its frame's size.
  static func render(_ layer: Layer, _ w: Int, _ h: Int, on backend: Backend) throws -> PixelBuffer {
    let list = RenderListCompiler(width: w, height: h, scale: 1, background: .clear).compile(root(Double(w), Double(h), [layer]).snapshot())
    return try backend.render(list)
  }

  static func gradient(_ w: Double, _ h: Double, _ type: GradientLayerType, _ s: Point, _ e: Point, _ colors: [Color]) -> GradientLayer {
    let g = GradientLayer(frame: Rect(0, 0, w, h))
    (g.type, g.startPoint, g.endPoint, g.colors) = (type, s, e, colors)
    return g
  }

  /// The premultiplied bytes Core Animation's rule gives at parameter `t`: pad with the
  /// end colours, interpolate the straight components, then premultiply.
  static func expected(_ t: Double, _ locations: [Double], _ colors: [Color]) -> SIMD4<Int> {
    var c = colors[colors.count - 1]
    if t < locations[0] {
      c = colors[0]
    } else if let i = (0..<(locations.count - 1)).first(where: { t >= locations[$0] && t < locations[$0 + 1] }) {
      let f = (t - locations[i]) / (locations[i + 1] - locations[i])
      let (a, b) = (colors[i], colors[i + 1])
      c = Color(a.red + (b.red - a.red) * f, a.green + (b.green - a.green) * f, a.blue + (b.blue - a.blue) * f, a.alpha + (b.alpha - a.alpha) * f)
    }
    func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }
    return SIMD4(byte(c.red * c.alpha), byte(c.green * c.alpha), byte(c.blue * c.alpha), byte(c.alpha))
  }

  /// Checks every pixel whose parameter `t(u, v)` (at the pixel centre in unit space) is
  /// not nil; returns how many were checked.
  @discardableResult
  static func expectEveryPixel(
    _ out: PixelBuffer, _ w: Int, _ h: Int, _ locations: [Double], _ colors: [Color], tolerance: Int = 1,
    _ what: String, t: (Double, Double) -> Double?
  ) -> Int {
    var checked = 0, failures = 0
    for y in 0..<h {
      for x in 0..<w {
        guard let p = t((Double(x) + 0.5) / Double(w), (Double(y) + 0.5) / Double(h)) else { continue }
        let got = PrimitiveSemanticsTests.pixel(out, x, y), want = expected(p, locations, colors)
        if !PrimitiveSemanticsTests.near(got, want, tolerance) {
          failures += 1
          if failures <= 5 { Issue.record("\(what): pixel (\(x), \(y)) is \(got), the formula gives \(want) (t \(p))") }
        }
        checked += 1
      }
    }
    #expect(failures == 0, "\(what): \(failures) of \(checked) pixels differ from the formula")
    return checked
  }

  static let blackToWhite = [Color.black, Color.white]

  /// (0, 0) → (1, 1) on a 160 × 40 layer: the parameter is `(u + v) / 2` in unit space, so
  /// the midline runs through the opposite corners (160, 0) and (0, 40), not perpendicular
  /// to the diagonal in points (where the top-right corner would be at t ≈ 0.94).
  @Test(arguments: Backend.available)
  func axialGeometryIsComputedInUnitSpaceOnAWideLayer(_ backend: Backend) throws {
    let g = Self.gradient(160, 40, .axial, Point(0, 0), Point(1, 1), Self.blackToWhite)
    let out = try Self.render(g, 160, 40, on: backend)
    Self.expectEveryPixel(out, 160, 40, [0, 1], Self.blackToWhite, "\(backend) axial") { u, v in (u + v) / 2 }
    // The corners of the midline are mid-grey.
    #expect(PrimitiveSemanticsTests.near(PrimitiveSemanticsTests.pixel(out, 159, 0), SIMD4(128, 128, 128, 255), 2))
    #expect(PrimitiveSemanticsTests.near(PrimitiveSemanticsTests.pixel(out, 0, 39), SIMD4(128, 128, 128, 255), 2))
  }

  /// Radial from (0.5, 0.5) to (1, 0.75) on 120 × 60: an ellipse with radii 0.5 and 0.25
  /// of the bounds, 60 by 15 points; pixels beyond it pad with the last colour.
  @Test(arguments: Backend.available)
  func radialGradientsAreEllipsesWithPerAxisRadii(_ backend: Backend) throws {
    let colors = [Color(1, 0.2, 0.1), Color(0.1, 0.3, 1)]
    let g = Self.gradient(120, 60, .radial, Point(0.5, 0.5), Point(1, 0.75), colors)
    let out = try Self.render(g, 120, 60, on: backend)
    Self.expectEveryPixel(out, 120, 60, [0, 1], colors, "\(backend) radial") { u, v in
      (((u - 0.5) / 0.5) * ((u - 0.5) / 0.5) + ((v - 0.5) / 0.25) * ((v - 0.5) / 0.25)).squareRoot()
    }
    // 15 points below the centre is the ellipse's edge: the last colour; 10 below is not.
    let last = SIMD4(26, 77, 255, 255)  // (0.1, 0.3, 1) in bytes, 76.5 either way
    #expect(PrimitiveSemanticsTests.near(PrimitiveSemanticsTests.pixel(out, 60, 46), last, 1))
    #expect(!PrimitiveSemanticsTests.near(PrimitiveSemanticsTests.pixel(out, 60, 40), last, 20))
  }

  /// Conic around the centre with 0 towards the top: a quarter turn later is the right
  /// edge (clockwise on screen, +x towards +y with y down), half a turn the bottom.
  @Test(arguments: Backend.available)
  func conicGradientsGrowClockwiseOnScreenFromTheEndPoint(_ backend: Backend) throws {
    let g = Self.gradient(64, 64, .conic, Point(0.5, 0.5), Point(0.5, 0), Self.blackToWhite)
    let out = try Self.render(g, 64, 64, on: backend)
    let checked = Self.expectEveryPixel(out, 64, 64, [0, 1], Self.blackToWhite, "\(backend) conic") { u, v in
      var a = (atan2(v - 0.5, u - 0.5) - atan2(-0.5, 0)) / (2 * Double.pi)
      a -= a.rounded(.down)
      return a < 0.01 || a > 0.99 ? nil : a  // next to the seam either colour is right
    }
    #expect(checked > 3900)
    let right = PrimitiveSemanticsTests.pixel(out, 62, 32), bottom = PrimitiveSemanticsTests.pixel(out, 32, 62)
    let left = PrimitiveSemanticsTests.pixel(out, 1, 32)
    #expect(abs(right.x - 64) <= 3 && abs(bottom.x - 128) <= 3 && abs(left.x - 191) <= 3, "\(backend): right \(right), bottom \(bottom), left \(left)")
  }

  /// Conic on a wide layer is measured in unit space too: the diagonal of the bounds is an
  /// eighth of a turn from +x.
  @Test(arguments: Backend.available)
  func conicAnglesAreMeasuredInUnitSpace(_ backend: Backend) throws {
    let g = Self.gradient(128, 32, .conic, Point(0.5, 0.5), Point(1, 0.5), Self.blackToWhite)
    let out = try Self.render(g, 128, 32, on: backend)
    Self.expectEveryPixel(out, 128, 32, [0, 1], Self.blackToWhite, "\(backend) wide conic") { u, v in
      var a = atan2(v - 0.5, u - 0.5) / (2 * Double.pi)
      a -= a.rounded(.down)
      return a < 0.01 || a > 0.99 ? nil : a
    }
  }

  /// Straight interpolation, then premultiplication: white to clear passes through a
  /// half-transparent grey (Core Animation's grey band); `locations` pad both ends.
  @Test(arguments: Backend.available)
  func coloursInterpolateStraightAndPadBeyondTheLocations(_ backend: Backend) throws {
    let colors = [Color.white, Color.clear, Color(0.2, 0.8, 0.4, 0.6)]
    let g = Self.gradient(100, 8, .axial, Point(0, 0.5), Point(1, 0.5), colors)
    g.locations = [0.2, 0.5, 0.8]
    let out = try Self.render(g, 100, 8, on: backend)
    Self.expectEveryPixel(out, 100, 8, [0.2, 0.5, 0.8], colors, "\(backend) locations") { u, _ in
      abs(u - 0.5) < 0.006 ? nil : u  // the clear stop itself: either side is right
    }
    // Pixel 34 is (34.5/100 − 0.2)/0.3 = 0.483 of the way from white to clear: straight
    // (0.517, 0.517, 0.517, 0.517), premultiplied 0.267 (a grey band, not a clean fade).
    #expect(PrimitiveSemanticsTests.near(PrimitiveSemanticsTests.pixel(out, 34, 4), SIMD4(68, 68, 68, 132), 1))
  }

  /// The gradient fills the rounded shape (here only the top-left corner is rounded)
  /// without `masksToBounds`, above the background colour; the sublayer is not clipped.
  @Test(arguments: Backend.available)
  func theGradientFillsTheRoundedShapeAboveTheBackground(_ backend: Backend) throws {
    let g = Self.gradient(64, 64, .axial, Point(0, 0), Point(0, 1), [Color(1, 1, 1, 0.5)])
    g.cornerRadius = 20
    g.maskedCorners = .layerMinXMinYCorner
    g.backgroundColor = Color(1, 0, 0)
    let sub = layer(Rect(50, 50, 20, 20), Color(0, 0, 1))
    try g.addSublayer(sub)
    let out = try Self.render(g, 80, 80, on: backend)
    let px = { (x: Int, y: Int) in PrimitiveSemanticsTests.pixel(out, x, y) }
    // Outside the rounded corner: nothing (the background is rounded too).
    #expect(px(1, 1) == SIMD4(0, 0, 0, 0))
    // Inside: half white over red.
    #expect(PrimitiveSemanticsTests.near(px(30, 30), SIMD4(255, 128, 128, 255), 1))
    // The square corners are filled.
    #expect(PrimitiveSemanticsTests.near(px(62, 1), SIMD4(255, 128, 128, 255), 1))
    #expect(PrimitiveSemanticsTests.near(px(1, 62), SIMD4(255, 128, 128, 255), 1))
    // The sublayer, over the gradient and beyond the bounds.
    #expect(px(55, 55) == SIMD4(0, 0, 255, 255))
    #expect(px(68, 68) == SIMD4(0, 0, 255, 255))
  }

  /// A gradient clipped by `cornerRadius` with every corner rounded: the corner pixels
  /// outside the arc are empty, inside the arc the gradient's colour.
  @Test(arguments: Backend.available)
  func cornerRadiusClipsTheGradient(_ backend: Backend) throws {
    let g = Self.gradient(64, 48, .axial, Point(0, 0), Point(1, 0), Self.blackToWhite)
    g.cornerRadius = 16
    let out = try Self.render(g, 64, 48, on: backend)
    for (x, y) in [(0, 0), (63, 0), (0, 47), (63, 47), (3, 2), (60, 45)] {
      #expect(PrimitiveSemanticsTests.pixel(out, x, y).w == 0, "\(backend) corner (\(x), \(y))")
    }
    Self.expectEveryPixel(out, 64, 48, [0, 1], Self.blackToWhite, "\(backend) rounded") { u, v in
      // Only pixels well inside the rounded shape (the corner circles' centres are 16 in).
      let (x, y) = (u * 64, v * 48)
      let cx = min(max(x, 16), 48), cy = min(max(y, 16), 32)
      return ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() < 15 ? u : nil
    }
  }

  /// Nothing is drawn when `locations` has another count than `colors`, or there are no
  /// colours; the background still is.
  @Test(arguments: Backend.available)
  func aLocationCountOtherThanTheColoursDrawsNothing(_ backend: Backend) throws {
    let g = Self.gradient(16, 16, .axial, Point(0.5, 0), Point(0.5, 1), Self.blackToWhite)
    g.locations = [0, 0.5, 1]
    g.backgroundColor = Color(0, 0, 1)
    let out = try Self.render(g, 16, 16, on: backend)
    #expect(PrimitiveSemanticsTests.pixel(out, 8, 8) == SIMD4(0, 0, 255, 255))
    g.colors = []
    g.locations = nil
    let empty = try Self.render(g, 16, 16, on: backend)
    #expect(PrimitiveSemanticsTests.pixel(empty, 8, 8) == SIMD4(0, 0, 255, 255))
  }

  /// The choices where ca-layer-kinds.md marks Core Animation as undefined: equal start
  /// and end points (and a radial radius of 0) fill with the last colour; `contents` is
  /// drawn below the gradient.
  @Test(arguments: Backend.available)
  func degenerateGeometryFillsWithTheLastColourAboveTheContents(_ backend: Backend) throws {
    for type in GradientLayerType.allCases {
      let g = Self.gradient(16, 16, type, Point(0.5, 0.5), Point(0.5, type == .radial ? 1 : 0.5), [Color(1, 0, 0), Color(0, 1, 0)])
      let out = try Self.render(g, 16, 16, on: backend)
      #expect(PrimitiveSemanticsTests.pixel(out, 3, 12) == SIMD4(0, 255, 0, 255), "\(backend) \(type)")
    }
    let g = Self.gradient(16, 16, .axial, Point(0.5, 0), Point(0.5, 1), [Color(1, 1, 1, 0.5)])
    g.contents = Image(width: 2, height: 2) { _, _ in (0, 0, 255, 255) }
    let out = try Self.render(g, 16, 16, on: backend)
    #expect(PrimitiveSemanticsTests.near(PrimitiveSemanticsTests.pixel(out, 8, 8), SIMD4(128, 128, 255, 255), 1), "\(backend)")
  }

  /// Locations outside 0…1 are kept (here the ends are never reached), and a location
  /// below the one before it counts as that one: a hard stop.
  @Test(arguments: Backend.available)
  func locationsOutsideTheUnitRangeOrOutOfOrder(_ backend: Backend) throws {
    let g = Self.gradient(100, 4, .axial, Point(0, 0.5), Point(1, 0.5), Self.blackToWhite)
    g.locations = [-0.5, 1.5]
    let out = try Self.render(g, 100, 4, on: backend)
    Self.expectEveryPixel(out, 100, 4, [-0.5, 1.5], Self.blackToWhite, "\(backend) wide locations") { u, _ in u }
    #expect(PrimitiveSemanticsTests.near(PrimitiveSemanticsTests.pixel(out, 0, 0), SIMD4(64, 64, 64, 255), 1))
    let colors = [Color(1, 0, 0), Color(0, 1, 0), Color(0, 0, 1)]
    g.colors = colors
    g.locations = [0.6, 0.3, 0.9]
    let hard = try Self.render(g, 100, 4, on: backend)
    Self.expectEveryPixel(hard, 100, 4, [0.6, 0.6, 0.9], colors, "\(backend) unsorted") { u, _ in abs(u - 0.6) < 0.006 ? nil : u }
    #expect(PrimitiveSemanticsTests.pixel(hard, 59, 0) == SIMD4(255, 0, 0, 255) && PrimitiveSemanticsTests.near(PrimitiveSemanticsTests.pixel(hard, 60, 0), SIMD4(0, 251, 4, 255), 1))  // 0.005/0.3 past green
  }
}

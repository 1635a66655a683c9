@testable import StrataPath
import Testing

/// Stroke geometry from first principles: areas of caps, joins and zero-length subpaths,
/// and pixel probes where they must and must not reach.
@Suite struct StrokerTests {
  static let canvas = PixelRect(x: 0, y: 0, width: 128, height: 128)

  static func area(_ path: Path, _ style: StrokeStyle, _ t: PathTransform = .identity) -> Double {
    var r = Rasterizer()
    return r.stroke(path, style: style, transform: t, clip: canvas).coverage.reduce(0) { $0 + Double($1) } / 255
  }

  static func line(_ a: PathPoint, _ b: PathPoint) -> Path {
    var p = Path()
    p.move(to: a)
    p.addLine(to: b)
    return p
  }

  /// Whole-pixel edges are exact; a pixel an edge crosses is rounded to 1/255, so areas
  /// may be off by half a level per pixel of outline.
  static func rounding(perimeter: Double) -> Double { perimeter * 0.5 / 255 }

  @Test func capsAddNothingHalfASquareOrHalfADisc() {
    let l = Self.line(PathPoint(30, 40), PathPoint(90, 40))
    let butt = Self.area(l, StrokeStyle(lineWidth: 10))
    let square = Self.area(l, StrokeStyle(lineWidth: 10, lineCap: .square))
    let round = Self.area(l, StrokeStyle(lineWidth: 10, lineCap: .round))
    #expect(abs(butt - 600) < 1e-9)
    #expect(abs(square - 700) < 1e-9)
    // Two half discs of radius 5, as polygons within 0.025 px of the circle either side.
    #expect(abs(round - (600 + 25 * .pi)) < Self.rounding(perimeter: 10 * .pi) + 0.1)
  }

  @Test func miterBevelAndRoundCornersOfARightAngle() {
    var p = Path()
    p.move(to: PathPoint(20, 80))
    p.addLine(to: PathPoint(80, 80))
    p.addLine(to: PathPoint(80, 20))
    let w = 10.0
    let miter = Self.area(p, StrokeStyle(lineWidth: w))
    let bevel = Self.area(p, StrokeStyle(lineWidth: w, lineJoin: .bevel))
    let round = Self.area(p, StrokeStyle(lineWidth: w, lineJoin: .round))
    // Two 60 × 10 bodies overlap in a 5 × 5 square at the corner's inner half; the joins add
    // outside it a square of 5 × 5 (miter), its half (bevel) or a quarter disc (round).
    let bodies = 2 * 600 - 25.0
    #expect(abs(miter - (bodies + 25)) < 1e-9)
    #expect(abs(bevel - (bodies + 12.5)) < Self.rounding(perimeter: 10))
    #expect(abs(round - (bodies + 25 * .pi / 4)) < Self.rounding(perimeter: 8) + 0.05)
    var r = Rasterizer()
    let m = r.stroke(p, style: StrokeStyle(lineWidth: w), clip: Self.canvas)
    #expect(m[84, 84] == 255)  // the miter's corner
    let b = r.stroke(p, style: StrokeStyle(lineWidth: w, lineJoin: .bevel), clip: Self.canvas)
    #expect(b[84, 84] == 0)
  }

  @Test func theMiterLimitCutsLongMitersToBevels() {
    // Segments meeting at θ: the miter is 1/sin(θ/2) widths long. θ = 14° gives 8.2 (kept
    // under the default limit of 10), θ = 9° gives 12.7 (cut to a bevel).
    func corner(_ degrees: Double) -> Path {
      let half = degrees / 2 * .pi / 180
      var p = Path()
      p.move(to: PathPoint(100 - 80 * cos(half), 64 - 80 * sin(half)))
      p.addLine(to: PathPoint(100, 64))
      p.addLine(to: PathPoint(100 - 80 * cos(half), 64 + 80 * sin(half)))
      return p
    }
    // What a miter adds to a bevel, for half width r: the kite (vertex, the two outer
    // corners, the tip) of area r²·cot(θ/2), less the bevel's triangle, r²·sin(θ)/2.
    func extra(_ degrees: Double) -> Double {
      let t = degrees * .pi / 180
      return 1 / tan(t / 2) - sin(t) / 2
    }
    let bevel = StrokeStyle(lineWidth: 2, lineJoin: .bevel)
    let kept = Self.area(corner(14), StrokeStyle(lineWidth: 2)) - Self.area(corner(14), bevel)
    #expect(abs(kept - extra(14)) < 0.05)
    let cut = Self.area(corner(9), StrokeStyle(lineWidth: 2)) - Self.area(corner(9), bevel)
    #expect(abs(cut) < 1e-9)
    // Raising the limit keeps the long miter.
    let long = Self.area(corner(9), StrokeStyle(lineWidth: 2, miterLimit: 13)) - Self.area(corner(9), bevel)
    #expect(abs(long - extra(9)) < 0.05)
  }

  @Test func zeroLengthSubpathsDrawADotASquareOrNothing() {
    var dotAndClose = Path()
    dotAndClose.move(to: PathPoint(30, 30))
    dotAndClose.addLine(to: PathPoint(30, 30))
    dotAndClose.move(to: PathPoint(60, 60))
    dotAndClose.closeSubpath()
    dotAndClose.move(to: PathPoint(100, 100))  // a lone move: nothing, whatever the cap
    let round = Self.area(dotAndClose, StrokeStyle(lineWidth: 10, lineCap: .round))
    let square = Self.area(dotAndClose, StrokeStyle(lineWidth: 10, lineCap: .square))
    let butt = Self.area(dotAndClose, StrokeStyle(lineWidth: 10))
    #expect(abs(round - 2 * 25 * .pi) < Self.rounding(perimeter: 20 * .pi) + 0.1)
    #expect(abs(square - 200) < 0.01)  // upright squares of side 10
    #expect(butt == 0)
  }

  @Test func closedSubpathsJoinWhereTheyStartAndHaveNoCaps() {
    let square = Path(rect: PathRect(x: 30, y: 30, width: 40, height: 40))
    // A closed square's stroke is the ring between 45 × 45 and 35 × 35 squares... with miter
    // corners, exactly: 50² − 30² with width 10.
    #expect(abs(Self.area(square, StrokeStyle(lineWidth: 10, lineCap: .round)) - (2500 - 900)) < 0.1)
    // The same points left open: the start corner gets two butt ends, not a join.
    var open = Path()
    open.move(to: PathPoint(30, 30))
    for q in [PathPoint(70, 30), PathPoint(70, 70), PathPoint(30, 70), PathPoint(30, 30)] { open.addLine(to: q) }
    #expect(abs(Self.area(open, StrokeStyle(lineWidth: 10)) - (2500 - 900 - 25)) < 0.1)
  }

  @Test func aCircleStrokedWiderThanItIsRoundIsASolidDisc() {
    // Radius 8 stroked 24 wide covers the disc of radius 20. Skia's outline leaves a hole of
    // radius 4 here (its inner contour turns inside out); the union of pieces does not.
    let c = Path(ellipseIn: PathRect(x: 44, y: 44, width: 16, height: 16))
    var r = Rasterizer()
    let m = r.stroke(c, style: StrokeStyle(lineWidth: 24), clip: Self.canvas)
    #expect(m[52, 52] == 255 && m[50, 53] == 255)
    let area = m.coverage.reduce(0) { $0 + Double($1) } / 255
    #expect(abs(area - 400 * .pi) < 0.1 * 40 * .pi)
  }

  @Test func aCuspIsRoundedLikeARoundJoin() {
    // This cubic turns back at a cusp at t = 1/2, (32, 43); a disc of the half width covers it.
    var p = Path()
    p.move(to: PathPoint(10, 10))
    p.addCurve(to: PathPoint(54, 10), control1: PathPoint(54, 54), control2: PathPoint(10, 54))
    var r = Rasterizer()
    let m = r.stroke(p, style: StrokeStyle(lineWidth: 8), clip: Self.canvas)
    // Its bottom is at y = 47: pixel row 46 is nearly covered below the cusp, row 47 barely
    // touched (the disc's polygon strays 0.03 px), row 48 not at all.
    #expect(m[31, 45] == 255 && m[32, 46] > 240 && m[32, 47] < 12 && m[32, 48] == 0)
  }

  @Test func aHairlineIsOneDevicePixelWideUnderAnyScale() {
    let l = Self.line(PathPoint(2, 4.5), PathPoint(12, 4.5))
    for s in [1.0, 3.0, 7.5] {
      let area = Self.area(l, StrokeStyle(lineWidth: 0), PathTransform(scaleX: s, y: s))
      #expect(abs(area - 10 * s) < 0.01)
    }
    // A stroke of width 1 scales with the transform instead.
    #expect(abs(Self.area(l, StrokeStyle(lineWidth: 1), PathTransform(scaleX: 3, y: 3)) - 10 * 3 * 3) < 0.1)
  }

  @Test func nonUniformScaleStretchesTheStrokeAsInLayerSpace() {
    // A vertical line stroked 2 wide, scaled 4× in x and 1× in y: 8 px wide, 20 px long.
    let l = Self.line(PathPoint(10, 5), PathPoint(10, 25))
    #expect(abs(Self.area(l, StrokeStyle(lineWidth: 2), PathTransform(scaleX: 4, y: 1)) - 160) < 0.1)
  }

  @Test func badWidthsDrawNothing() {
    let l = Self.line(PathPoint(10, 5), PathPoint(10, 25))
    #expect(Self.area(l, StrokeStyle(lineWidth: -1)) == 0)
    #expect(Self.area(l, StrokeStyle(lineWidth: .nan)) == 0)
    #expect(Self.area(l, StrokeStyle(lineWidth: .infinity)) == 0)
  }

  @Test func partsThatCannotReachTheClipAreLeftOut() {
    // A zigzag mostly far outside a small clip, zoomed in 10×: the mask's stroke leaves out
    // what cannot reach the clip, and draws the same pixels as the whole outline.
    var p = Path()
    p.move(to: PathPoint(-500, -300))
    // One vertex, (3, 3), is inside the clip (path units 0…6.4).
    for k in 0..<40 { p.addLine(to: PathPoint(Double(k * 25 - 497), k % 2 == 0 ? 3 : -300)) }
    let t = PathTransform(scaleX: 10, y: 10)
    let clip = PixelRect(x: 0, y: 0, width: 64, height: 64)
    for style in [
      StrokeStyle(lineWidth: 3, lineJoin: .miter, miterLimit: 30), StrokeStyle(lineWidth: 3, lineCap: .square, lineJoin: .round),
    ] {
      var r = Rasterizer()
      let culled = r.stroke(p, style: style, transform: t, clip: clip)
      let whole = Stroker.outline(of: p, style: style, resolutionScale: t.maxScale)
      let reference = r.fill(whole, transform: t, clip: clip)
      // (Their bounds may differ: a mask spans its outline's box within the clip.)
      var differences = 0
      for y in 0..<64 {
        for x in 0..<64 where abs(Int(culled[x, y]) - Int(reference[x, y])) > 1 { differences += 1 }
      }
      #expect(differences == 0)
      #expect(culled.coverage.contains(255))
      let kept = Stroker.deviceOutline(of: p, style: style, transform: t, clip: clip)
      #expect(kept.elementCount * 5 < whole.elementCount)
    }
  }

  @Test func outlinesAreLinesOnly() {
    let o = Stroker.outline(
      of: Path(ellipseIn: PathRect(x: 0, y: 0, width: 50, height: 30)), style: StrokeStyle(lineWidth: 3, lineJoin: .round))
    var curves = 0
    o.forEachElement {
      switch $0 {
      case .quadCurve, .curve: curves += 1
      default: break
      }
    }
    #expect(curves == 0 && o.elementCount > 50)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

import StrataPath
import Testing

@Suite struct SVGPathTests {
  func path(_ d: String) throws -> Path { try Path(svgPathData: d) }

  @Test func readsEveryCommandAbsoluteAndRelative() throws {
    #expect(
      try path("M10 20 L30 40 H50 V60 Z").elements == [
        .move(to: PathPoint(10, 20)), .line(to: PathPoint(30, 40)), .line(to: PathPoint(50, 40)),
        .line(to: PathPoint(50, 60)), .close,
      ])
    #expect(try path("m10 20 l20 20 h20 v20 z") == path("M10 20 L30 40 H50 V60 Z"))
    #expect(
      try path("M0 0 C1 2 3 4 5 6 c1 1 2 2 3 3").elements.suffix(2) == [
        .curve(to: PathPoint(5, 6), control1: PathPoint(1, 2), control2: PathPoint(3, 4)),
        .curve(to: PathPoint(8, 9), control1: PathPoint(6, 7), control2: PathPoint(7, 8)),
      ])
    #expect(
      try path("M0 0 Q10 0 10 10 q0 10 10 10").elements.suffix(2) == [
        .quadCurve(to: PathPoint(10, 10), control: PathPoint(10, 0)),
        .quadCurve(to: PathPoint(20, 20), control: PathPoint(10, 20)),
      ])
  }

  @Test func smoothCurvesReflectThePreviousControlPoint() throws {
    // S reflects the last cubic's second control point about the current point.
    #expect(
      try path("M0 0 C0 10 10 10 10 0 S20 -10 20 0").elements.last
        == .curve(to: PathPoint(20, 0), control1: PathPoint(10, -10), control2: PathPoint(20, -10)))
    // After anything but a cubic, the first control point is the current point.
    #expect(
      try path("M0 0 L5 5 s5 5 10 0").elements.last
        == .curve(to: PathPoint(15, 5), control1: PathPoint(5, 5), control2: PathPoint(10, 10)))
    // T chains reflections of quadratic control points.
    #expect(
      try path("M0 0 Q5 10 10 0 T20 0 T30 0").elements.suffix(2) == [
        .quadCurve(to: PathPoint(20, 0), control: PathPoint(15, -10)),
        .quadCurve(to: PathPoint(30, 0), control: PathPoint(25, 10)),
      ])
  }

  @Test func repeatsAndNumberForms() throws {
    // Pairs after a move are lines (relative after m); numbers run together where SVG
    // allows: signs, dots and exponents separate them.
    #expect(try path("M1 1 2 2 3 3") == path("M1 1 L2 2 L3 3"))
    #expect(try path("m1 1 2 2 3 3") == path("M1 1 L3 3 L6 6"))
    #expect(try path("M-1-2L.5.5 1e1-1E-1") == path("M -1 -2 L 0.5 0.5 L 10 -0.1"))
    #expect(try path("M1,1,L2,2") == path("M1 1 L2 2"))
    #expect(try path("  \n") == Path())
  }

  @Test func arcsWithFlagsWithoutSeparators() throws {
    // A half circle of radius 10 from (0, 0) to (20, 0). Sweep 1 runs through increasing
    // angles (from +x towards +y): from π through 3π/2, so over the top, through (10, -10).
    let p = try path("M0 0 A10 10 0 0120 0")
    #expect(p == (try path("M0 0 A 10 10 0 0 1 20 0")))
    let box = try #require(p.boundingBox)
    #expect(abs(box.minY + 10) < 1e-9 && abs(box.maxY) < 1e-9)
    #expect(p.currentPoint == PathPoint(20, 0))  // exactly
    for line in Flattener.polylines(of: p, tolerance: 0.001) {
      for q in line.points { #expect(abs(q.distance(to: PathPoint(10, 0)) - 10) < 3e-3) }
    }
    // Radii too small grow to reach; zero radii make a line; a large, rotated elliptical arc.
    #expect(try path("M0 0 A1 1 0 0 0 20 0").boundingBox!.maxY > 9.99)
    #expect(try path("M0 0 A0 5 0 0 0 20 0") == path("M0 0 L20 0"))
    // Most of an ellipse of radii 20 and 10 turned 30°: its extents are 2·√(20²cos²30° +
    // 10²sin²30°) = 36.06 wide and 2·√(20²sin²30° + 10²cos²30°) = 26.46 high.
    let large = try path("M0 0 a20 10 30 1 1 10 10")
    let e = try #require(large.boundingBox)
    #expect(e.width > 30 && e.width <= 36.06 && e.height > 20 && e.height <= 26.46)
    #expect(large.currentPoint == PathPoint(10, 10))
  }

  @Test func errorsNameTheOffsetAndShowAnExcerpt() {
    func failure(_ d: String) -> SVGPathError? {
      do {
        _ = try Path(svgPathData: d)
        return nil
      } catch {
        return error
      }
    }
    #expect(failure("M10 10 L20 x") == SVGPathError(offset: 11, excerpt: " 10 L20 x", reason: .expectedNumber))
    #expect(failure("L10 10")?.reason == .expectedMoveFirst)
    #expect(failure("L10 10")?.offset == 0)
    #expect(failure("M0 0 K1 1") == SVGPathError(offset: 5, excerpt: "M0 0 K1 1", reason: .unknownCommand("K")))
    #expect(failure("M0 0 A1 1 0 2 0 5 5")?.reason == .expectedFlag)
    #expect(failure("M0 0 A1 1 0 2 0 5 5")?.offset == 12)
    #expect(failure("M0 0 L1e999 0")?.reason == .numberOutOfRange)
    #expect(failure("M0 0 Z 5 5")?.reason == .expectedCommand)
    #expect(failure("M0 0 L5")?.offset == 7)  // the end
    // Offsets count characters, not bytes.
    #expect(failure("M0 0 L1 1 é")?.offset == 10)
    #expect(
      failure("M10 10 L20 x")?.description == #"malformed path data at offset 11 (" 10 L20 x"): expected a number"#)
  }

  @Test func printsDataThatReadsBackExactly() throws {
    var p = Path()
    p.move(to: PathPoint(0.1, -0))
    p.addLine(to: PathPoint(1e-7, 2.5e20))
    p.addQuadCurve(to: PathPoint(3, 4), control: PathPoint(1.0 / 3.0, 2))
    p.addCurve(to: PathPoint(-5, 6), control1: PathPoint(7, 8), control2: PathPoint(9, -10.75))
    p.closeSubpath()
    p.move(to: PathPoint(1, 1))
    #expect(p.svgPathData.hasPrefix("M0.1 0 L1e-07 2.5e+20 Q0.3333333333333333 2 3 4 C7 8 9 -10.75 -5 6 Z M1 1"))
    #expect(try Path(svgPathData: p.svgPathData) == p)
    let arcs = try path("M5 5 A3 4 10 1 0 20 20 Z m1 1 t4 4")
    #expect(try Path(svgPathData: arcs.svgPathData) == arcs)
  }
}

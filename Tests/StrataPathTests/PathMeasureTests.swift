import StrataPath
import Testing

@Suite struct PathMeasureTests {
  static func line(_ a: PathPoint, _ b: PathPoint) -> Path {
    var p = Path()
    p.move(to: a)
    p.addLine(to: b)
    return p
  }

  @Test func lengthsRunThroughEverySubpathAndCountTheClosingLine() {
    var p = Path(rect: PathRect(x: 0, y: 0, width: 30, height: 10))  // 80, closed
    p.addPath(Self.line(PathPoint(100, 0), PathPoint(100, 5)))  // 5; the move adds nothing
    let m = PathMeasure(p)
    #expect(m.length == 85)
    #expect(m.subpathLengths == [80, 5])
    // A circle of radius 50: 2π·50 within the tolerance's few hundredths.
    let c = PathMeasure(Path(ellipseIn: PathRect(x: 0, y: 0, width: 100, height: 100)), tolerance: 0.01)
    #expect(abs(c.length - 100 * .pi) < 0.05)
  }

  @Test func positionsAndTangentsAlongThePath() throws {
    let m = PathMeasure(Path(rect: PathRect(x: 0, y: 0, width: 30, height: 10)))
    let (p, t) = try #require(m.position(at: 35))
    #expect(p == PathPoint(30, 5) && t == PathPoint(0, 1))
    #expect(try #require(m.position(at: 1000)).point == PathPoint(0, 0))  // clamped: the end
    #expect(PathMeasure(Path()).position(at: 0) == nil)
  }

  @Test func trimmingCutsAlongTheWholeLength() throws {
    let p = Path(rect: PathRect(x: 0, y: 0, width: 30, height: 10))
    // 0...1 is the path itself, closed; start >= end is nothing.
    #expect(p.trimmed(from: 0, to: 1) == p)
    #expect(p.trimmed(from: 0.5, to: 0.5).isEmpty)
    #expect(p.trimmed(from: 0.7, to: 0.2).isEmpty)
    // 10 to 50 along the rectangle: an open path from (10, 0) round two corners to (20, 10).
    let part = p.trimmed(from: 0.125, to: 0.625)
    #expect(part.elements == [
      .move(to: PathPoint(10, 0)), .line(to: PathPoint(30, 0)), .line(to: PathPoint(30, 10)),
      .line(to: PathPoint(20, 10)),
    ])
    // Out-of-range values are clamped.
    #expect(p.trimmed(from: -3, to: 0.125) == Self.line(PathPoint(0, 0), PathPoint(10, 0)))
  }

  @Test func trimmingCrossesSubpathsInOrder() {
    var p = Self.line(PathPoint(0, 0), PathPoint(10, 0))
    p.addPath(Self.line(PathPoint(0, 20), PathPoint(30, 20)))
    // Total 40: 5...20 is the second half of the first line and the first 10 of the second.
    let part = p.trimmed(from: 0.125, to: 0.5)
    #expect(part.elements == [
      .move(to: PathPoint(5, 0)), .line(to: PathPoint(10, 0)), .move(to: PathPoint(0, 20)), .line(to: PathPoint(10, 20)),
    ])
  }

  @Test func curvesAreCutAtTheRightLength() throws {
    let circle = Path(ellipseIn: PathRect(x: 0, y: 0, width: 100, height: 100))
    // The first quarter runs from (100, 50) to (50, 100): half of it ends at 45°.
    let eighth = circle.trimmed(from: 0, to: 0.125, tolerance: 0.001)
    let end = try #require(eighth.currentPoint)
    #expect(end.distance(to: PathPoint(50 + 50 * 0.5.squareRoot(), 50 + 50 * 0.5.squareRoot())) < 0.02)
    #expect(abs(PathMeasure(eighth, tolerance: 0.001).length - 100 * .pi / 8) < 0.02)
  }

  @Test func aTrimmedClosedSubpathGetsCapsAtTheCut() {
    let square = Path(rect: PathRect(x: 30, y: 30, width: 40, height: 40))
    var r = Rasterizer()
    let canvas = PixelRect(x: 0, y: 0, width: 128, height: 128)
    let closed = r.stroke(square, style: StrokeStyle(lineWidth: 10, lineCap: .square), clip: canvas)
    // Trimmed to 0...0.999 it is open: the miter at the start corner is gone, and square caps
    // stick out at both ends of the cut instead (at 30, 30 in both directions).
    let open = r.stroke(
      square, style: StrokeStyle(lineWidth: 10, lineCap: .square, strokeEnd: 0.999), clip: canvas)
    #expect(closed[26, 26] == 255)  // miter corner
    #expect(open[26, 26] == 255)  // the square caps cover the corner too, from both sides
    let butt = r.stroke(square, style: StrokeStyle(lineWidth: 10, strokeEnd: 0.999), clip: canvas)
    #expect(butt[26, 26] == 0)  // butt caps: no corner at all
    #expect(butt[40, 27] == 255 && butt[27, 40] == 255)
  }

  @Test func dashesAlternateFromThePhase() {
    let l = Self.line(PathPoint(0, 0), PathPoint(100, 0))
    #expect(l.dashed(pattern: [10, 5]).elements.count == 14)  // 7 dashes: at 0, 15, … 90
    let d = l.dashed(pattern: [10, 5], phase: 12)  // starts in the gap: first dash at 3
    #expect(d.elements.prefix(2) == [.move(to: PathPoint(3, 0)), .line(to: PathPoint(13, 0))])
    // A negative phase wraps: −5 in a pattern 15 long is 10, the start of the gap.
    #expect(l.dashed(pattern: [10, 5], phase: -5) == l.dashed(pattern: [10, 5], phase: 10))
    // An odd pattern repeats: [4] is 4 on, 4 off.
    #expect(l.dashed(pattern: [4]) == l.dashed(pattern: [4, 4]))
  }

  @Test func patternsThatCannotDashDrawSolid() {
    let l = Self.line(PathPoint(0, 0), PathPoint(100, 0))
    for pattern in [[0.0, 0.0], [5, -1], [], [.nan, 3], [.infinity, 1]] {
      #expect(l.dashed(pattern: pattern) == l, "\(pattern)")
    }
  }

  @Test func eachSubpathRestartsThePattern() {
    var p = Self.line(PathPoint(0, 0), PathPoint(12, 0))
    p.addPath(Self.line(PathPoint(0, 10), PathPoint(12, 10)))
    let d = p.dashed(pattern: [5, 5], phase: 2)
    #expect(d.elements == [
      .move(to: PathPoint(0, 0)), .line(to: PathPoint(3, 0)), .move(to: PathPoint(8, 0)), .line(to: PathPoint(12, 0)),
      .move(to: PathPoint(0, 10)), .line(to: PathPoint(3, 10)), .move(to: PathPoint(8, 10)), .line(to: PathPoint(12, 10)),
    ])
  }

  @Test func aClosedSubpathsFirstAndLastDashesJoinAcrossTheStart() {
    // 80 around; [30, 10] from phase 20 starts 10 before the end of a dash: dashes run 0-10,
    // 20-50 and 60-80, and the first is drawn last, joined to the one ending at 80, so the
    // start corner gets a join rather than two caps.
    let r = Path(rect: PathRect(x: 0, y: 0, width: 30, height: 10))
    let d = r.dashed(pattern: [30, 10], phase: 20)
    #expect(d.elements == [
      .move(to: PathPoint(20, 0)), .line(to: PathPoint(30, 0)), .line(to: PathPoint(30, 10)), .line(to: PathPoint(20, 10)),
      .move(to: PathPoint(10, 10)), .line(to: PathPoint(0, 10)), .line(to: PathPoint(0, 0)), .line(to: PathPoint(10, 0)),
    ])
  }

  @Test func zeroLengthDashesWithRoundCapsAreDots() {
    // Dots at 10, 30, 50 and 70 (a dash exactly at the end would not start: Skia's rule).
    let l = Self.line(PathPoint(10, 20), PathPoint(75, 20))
    var r = Rasterizer()
    let m = r.stroke(
      l, style: StrokeStyle(lineWidth: 6, lineCap: .round, lineDashPattern: [0, 20]),
      clip: PixelRect(x: 0, y: 0, width: 128, height: 64))
    // Four discs of radius 3.
    let area = m.coverage.reduce(0) { $0 + Double($1) } / 255
    #expect(abs(area - 4 * 9 * .pi) < 0.5)
    #expect(m[30, 20] == 255 && m[20, 20] == 0)
  }

  @Test func dashesStayPutWhileTheTrimMoves() {
    // Trim first, then dash with the phase counted from the subpath's start: trimming the
    // end does not move the dashes that remain.
    let l = Self.line(PathPoint(0, 0), PathPoint(100, 0))
    var style = StrokeStyle(lineWidth: 2, lineDashPattern: [10, 10], strokeStart: 0.25, strokeEnd: 1)
    let a = Stroker.outline(of: l, style: style)
    style.strokeEnd = 0.8
    let b = Stroker.outline(of: l, style: style)
    var r = Rasterizer()
    let canvas = PixelRect(x: -4, y: -4, width: 112, height: 8)
    let ma = r.fill(a, clip: canvas), mb = r.fill(b, clip: canvas)
    for x in 0..<80 { #expect(ma[x, 0] == mb[x, 0], "x = \(x)") }
    // The first dash is cut by the trim at 25 (the pattern's dash 20-30).
    #expect(ma[24, 0] == 0 && ma[25, 0] == 255 && ma[29, 0] == 255 && ma[30, 0] == 0)
  }

  @Test func tooManyDashesDrawSolidAsSkiaDoes() {
    let l = Self.line(PathPoint(0, 0), PathPoint(1e6, 0))
    #expect(l.dashed(pattern: [0.1, 0.1]) == l)
  }
}

import StrataPath
import Testing

@Suite struct PathTests {
  @Test func buildsElementsInOrder() {
    var p = Path()
    p.move(to: PathPoint(1, 2))
    p.addLine(to: PathPoint(3, 4))
    p.addQuadCurve(to: PathPoint(5, 6), control: PathPoint(7, 8))
    p.addCurve(to: PathPoint(9, 10), control1: PathPoint(11, 12), control2: PathPoint(13, 14))
    p.closeSubpath()
    #expect(
      p.elements == [
        .move(to: PathPoint(1, 2)), .line(to: PathPoint(3, 4)),
        .quadCurve(to: PathPoint(5, 6), control: PathPoint(7, 8)),
        .curve(to: PathPoint(9, 10), control1: PathPoint(11, 12), control2: PathPoint(13, 14)), .close,
      ])
    #expect(Path(p.elements) == p)
    #expect(p.currentPoint == PathPoint(1, 2))  // after a close: the subpath's start
  }

  @Test func drawingWithoutAMoveStartsAtTheOriginOrTheClosedSubpathsStart() {
    var p = Path()
    p.addLine(to: PathPoint(5, 0))
    #expect(p.elements == [.move(to: .zero), .line(to: PathPoint(5, 0))])
    var q = Path()
    q.move(to: PathPoint(1, 1))
    q.addLine(to: PathPoint(2, 1))
    q.closeSubpath()
    q.addLine(to: PathPoint(3, 3))
    #expect(q.elements.suffix(2) == [.move(to: PathPoint(1, 1)), .line(to: PathPoint(3, 3))])
  }

  @Test func nonFinitePointsAreRefusedAndChangeNothing() {
    var p = Path(rect: PathRect(x: 0, y: 0, width: 1, height: 1))
    let before = p
    let refused = [
      p.addLine(to: PathPoint(.nan, 0)), p.move(to: PathPoint(0, .infinity)),
      p.addCurve(to: .zero, control1: PathPoint(-.infinity, 0), control2: .zero),
      p.addQuadCurve(to: .zero, control: PathPoint(.nan, .nan)),
      p.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false),
      p.addRect(PathRect(x: 0, y: .nan, width: 1, height: 1)),
      p.addEllipticalArc(to: PathPoint(1, .nan), radii: PathPoint(1, 1), rotation: 0, largeArc: false, sweep: false),
    ]
    #expect(refused.allSatisfy { !$0 })
    #expect(p == before)
    #expect(Path([.move(to: .zero), .line(to: PathPoint(.nan, 1)), .line(to: PathPoint(1, 1))]).elementCount == 2)
  }

  @Test func closingTwiceOrClosingNothingAddsNothing() {
    var p = Path()
    p.closeSubpath()
    #expect(p.isEmpty)
    p.move(to: .zero)
    p.addLine(to: PathPoint(1, 0))
    p.closeSubpath()
    p.closeSubpath()
    #expect(p.elementCount == 3)
  }

  @Test func rectangleRunsClockwiseOnScreenFromTheTopLeft() {
    let p = Path(rect: PathRect(x: 10, y: 20, width: -4, height: 3))  // standardised
    #expect(
      p.elements == [
        .move(to: PathPoint(6, 20)), .line(to: PathPoint(10, 20)), .line(to: PathPoint(10, 23)),
        .line(to: PathPoint(6, 23)), .close,
      ])
  }

  @Test func ellipsePassesThroughItsAxisPointsAndStaysOnTheEllipse() {
    let r = PathRect(x: 0, y: 0, width: 40, height: 20)
    let p = Path(ellipseIn: r)
    var ends: [PathPoint] = []
    p.forEachElement { if case .curve(let to, _, _) = $0 { ends.append(to) } }
    #expect(ends == [PathPoint(20, 20), PathPoint(0, 10), PathPoint(20, 0), PathPoint(40, 10)])
    // Every flattened point within 0.03 % of the radius of the ellipse (x/20)² + (y/10)² = 1.
    for line in Flattener.polylines(of: p, tolerance: 0.001) {
      for q in line.points {
        let e = ((q.x - 20) / 20) * ((q.x - 20) / 20) + ((q.y - 10) / 10) * ((q.y - 10) / 10)
        #expect(abs(e.squareRoot() - 1) < 3e-4)
      }
    }
  }

  @Test func roundedRectCornersAreQuarterEllipsesBetweenStraightSides() {
    let p = Path(roundedRect: PathRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 80)
    // The corner height is clamped to half the height.
    #expect(p.elements.first == .move(to: PathPoint(10, 0)))
    #expect(p.boundingBox == PathRect(x: 0, y: 0, width: 100, height: 50))
    #expect(p.elements.contains(.line(to: PathPoint(100, 25))))
    #expect(Path(roundedRect: PathRect(x: 0, y: 0, width: 5, height: 5), cornerWidth: 0, cornerHeight: 3) == Path(rect: PathRect(x: 0, y: 0, width: 5, height: 5)))
  }

  @Test func arcsFollowCoreGraphicsClockwiseMeaning() throws {
    // clockwise: false runs through increasing angles: from 0 through π/2 (+y, below the
    // centre on screen) to π.
    var ccw = Path()
    ccw.addArc(center: PathPoint(50, 50), radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
    var cw = Path()
    cw.addArc(center: PathPoint(50, 50), radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
    let down = try #require(ccw.boundingBox), up = try #require(cw.boundingBox)
    #expect(abs(down.maxY - 60) < 1e-9 && abs(down.minY - 50) < 1e-9)
    #expect(abs(up.minY - 40) < 1e-9 && abs(up.maxY - 50) < 1e-9)
    // Points of the arc are on the circle.
    for line in Flattener.polylines(of: ccw, tolerance: 0.001) {
      for q in line.points { #expect(abs(q.distance(to: PathPoint(50, 50)) - 10) < 3e-3) }
    }
    // A whole turn or more is the full circle; a line joins the current point to the start.
    var full = Path()
    full.move(to: PathPoint(0, 0))
    full.addArc(center: PathPoint(50, 50), radius: 10, startAngle: 0, endAngle: 7, clockwise: false)
    #expect(full.elements[1] == .line(to: PathPoint(60, 50)))
    #expect(try #require(full.boundingBox).maxY > 59.99)
    #expect(try #require(full.currentPoint).distance(to: PathPoint(60, 50)) < 1e-9)
  }

  @Test func tangentArcTouchesBothLinesAtItsRadius() throws {
    var p = Path()
    p.move(to: PathPoint(0, 0))
    p.addArc(tangent1End: PathPoint(100, 0), tangent2End: PathPoint(100, 100), radius: 20)
    // A line to the first tangent point, then a quarter circle centred at (80, 20).
    #expect(p.elements[1] == .line(to: PathPoint(80, 0)))
    let end = try #require(p.currentPoint)
    #expect(end.distance(to: PathPoint(100, 20)) < 1e-9)
    for line in Flattener.polylines(of: p, tolerance: 0.001) {
      for q in line.points where q.x > 80 { #expect(abs(q.distance(to: PathPoint(80, 20)) - 20) < 6e-3) }
    }
    var straight = Path()
    straight.move(to: .zero)
    straight.addArc(tangent1End: PathPoint(10, 0), tangent2End: PathPoint(20, 0), radius: 5)
    #expect(straight.elements == [.move(to: .zero), .line(to: PathPoint(10, 0))])
  }

  @Test func boundingBoxIsTightAndControlPointBoundsIsNot() throws {
    var p = Path()
    p.move(to: PathPoint(0, 0))
    p.addCurve(to: PathPoint(100, 0), control1: PathPoint(0, 100), control2: PathPoint(100, 100))
    // The cubic's highest point is at t = 1/2: y = 3/4 · 100.
    let tight = try #require(p.boundingBox)
    #expect(abs(tight.maxY - 75) < 1e-9 && tight.minY == 0 && tight.width == 100)
    #expect(p.controlPointBounds == PathRect(x: 0, y: 0, width: 100, height: 100))
    #expect(Path().boundingBox == nil)
  }

  @Test func transformsMapEveryPointAndOverflowGivesTheEmptyPath() {
    let p = Path(rect: PathRect(x: 0, y: 0, width: 2, height: 1))
    let t = PathTransform(scaleX: 3, y: 2).concatenating(PathTransform(translationX: 1, y: 1))
    #expect(p.applying(t) == Path(rect: PathRect(x: 1, y: 1, width: 6, height: 2)))
    #expect(p.applying(PathTransform(scaleX: 1e308, y: 1e308)).applying(PathTransform(scaleX: 10, y: 1)).isEmpty)
    #expect(p.applying(PathTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)).isEmpty)
  }

  @Test func transformHelpers() throws {
    let r = PathTransform(rotationAngle: .pi / 2)
    let q = r.apply(PathPoint(1, 0))
    #expect(abs(q.x) < 1e-15 && abs(q.y - 1) < 1e-15)  // +x turns towards +y
    let m = PathTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -2)
    let inv = try #require(m.inverted())
    let back = m.concatenating(inv)
    #expect(abs(back.a - 1) < 1e-12 && abs(back.b) < 1e-12 && abs(back.tx) < 1e-12 && abs(back.ty) < 1e-12)
    #expect(PathTransform(scaleX: 0, y: 1).inverted() == nil)
    // The largest singular value: a scale of 3 along one axis and 2 along the other.
    #expect(abs(PathTransform(scaleX: 3, y: -2).concatenating(r).maxScale - 3) < 1e-12)
  }

  @Test func interpolatesPointsWhenTheElementsMatchAndOtherwiseSaysNo() throws {
    let a = Path(rect: PathRect(x: 0, y: 0, width: 10, height: 10))
    let b = Path(rect: PathRect(x: 10, y: 20, width: 30, height: 10))
    let mid = try #require(a.interpolated(to: b, fraction: 0.5))
    #expect(mid == Path(rect: PathRect(x: 5, y: 10, width: 20, height: 10)))
    #expect(a.interpolated(to: b, fraction: 0) == a)
    #expect(a.interpolated(to: b, fraction: 1) == b)
    // Overshoot extrapolates (a spring); differing verbs cannot be interpolated.
    #expect(try #require(a.interpolated(to: b, fraction: 2)).controlPointBounds?.maxX == 70)
    #expect(a.interpolated(to: Path(ellipseIn: PathRect(x: 0, y: 0, width: 1, height: 1)), fraction: 0.5) == nil)
    #expect(a.interpolated(to: b, fraction: .nan) == nil)
  }

  @Test func addPathKeepsSubpaths() {
    var p = Path(rect: PathRect(x: 0, y: 0, width: 1, height: 1))
    p.addPath(Path(ellipseIn: PathRect(x: 5, y: 5, width: 2, height: 2)))
    #expect(p.elementCount == 5 + 6)
    p.addLine(to: PathPoint(9, 9))  // after the ellipse's close: from its start
    #expect(p.elements.suffix(2) == [.move(to: PathPoint(7, 6)), .line(to: PathPoint(9, 9))])
  }
}

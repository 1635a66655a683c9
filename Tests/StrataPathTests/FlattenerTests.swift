import StrataPath
import Testing

@Suite struct FlattenerTests {
  /// The largest distance from points of the curve (sampled finely) to the polyline.
  static func deviation(of curve: (Double) -> PathPoint, from line: [PathPoint]) -> Double {
    var worst = 0.0
    for i in 0...2000 {
      let p = curve(Double(i) / 2000)
      var best = Double.infinity
      for k in 1..<line.count {
        let a = line[k - 1], d = line[k] - a
        let t = d.lengthSquared > 0 ? min(max((p - a).dot(d) / d.lengthSquared, 0), 1) : 0
        best = min(best, p.distance(to: a + d * t))
      }
      worst = max(worst, best)
    }
    return worst
  }

  @Test(arguments: [0.25, 0.05, 0.01])
  func cubicsStayWithinTheTolerance(_ tolerance: Double) throws {
    let (a, b, c, d) = (PathPoint(0, 0), PathPoint(100, 150), PathPoint(-40, 160), PathPoint(80, 10))
    var path = Path()
    path.move(to: a)
    path.addCurve(to: d, control1: b, control2: c)
    let line = try #require(Flattener.polylines(of: path, tolerance: tolerance).first).points
    let curve = { (t: Double) -> PathPoint in
      let u = 1 - t
      return a * (u * u * u) + b * (3 * u * u * t) + c * (3 * u * t * t) + d * (t * t * t)
    }
    let worst = Self.deviation(of: curve, from: line)
    #expect(worst <= tolerance)
    // Wang's bound is not wildly pessimistic: the chords use a good part of the allowance.
    #expect(worst > tolerance / 8)
    #expect(line.first == a && line.last == d)
  }

  @Test func quadraticsStayWithinTheToleranceAfterATransform() throws {
    var path = Path()
    path.move(to: PathPoint(0, 0))
    path.addQuadCurve(to: PathPoint(10, 0), control: PathPoint(5, 20))
    let t = PathTransform(scaleX: 8, y: 3)
    let line = try #require(Flattener.polylines(of: path, transform: t, tolerance: 0.05).first).points
    let curve = { (s: Double) -> PathPoint in
      let u = 1 - s
      return t.apply(PathPoint(0, 0) * (u * u) + PathPoint(5, 20) * (2 * u * s) + PathPoint(10, 0) * (s * s))
    }
    #expect(Self.deviation(of: curve, from: line) <= 0.05)
  }

  @Test func subpathsKeepTheirOwnClosedness() {
    var p = Path(rect: PathRect(x: 0, y: 0, width: 1, height: 1))
    p.move(to: PathPoint(5, 5))
    p.addLine(to: PathPoint(6, 5))
    p.move(to: PathPoint(9, 9))  // a lone move draws nothing
    let lines = Flattener.polylines(of: p)
    #expect(lines.count == 2)
    #expect(lines[0].isClosed && lines[0].points.count == 4)
    #expect(!lines[1].isClosed && lines[1].points == [PathPoint(5, 5), PathPoint(6, 5)])
  }
}

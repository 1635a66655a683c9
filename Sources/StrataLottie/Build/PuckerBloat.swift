import StrataPath

extension Bezier {
  /// Pucker and bloat (`pb`) by `percent`, as lottie-web (`PuckerAndBloatModifier`) and
  /// Skottie apply it: each vertex moves that fraction of the way to the path's centre
  /// (the mean of its vertices) and each tangent point as far the other way. At +100% the
  /// vertices meet at the centre and the straight edges bulge out as petals (bloat); at
  /// −100% the vertices go twice as far out and the edges' tangents meet at the centre
  /// (pucker).
  func puckeredOrBloated(percent: Double) -> Bezier {
    guard !vertices.isEmpty, percent != 0, percent.isFinite else { return self }
    let f = percent / 100
    var c = PathPoint.zero
    for p in vertices { c += p }
    c = c * (1 / Double(vertices.count))
    func toward(_ p: PathPoint, _ amount: Double) -> PathPoint { p + (c - p) * amount }
    return Bezier(
      closed: closed, vertices: vertices.map { toward($0, f) }, inPoints: inPoints.map { toward($0, -f) },
      outPoints: outPoints.map { toward($0, -f) })
  }
}

import StrataPath

extension Bezier {
  /// The path with each sharp corner rounded (Lottie's round corners, `rd`), point for point
  /// as lottie-ios (after lottie-web and lottie-android) builds it: a vertex without
  /// tangents splits in two, one moved towards the previous vertex and one towards the next
  /// by `min(distance / 2, radius)`, each with a control point 0.5519 of the way back to
  /// the corner. Vertices with tangents are already round and stay; the ends of an open
  /// path stay.
  func roundingCorners(radius: Double) -> Bezier {
    let n = vertices.count
    guard n > 1, radius > 0 else { return self }
    let tangentLength = 0.5519
    var v: [PathPoint] = [], i: [PathPoint] = [], o: [PathPoint] = []
    var rounded = false
    for k in 0..<n {
      let c = vertices[k]
      guard inPoints[k] == c, outPoints[k] == c, closed || (k != 0 && k != n - 1) else {
        v.append(c); i.append(inPoints[k]); o.append(outPoints[k])
        continue
      }
      rounded = true
      // Towards the previous vertex: the new vertex is sharp on that side.
      let before = vertices[(k + n - 1) % n]
      let p = c + (before - c) * Self.share(c, before, radius)
      v.append(p); i.append(p); o.append(p - (p - c) * tangentLength)
      // Towards the next vertex: sharp on the other side.
      let after = vertices[(k + 1) % n]
      let q = c + (after - c) * Self.share(c, after, radius)
      v.append(q); i.append(q - (q - c) * tangentLength); o.append(q)
    }
    guard rounded else { return self }
    return Bezier(closed: closed, vertices: v, inPoints: i, outPoints: o)
  }

  /// The fraction of the way from `a` to `b` a corner's new vertex moves.
  private static func share(_ a: PathPoint, _ b: PathPoint, _ radius: Double) -> Double {
    let d = (b - a).length
    return d != 0 ? min(d / 2, radius) / d : 0
  }
}

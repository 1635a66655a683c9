import StrataPath

/// A Lottie path value (`{"c": closed, "v": vertices, "i": in tangents, "o": out
/// tangents}`, tangents relative to their vertex), as shapes, masks and shape animations
/// hold it.
struct Bezier: Interpolating, Sendable {
  var closed: Bool
  var vertices: [PathPoint]
  /// Absolute control points: `inPoints[j]` ends the segment into vertex j, `outPoints[j]`
  /// starts the segment out of it.
  var inPoints: [PathPoint]
  var outPoints: [PathPoint]

  init(closed: Bool, vertices: [PathPoint], inPoints: [PathPoint], outPoints: [PathPoint]) {
    self.closed = closed
    self.vertices = vertices
    self.inPoints = inPoints
    self.outPoints = outPoints
  }

  /// Vertex by vertex when both have as many vertices; otherwise it jumps at the next
  /// keyframe (Core Animation cannot blend paths of different element counts either).
  func interpolated(to other: Bezier, _ u: Double) -> Bezier {
    guard vertices.count == other.vertices.count else { return u < 1 ? self : other }
    func mix(_ a: [PathPoint], _ b: [PathPoint]) -> [PathPoint] { zip(a, b).map { $0.interpolated(to: $1, fraction: u) } }
    return Bezier(
      closed: closed, vertices: mix(vertices, other.vertices), inPoints: mix(inPoints, other.inPoints),
      outPoints: mix(outPoints, other.outPoints))
  }

  /// The same path run backwards (shape direction `d: 3`), which changes where trims start.
  var reversed: Bezier {
    guard vertices.count > 1 else { return self }
    // Reversing swaps the tangents; a closed path keeps its first vertex first.
    var v = Array(vertices.reversed()), i = Array(outPoints.reversed()), o = Array(inPoints.reversed())
    if closed {
      v = [v.last!] + v.dropLast()
      i = [i.last!] + i.dropLast()
      o = [o.last!] + o.dropLast()
    }
    return Bezier(closed: closed, vertices: v, inPoints: i, outPoints: o)
  }

  /// Appends the path to `path`, mapped by `transform`.
  func append(to path: inout Path, _ transform: PathTransform) {
    guard let first = vertices.first else { return }
    func p(_ q: PathPoint) -> PathPoint { transform.apply(q) }
    path.move(to: p(first))
    let n = vertices.count
    let segments = closed ? n : n - 1
    for j in 0..<segments {
      let k = (j + 1) % n
      let c1 = outPoints[j], c2 = inPoints[k]
      if c1 == vertices[j] && c2 == vertices[k] {
        path.addLine(to: p(vertices[k]))
      } else {
        path.addCurve(to: p(vertices[k]), control1: p(c1), control2: p(c2))
      }
    }
    if closed { path.closeSubpath() }
  }
}

extension Node {
  /// A path value: the object, or (in keyframes) a one-element array holding it.
  func bezier() throws(LottieError) -> Bezier {
    var node = self
    if case .array = value {
      let items = try array()
      guard let first = items.first else { throw error("expected a path, got an empty array") }
      node = first
    }
    let o = try node.object()
    let closed = try o.bool("c")
    func points(_ key: String) throws(LottieError) -> [PathPoint] {
      guard let list = o[key] else { return [] }
      var out: [PathPoint] = []
      for item in try list.array() {
        let xy = try item.numbers()
        guard xy.count >= 2, xy[0].isFinite, xy[1].isFinite else { throw item.error("expected a point [x, y]") }
        out.append(PathPoint(xy[0], xy[1]))
      }
      return out
    }
    let v = try points("v")
    var i = try points("i"), out = try points("o")
    // Missing tangents are straight segments.
    if i.count != v.count { i = Array(repeating: .zero, count: v.count) }
    if out.count != v.count { out = Array(repeating: .zero, count: v.count) }
    return Bezier(
      closed: closed, vertices: v, inPoints: zip(v, i).map { $0 + $1 }, outPoints: zip(v, out).map { $0 + $1 })
  }
}

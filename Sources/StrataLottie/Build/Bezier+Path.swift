import StrataPath

extension Bezier {
  /// The path with every point mapped by `m` (Bézier curves map exactly under an affine map).
  func applying(_ m: PathTransform) -> Bezier {
    if m.isIdentity { return self }
    return Bezier(closed: closed, vertices: vertices.map(m.apply), inPoints: inPoints.map(m.apply), outPoints: outPoints.map(m.apply))
  }

  /// The subpaths of `path` as Lottie paths: lines become vertices whose tangents are the
  /// vertices themselves, quadratic curves become cubics, and a closed subpath whose last
  /// point is its first keeps one vertex there.
  static func contours(of path: Path) -> [Bezier] {
    var out: [Bezier] = []
    var v: [PathPoint] = [], i: [PathPoint] = [], o: [PathPoint] = []
    func finish(closed: Bool) {
      defer { v = []; i = []; o = [] }
      guard !v.isEmpty else { return }
      if closed, v.count > 1, v[v.count - 1] == v[0] {
        i[0] = i[i.count - 1]
        v.removeLast(); i.removeLast(); o.removeLast()
      }
      out.append(Bezier(closed: closed, vertices: v, inPoints: i, outPoints: o))
    }
    func add(_ p: PathPoint, in c: PathPoint? = nil, previousOut: PathPoint? = nil) {
      if let previousOut, !o.isEmpty { o[o.count - 1] = previousOut }
      v.append(p); i.append(c ?? p); o.append(p)
    }
    path.forEachElement { e in
      switch e {
      case .move(let p):
        finish(closed: false)
        add(p)
      case .line(let p): add(p)
      case .quadCurve(let p, let c):
        let start = v.last ?? p
        add(p, in: p + (c - p) * (2.0 / 3), previousOut: start + (c - start) * (2.0 / 3))
      case .curve(let p, let c1, let c2): add(p, in: c2, previousOut: c1)
      case .close: finish(closed: true)
      }
    }
    finish(closed: false)
    return out
  }
}

/// One drawing segment with its start point: what measuring, flattening and stroking walk.
enum Segment: Hashable, Sendable {
  case line(PathPoint, PathPoint)
  case quad(PathPoint, PathPoint, PathPoint)
  case cubic(PathPoint, PathPoint, PathPoint, PathPoint)

  var start: PathPoint {
    switch self {
    case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _): a
    }
  }

  var end: PathPoint {
    switch self {
    case .line(_, let b), .quad(_, _, let b), .cubic(_, _, _, let b): b
    }
  }

  var isLine: Bool { if case .line = self { true } else { false } }

  func point(at t: Double) -> PathPoint {
    switch self {
    case .line(let a, let b):
      return a.interpolated(to: b, fraction: t)
    case .quad(let a, let b, let c):
      let u = 1 - t
      return a * (u * u) + b * (2 * u * t) + c * (t * t)
    case .cubic(let a, let b, let c, let d):
      let u = 1 - t
      return a * (u * u * u) + b * (3 * u * u * t) + c * (3 * u * t * t) + d * (t * t * t)
    }
  }

  /// The derivative with respect to `t` (zero at a cusp).
  func derivative(at t: Double) -> PathPoint {
    switch self {
    case .line(let a, let b):
      return b - a
    case .quad(let a, let b, let c):
      return ((b - a) * (1 - t) + (c - b) * t) * 2
    case .cubic(let a, let b, let c, let d):
      let u = 1 - t
      return ((b - a) * (u * u) + (c - b) * (2 * u * t) + (d - c) * (t * t)) * 3
    }
  }

  /// The unit direction in which the segment leaves its start, or nil when all its points
  /// coincide. Coincident control points (a curve whose first handle is zero) pass the
  /// question on to the next distinct point, as Skia and Core Graphics do.
  var startTangent: PathPoint? {
    switch self {
    case .line(let a, let b): (b - a).normalized
    case .quad(let a, let b, let c): (b - a).normalized ?? (c - a).normalized
    case .cubic(let a, let b, let c, let d): (b - a).normalized ?? (c - a).normalized ?? (d - a).normalized
    }
  }

  /// The unit direction in which the segment arrives at its end, or nil when all its points
  /// coincide.
  var endTangent: PathPoint? {
    switch self {
    case .line(let a, let b): (b - a).normalized
    case .quad(let a, let b, let c): (c - b).normalized ?? (c - a).normalized
    case .cubic(let a, let b, let c, let d): (d - c).normalized ?? (d - b).normalized ?? (d - a).normalized
    }
  }

  /// Whether every point lies within `epsilon` of the start: a segment that draws nothing.
  func isDegenerate(within epsilon: Double) -> Bool {
    let e2 = epsilon * epsilon
    switch self {
    case .line(let a, let b):
      return (b - a).lengthSquared <= e2
    case .quad(let a, let b, let c):
      return (b - a).lengthSquared <= e2 && (c - a).lengthSquared <= e2
    case .cubic(let a, let b, let c, let d):
      return (b - a).lengthSquared <= e2 && (c - a).lengthSquared <= e2 && (d - a).lengthSquared <= e2
    }
  }

  /// The part between parameters `t0` and `t1` (`t0 < t1`), as a segment of the same kind,
  /// from the curve's blossom (so both ends are exact and the piece is the same curve).
  func part(from t0: Double, to t1: Double) -> Segment {
    if t0 <= 0 && t1 >= 1 { return self }
    switch self {
    case .line(let a, let b):
      return .line(t0 <= 0 ? a : a.interpolated(to: b, fraction: t0), t1 >= 1 ? b : a.interpolated(to: b, fraction: t1))
    case .quad(let a, let b, let c):
      func blossom(_ u: Double, _ v: Double) -> PathPoint {
        a.interpolated(to: b, fraction: u).interpolated(to: b.interpolated(to: c, fraction: u), fraction: v)
      }
      return .quad(t0 <= 0 ? a : blossom(t0, t0), blossom(t0, t1), t1 >= 1 ? c : blossom(t1, t1))
    case .cubic(let a, let b, let c, let d):
      func blossom(_ u: Double, _ v: Double, _ w: Double) -> PathPoint {
        let q0 = a.interpolated(to: b, fraction: u), q1 = b.interpolated(to: c, fraction: u)
        let q2 = c.interpolated(to: d, fraction: u)
        let r0 = q0.interpolated(to: q1, fraction: v), r1 = q1.interpolated(to: q2, fraction: v)
        return r0.interpolated(to: r1, fraction: w)
      }
      return .cubic(
        t0 <= 0 ? a : blossom(t0, t0, t0), blossom(t0, t0, t1), blossom(t0, t1, t1), t1 >= 1 ? d : blossom(t1, t1, t1))
    }
  }

  func applying(_ m: PathTransform) -> Segment {
    switch self {
    case .line(let a, let b): .line(m.apply(a), m.apply(b))
    case .quad(let a, let b, let c): .quad(m.apply(a), m.apply(b), m.apply(c))
    case .cubic(let a, let b, let c, let d): .cubic(m.apply(a), m.apply(b), m.apply(c), m.apply(d))
    }
  }

  /// Appends the segment after its start, which `path` must already end at.
  func append(to path: inout Path) {
    switch self {
    case .line(_, let b): path.addLine(to: b)
    case .quad(_, let b, let c): path.addQuadCurve(to: c, control: b)
    case .cubic(_, let b, let c, let d): path.addCurve(to: d, control1: b, control2: c)
    }
  }
}

/// One subpath as segments: a closed one ends with the line back to its start when its
/// last point is elsewhere.
struct Contour: Sendable {
  var start: PathPoint
  var segments: [Segment] = []
  var isClosed = false
  /// Whether anything followed the move: a lone move draws nothing, while a move and a
  /// close (or a line to the same point) is a zero-length subpath, which caps can draw.
  var hasDrawing = false
}

extension Path {
  /// The subpaths as segments, in order.
  func contours() -> [Contour] {
    var out: [Contour] = []
    var current: Contour? = nil
    var last = PathPoint.zero
    var i = 0
    for v in verbs {
      switch v {
      case .move:
        if let c = current { out.append(c) }
        current = Contour(start: points[i])
        last = points[i]
      case .line:
        current?.segments.append(.line(last, points[i]))
        last = points[i]
      case .quad:
        current?.segments.append(.quad(last, points[i], points[i + 1]))
        last = points[i + 1]
      case .cubic:
        current?.segments.append(.cubic(last, points[i], points[i + 1], points[i + 2]))
        last = points[i + 2]
      case .close:
        if var c = current {
          if last != c.start { c.segments.append(.line(last, c.start)) }
          c.isClosed = true
          c.hasDrawing = true
          out.append(c)
          current = nil
          last = c.start
        }
      }
      if v != .move && v != .close { current?.hasDrawing = true }
      i += v.pointCount
    }
    if let c = current { out.append(c) }
    return out
  }
}

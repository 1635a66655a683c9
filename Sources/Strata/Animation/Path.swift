/// A path of lines and Bézier curves, like `CGPath`: what a keyframe animation moves a
/// point along.
public struct Path: Hashable, Sendable {
  public enum Element: Hashable, Sendable {
    case move(to: Point)
    case line(to: Point)
    case quadCurve(to: Point, control: Point)
    case curve(to: Point, control1: Point, control2: Point)
    case close
  }

  public private(set) var elements: [Element] = []

  public init() {}

  public init(_ elements: [Element]) { self.elements = elements }

  public mutating func move(to p: Point) { elements.append(.move(to: p)) }
  public mutating func addLine(to p: Point) { elements.append(.line(to: p)) }
  public mutating func addQuadCurve(to p: Point, control c: Point) { elements.append(.quadCurve(to: p, control: c)) }
  public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
    elements.append(.curve(to: p, control1: control1, control2: control2))
  }
  public mutating func closeSubpath() { elements.append(.close) }

  /// An ellipse inscribed in `rect`, clockwise on screen from its right-most point, as
  /// four cubic arcs (`CGPath(ellipseIn:)`).
  public init(ellipseIn r: Rect) {
    let k = 0.5522847498307936  // 4/3·(√2 − 1): a quarter circle as one cubic
    let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
    move(to: Point(cx + rx, cy))
    addCurve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
    addCurve(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
    addCurve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
    addCurve(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
    closeSubpath()
  }

  /// The drawing segments as cubics `(p0, p1, p2, p3)`, in order. A `move` in the middle
  /// becomes a straight segment, so a point animated along the path jumps there in time
  /// with the rest; `close` adds the line back to the subpath's start when it is not there.
  var cubics: [CubicSegment] {
    var out: [CubicSegment] = []
    var current = Point.zero, start = Point.zero
    var started = false
    for e in elements {
      switch e {
      case .move(let p):
        if started && p != current { out.append(.line(current, p)) }
        current = p
        start = p
        started = true
      case .line(let p):
        out.append(.line(current, p))
        current = p
      case .quadCurve(let p, let c):
        // Degree elevation: the same curve as a cubic.
        out.append(CubicSegment(p0: current, p1: current + (c - current) * (2.0 / 3), p2: p + (c - p) * (2.0 / 3), p3: p))
        current = p
      case .curve(let p, let c1, let c2):
        out.append(CubicSegment(p0: current, p1: c1, p2: c2, p3: p))
        current = p
      case .close:
        if current != start { out.append(.line(current, start)) }
        current = start
      }
      started = true
    }
    return out
  }
}

/// One cubic Bézier segment.
struct CubicSegment: Hashable, Sendable {
  var p0, p1, p2, p3: Point

  static func line(_ a: Point, _ b: Point) -> CubicSegment {
    CubicSegment(p0: a, p1: a + (b - a) * (1.0 / 3), p2: a + (b - a) * (2.0 / 3), p3: b)
  }

  func point(at s: Double) -> Point {
    let u = 1 - s
    let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
    return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  /// The derivative; at a cusp (zero derivative) the chord direction stands in.
  func tangent(at s: Double) -> Point {
    let u = 1 - s
    let d = (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * s) + (p3 - p2) * (3 * s * s)
    if d.x * d.x + d.y * d.y > 1e-18 { return d }
    return p3 - p0
  }
}

/// A path of lines and Bézier curves, in subpaths, like `CGPath`: the value shape layers
/// fill and stroke, shadow paths cast and masks cut.
///
/// A value type (copy-on-write arrays), `Sendable` and `Hashable`, cheap to copy and to use
/// as a cache key. Its points are always finite: the building methods refuse a non-finite
/// coordinate (they add nothing and return `false`, as Core Graphics logs and ignores one),
/// and a transform whose result is not finite gives an empty path. Every subpath starts
/// with a move; drawing without one starts at the origin, or after `closeSubpath()` at the
/// closed subpath's start (as in Core Graphics, Skia and SVG).
public struct Path: Sendable {
  /// One element, with `CGPathElement`'s kinds.
  public enum Element: Hashable, Sendable {
    case move(to: PathPoint)
    case line(to: PathPoint)
    case quadCurve(to: PathPoint, control: PathPoint)
    case curve(to: PathPoint, control1: PathPoint, control2: PathPoint)
    case close
  }

  /// The element kinds as stored: one byte each, points kept apart so that a transform is a
  /// single loop over `points`.
  enum Verb: UInt8, Hashable, Sendable {
    case move, line, quad, cubic, close

    var pointCount: Int {
      switch self {
      case .move, .line: 1
      case .quad: 2
      case .cubic: 3
      case .close: 0
      }
    }
  }

  var verbs: [Verb] = []
  var points: [PathPoint] = []
  /// Where in `points` the current subpath's move is; -1 on an empty path.
  private var subpathStart = -1

  public init() {}

  /// A path of `elements`, in order; an element with a non-finite point is left out.
  public init(_ elements: some Sequence<Element>) {
    for e in elements { append(e) }
  }

  init(verbs: [Verb], points: [PathPoint]) {
    self.verbs = verbs
    self.points = points
    var i = 0
    for v in verbs {
      if v == .move { subpathStart = i }
      i += v.pointCount
    }
  }

  public var isEmpty: Bool { verbs.isEmpty }
  /// How many elements the path has.
  public var elementCount: Int { verbs.count }

  /// Where the next element starts: the last point, or after a close the start of the
  /// closed subpath; nil on an empty path.
  public var currentPoint: PathPoint? {
    guard let last = verbs.last else { return nil }
    return last == .close ? points[subpathStart] : points[points.count - 1]
  }

  /// The elements, in order.
  public var elements: [Element] {
    var out: [Element] = []
    out.reserveCapacity(verbs.count)
    forEachElement { out.append($0) }
    return out
  }

  /// Calls `body` with each element in order, without building an array.
  public func forEachElement(_ body: (Element) throws -> Void) rethrows {
    var i = 0
    for v in verbs {
      switch v {
      case .move: try body(.move(to: points[i]))
      case .line: try body(.line(to: points[i]))
      case .quad: try body(.quadCurve(to: points[i + 1], control: points[i]))
      case .cubic: try body(.curve(to: points[i + 2], control1: points[i], control2: points[i + 1]))
      case .close: try body(.close)
      }
      i += v.pointCount
    }
  }

  // MARK: Building

  /// Adds `element`; returns false, adding nothing, when one of its points is not finite.
  @discardableResult public mutating func append(_ element: Element) -> Bool {
    switch element {
    case .move(let p): move(to: p)
    case .line(let p): addLine(to: p)
    case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
    case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
    case .close: closeSubpath()
    }
  }

  /// Starts a new subpath at `p`.
  @discardableResult public mutating func move(to p: PathPoint) -> Bool {
    guard p.isFinite else { return false }
    subpathStart = points.count
    verbs.append(.move)
    points.append(p)
    return true
  }

  @discardableResult public mutating func addLine(to p: PathPoint) -> Bool {
    guard p.isFinite else { return false }
    startDrawing()
    verbs.append(.line)
    points.append(p)
    return true
  }

  @discardableResult public mutating func addQuadCurve(to p: PathPoint, control c: PathPoint) -> Bool {
    guard p.isFinite, c.isFinite else { return false }
    startDrawing()
    verbs.append(.quad)
    points.append(c)
    points.append(p)
    return true
  }

  @discardableResult public mutating func addCurve(to p: PathPoint, control1 c1: PathPoint, control2 c2: PathPoint) -> Bool {
    guard p.isFinite, c1.isFinite, c2.isFinite else { return false }
    startDrawing()
    verbs.append(.cubic)
    points.append(c1)
    points.append(c2)
    points.append(p)
    return true
  }

  /// Closes the current subpath with a line back to its start. Closing an empty path, or a
  /// subpath that is already closed, does nothing.
  @discardableResult public mutating func closeSubpath() -> Bool {
    guard let last = verbs.last, last != .close else { return true }
    verbs.append(.close)
    return true
  }

  /// Adds every element of `other`, as `CGMutablePath.addPath`.
  public mutating func addPath(_ other: Path) {
    var i = 0
    for v in other.verbs {
      // `other` starts each subpath with a move, so only a close needs no start.
      if v == .move { subpathStart = points.count }
      verbs.append(v)
      points.append(contentsOf: other.points[i..<(i + v.pointCount)])
      i += v.pointCount
    }
  }

  /// Appends a closed polygon of at least three finite points in one step: how stroke
  /// outlines are built, without a check per point.
  mutating func appendClosedPolygon(_ polygon: [PathPoint]) {
    subpathStart = points.count
    verbs.append(.move)
    verbs.append(contentsOf: repeatElement(.line, count: polygon.count - 1))
    verbs.append(.close)
    points.append(contentsOf: polygon)
  }

  /// Appends the closed contour `outer` then `inner` backwards (a stroke's strip).
  mutating func appendStrip(_ outer: [PathPoint], _ inner: [PathPoint]) {
    subpathStart = points.count
    verbs.append(.move)
    verbs.append(contentsOf: repeatElement(.line, count: outer.count + inner.count - 1))
    verbs.append(.close)
    points.append(contentsOf: outer)
    points.append(contentsOf: inner.reversed())
  }

  /// Before a drawing element: the implicit move a subpath needs.
  private mutating func startDrawing() {
    if verbs.isEmpty {
      move(to: .zero)
    } else if verbs[verbs.count - 1] == .close {
      move(to: points[subpathStart])
    }
  }
}

extension Path: Hashable {
  public static func == (l: Path, r: Path) -> Bool { l.verbs == r.verbs && l.points == r.points }

  public func hash(into h: inout Hasher) {
    h.combine(verbs)
    h.combine(points)
  }
}

/// Core Graphics' shape constructors and arcs. Arcs are stored as cubic Béziers of at most
/// a quarter turn each (as `CGPath` stores them), whose distance from the true circle is
/// below 0.03 % of the radius.
extension Path {
  /// A rectangle, clockwise on screen from its top-left corner (`CGPath(rect:)`).
  public init(rect: PathRect) {
    self.init()
    addRect(rect)
  }

  /// An ellipse inscribed in `rect`, clockwise on screen from its right-most point
  /// (`CGPath(ellipseIn:)`).
  public init(ellipseIn rect: PathRect) {
    self.init()
    addEllipse(in: rect)
  }

  /// A rectangle with elliptical corners (`CGPath(roundedRect:cornerWidth:cornerHeight:)`).
  public init(roundedRect rect: PathRect, cornerWidth: Double, cornerHeight: Double) {
    self.init()
    addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
  }

  @discardableResult public mutating func addRect(_ rect: PathRect) -> Bool {
    guard rect.isFinite else { return false }
    let r = rect.standardized
    move(to: PathPoint(r.minX, r.minY))
    addLine(to: PathPoint(r.maxX, r.minY))
    addLine(to: PathPoint(r.maxX, r.maxY))
    addLine(to: PathPoint(r.minX, r.maxY))
    return closeSubpath()
  }

  @discardableResult public mutating func addEllipse(in rect: PathRect) -> Bool {
    guard rect.isFinite else { return false }
    let r = rect.standardized
    let c = PathPoint(r.midX, r.midY)
    move(to: PathPoint(r.maxX, r.midY))
    appendArc(
      center: c, radii: PathPoint(r.width / 2, r.height / 2), rotation: 0, start: 0, sweep: 2 * .pi,
      end: PathPoint(r.maxX, r.midY))
    return closeSubpath()
  }

  /// A rounded rectangle starting just after its top-left corner and running clockwise on
  /// screen (as `UIBezierPath(roundedRect:)` does; where `CGPath` starts is unverified).
  /// Corner sizes are clamped to half the rectangle's sides; zero gives a plain rectangle.
  @discardableResult public mutating func addRoundedRect(in rect: PathRect, cornerWidth: Double, cornerHeight: Double) -> Bool {
    guard rect.isFinite, cornerWidth.isFinite, cornerHeight.isFinite else { return false }
    let r = rect.standardized
    let cw = min(max(cornerWidth, 0), r.width / 2), ch = min(max(cornerHeight, 0), r.height / 2)
    guard cw > 0, ch > 0 else { return addRect(r) }
    let radii = PathPoint(cw, ch)
    move(to: PathPoint(r.minX + cw, r.minY))
    addLine(to: PathPoint(r.maxX - cw, r.minY))
    appendArc(center: PathPoint(r.maxX - cw, r.minY + ch), radii: radii, rotation: 0, start: -.pi / 2, sweep: .pi / 2)
    addLine(to: PathPoint(r.maxX, r.maxY - ch))
    appendArc(center: PathPoint(r.maxX - cw, r.maxY - ch), radii: radii, rotation: 0, start: 0, sweep: .pi / 2)
    addLine(to: PathPoint(r.minX + cw, r.maxY))
    appendArc(center: PathPoint(r.minX + cw, r.maxY - ch), radii: radii, rotation: 0, start: .pi / 2, sweep: .pi / 2)
    addLine(to: PathPoint(r.minX, r.minY + ch))
    appendArc(center: PathPoint(r.minX + cw, r.minY + ch), radii: radii, rotation: 0, start: .pi, sweep: .pi / 2)
    return closeSubpath()
  }

  /// A circular arc, as `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:)`:
  /// angles run from +x towards +y, and `clockwise` has Core Graphics' y-up meaning
  /// (decreasing angles, which on a y-down screen turn counter-clockwise). A line joins the
  /// current point to the arc's start; a sweep of a whole turn or more draws the full circle.
  @discardableResult public mutating func addArc(
    center: PathPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
  ) -> Bool {
    guard center.isFinite, radius.isFinite, radius >= 0, startAngle.isFinite, endAngle.isFinite else { return false }
    let turn = 2 * Double.pi
    var sweep = endAngle - startAngle
    if clockwise {
      sweep = sweep <= -turn ? -turn : -((-sweep).truncatingRemainder(dividingBy: turn) + turn).truncatingRemainder(dividingBy: turn)
    } else {
      sweep = sweep >= turn ? turn : (sweep.truncatingRemainder(dividingBy: turn) + turn).truncatingRemainder(dividingBy: turn)
    }
    let start = center + PathPoint(Math.cos(startAngle), Math.sin(startAngle)) * radius
    connect(to: start)
    if radius > 0 && sweep != 0 {
      appendArc(center: center, radii: PathPoint(radius, radius), rotation: 0, start: startAngle, sweep: sweep)
    }
    return true
  }

  /// A circular arc of `radius` tangent to the line from the current point to
  /// `tangent1End` and to the line from there to `tangent2End`, after a line to its first
  /// tangent point (`CGMutablePath.addArc(tangent1End:tangent2End:radius:)`, PostScript's
  /// `arct`). When the three points are in line, or the radius is zero, it is a line to
  /// `tangent1End`.
  @discardableResult public mutating func addArc(tangent1End t1: PathPoint, tangent2End t2: PathPoint, radius: Double) -> Bool {
    guard t1.isFinite, t2.isFinite, radius.isFinite, radius >= 0 else { return false }
    let p0 = currentPoint ?? .zero
    guard radius > 0, let v1 = (p0 - t1).normalized, let v2 = (t2 - t1).normalized,
      abs(v1.cross(v2)) > 1e-12, let bisector = (v1 + v2).normalized
    else { return addLine(to: t1) }
    let cosTheta = max(-1, min(1, v1.dot(v2)))
    let halfTheta = Math.acos(cosTheta) / 2
    let tangentDistance = radius / Math.tan(halfTheta)
    let centre = t1 + bisector * (radius / Math.sin(halfTheta))
    let a = t1 + v1 * tangentDistance
    let startAngle = Math.atan2(a.y - centre.y, a.x - centre.x)
    let sweep = (Double.pi - 2 * halfTheta) * ((t1 - p0).cross(t2 - t1) > 0 ? 1 : -1)
    connect(to: a)
    appendArc(center: centre, radii: PathPoint(radius, radius), rotation: 0, start: startAngle, sweep: sweep)
    return true
  }

  /// An elliptical arc to `end` with SVG's endpoint parameters (`A` in path data): radii,
  /// the ellipse's rotation in radians, and which of the four candidate arcs. Radii too
  /// small to reach `end` grow until they do; a zero radius gives a line; an `end` equal
  /// to the current point adds nothing (SVG 1.1 F.6.2).
  @discardableResult public mutating func addEllipticalArc(
    to end: PathPoint, radii: PathPoint, rotation: Double, largeArc: Bool, sweep: Bool
  ) -> Bool {
    guard end.isFinite, radii.isFinite, rotation.isFinite else { return false }
    let p1 = currentPoint ?? .zero
    if isEmpty { move(to: p1) }
    guard end != p1 else { return true }
    var rx = abs(radii.x), ry = abs(radii.y)
    guard rx > 0, ry > 0 else { return addLine(to: end) }
    let cosPhi = Math.cos(rotation), sinPhi = Math.sin(rotation)
    let hx = (p1.x - end.x) / 2, hy = (p1.y - end.y) / 2
    let x1 = cosPhi * hx + sinPhi * hy, y1 = -sinPhi * hx + cosPhi * hy
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }
    let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    let coef = (largeArc != sweep ? 1.0 : -1.0) * (den > 0 ? max(num / den, 0).squareRoot() : 0)
    let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
    let centre = PathPoint(cosPhi * cx1 - sinPhi * cy1 + (p1.x + end.x) / 2, sinPhi * cx1 + cosPhi * cy1 + (p1.y + end.y) / 2)
    let u = PathPoint((x1 - cx1) / rx, (y1 - cy1) / ry), v = PathPoint((-x1 - cx1) / rx, (-y1 - cy1) / ry)
    let theta1 = Math.atan2(u.y, u.x)
    var delta = Math.atan2(u.cross(v), u.dot(v))
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    guard centre.isFinite, delta.isFinite, theta1.isFinite else { return addLine(to: end) }
    appendArc(center: centre, radii: PathPoint(rx, ry), rotation: rotation, start: theta1, sweep: delta, end: end)
    return true
  }

  /// A line to `p` that starts a subpath there on an empty path and is left out when the
  /// path is already at `p`.
  private mutating func connect(to p: PathPoint) {
    if isEmpty {
      move(to: p)
    } else if currentPoint != p || verbs.last == .close {
      addLine(to: p)
    }
  }

  /// Appends the arc of the ellipse (centre, radii, rotation) from angle `start` through
  /// `sweep` radians as cubics of at most a quarter turn; the path must be at its start.
  /// `end`, when given, replaces the computed last point, so that it is exact.
  mutating func appendArc(
    center: PathPoint, radii: PathPoint, rotation: Double, start: Double, sweep: Double, end: PathPoint? = nil
  ) {
    let n = max(1, Int(saturating: (abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up), limit: 1 << 10))
    let step = sweep / Double(n)
    let k = 4.0 / 3.0 * Math.tan(step / 4)
    let cosPhi = Math.cos(rotation), sinPhi = Math.sin(rotation)
    func map(_ p: PathPoint) -> PathPoint {
      let x = p.x * radii.x, y = p.y * radii.y
      return PathPoint(center.x + cosPhi * x - sinPhi * y, center.y + sinPhi * x + cosPhi * y)
    }
    // Quarter angles land exactly on the axes (cos(π/2) is 6e-17, not 0), so that an
    // ellipse or a rounded corner ends exactly where its straight sides begin.
    func unit(_ a: Double) -> PathPoint {
      let c = Math.cos(a), s = Math.sin(a)
      return PathPoint(abs(c) < 1e-15 ? 0 : c, abs(s) < 1e-15 ? 0 : s)
    }
    var a0 = start
    var e0 = unit(a0)
    for i in 0..<n {
      let a1 = i == n - 1 ? start + sweep : a0 + step
      let e1 = unit(a1)
      let c1 = e0 + e0.perpendicular * k, c2 = e1 - e1.perpendicular * k
      addCurve(to: i == n - 1 ? (end ?? map(e1)) : map(e1), control1: map(c1), control2: map(c2))
      a0 = a1
      e0 = e1
    }
  }
}

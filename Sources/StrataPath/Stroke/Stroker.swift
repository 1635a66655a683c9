/// Builds stroke outlines: the region a stroke covers, as a path of lines to fill nonzero.
///
/// The parts are Skia's (`SkStroke.cpp`, tiny-skia's `stroker.rs`): each segment's body
/// between its two offset curves (offset curves followed within a tolerance), a join at
/// each vertex on the outer side of the turn (miter up to the miter limit, else bevel;
/// round), caps at the ends of open subpaths, and a disc at a cusp. Skia stitches these into
/// one outer and one inner contour and takes the inner side through the pivot of every
/// join; here each part is its own closed contour, all wound the same way, so the nonzero
/// fill is exactly their union. The two agree wherever Skia's outline is right, and this
/// one stays right where Skia's inner contour turns inside out (a closed curve stroked
/// wider than it is round, which Skia leaves with a hole).
///
/// Outlines are built in the path's own space and mapped to device space afterwards, so a
/// non-uniform scale stretches the stroke as Core Animation does; the tolerances are
/// divided by the transform's largest scale, so they hold in device pixels.
public enum Stroker {
  /// How far, in device pixels, a flattened curve and, separately, an offset curve's chord
  /// may be from the exact curve: an outline is within twice this of the exact stroke.
  public static let defaultTolerance = 0.05

  /// The outline of `path` stroked with `style` (trim and dash included), in the path's
  /// space, flattened for drawing at `resolutionScale` device pixels per path unit. A
  /// hairline (`lineWidth` 0) is one path unit wide here: in device space it needs the
  /// transform (see `Rasterizer.stroke`).
  public static func outline(of path: Path, style: StrokeStyle, resolutionScale: Double = 1) -> Path {
    outline(of: path, style: style, resolutionScale: resolutionScale, cull: nil)
  }

  /// The outline, leaving out the parts that cannot reach `cull` (path units): what a
  /// mask clipped to the screen needs from a path that is mostly off it.
  static func outline(of path: Path, style: StrokeStyle, resolutionScale: Double, cull: PathRect?) -> Path {
    guard resolutionScale > 0, resolutionScale.isFinite, style.lineWidth.isFinite, style.lineWidth >= 0 else {
      return Path()
    }
    let tolerance = defaultTolerance / resolutionScale
    let centre = path.strokeCenterline(style, tolerance: tolerance)
    let radius = style.lineWidth == 0 ? 0.5 : style.lineWidth / 2
    var builder = OutlineBuilder(style: style, radius: radius, tolerance: tolerance)
    if let cull {
      // How far from the centre line any part reaches: a miter's tip, a square cap's corner.
      let limit = style.miterLimit.isNaN ? 10 : style.miterLimit
      let reach = radius * max(style.lineJoin == .miter ? limit : 1, 2.0.squareRoot()) + 2 * tolerance
      builder.cull = PathRect(x: cull.minX - reach, y: cull.minY - reach, width: cull.width + 2 * reach, height: cull.height + 2 * reach)
    }
    for c in centre.contours() { builder.stroke(c) }
    return builder.outline
  }

  /// The outline in device space, for a mask within `clip`: stroked in the path's space and
  /// mapped by `transform`, except a hairline, which is trimmed and dashed in the path's
  /// space and then stroked one device pixel wide.
  static func deviceOutline(of path: Path, style: StrokeStyle, transform: PathTransform, clip: PixelRect) -> Path {
    let scale = transform.maxScale
    guard transform.isFinite, scale > 0, scale.isFinite, style.lineWidth.isFinite, style.lineWidth >= 0 else {
      return Path()
    }
    // The clip, a pixel larger, in device space and (when the map can be undone) the path's.
    let device = PathRect(
      x: Double(clip.x) - 1, y: Double(clip.y) - 1, width: Double(clip.width) + 2, height: Double(clip.height) + 2)
    if style.lineWidth > 0 {
      var cull: PathRect? = nil
      if let inverse = transform.inverted() {
        let corners = [
          PathPoint(device.minX, device.minY), PathPoint(device.maxX, device.minY), PathPoint(device.minX, device.maxY),
          PathPoint(device.maxX, device.maxY),
        ].map(inverse.apply)
        let lo = corners.reduce(PathPoint(.infinity, .infinity)) { PathPoint(min($0.x, $1.x), min($0.y, $1.y)) }
        let hi = corners.reduce(PathPoint(-.infinity, -.infinity)) { PathPoint(max($0.x, $1.x), max($0.y, $1.y)) }
        if lo.isFinite && hi.isFinite { cull = PathRect(corners: lo, hi) }
      }
      return outline(of: path, style: style, resolutionScale: scale, cull: cull).applying(transform)
    }
    let centre = path.strokeCenterline(style, tolerance: defaultTolerance / scale).applying(transform)
    var solid = style
    (solid.lineDashPattern, solid.strokeStart, solid.strokeEnd) = ([], 0, 1)
    return outline(of: centre, style: solid, resolutionScale: 1, cull: device)
  }
}

/// The outline under construction, and what every part needs.
struct OutlineBuilder {
  let style: StrokeStyle
  let r: Double
  let tolerance: Double
  /// The largest turn of the normal between two samples of an offset curve (or two points
  /// of a round join) whose chord stays within `tolerance` of the circle of radius `r`.
  let maxTurn: Double
  /// Shorter segments are skipped: they have no reliable direction (Skia's limit, 1/4096
  /// of a device pixel).
  let degenerate: Double
  var outline = Path()
  /// Where parts must reach to matter (path units); nil: everywhere.
  var cull: PathRect? = nil
  /// A polygon being assembled, reused between parts.
  var scratch: [PathPoint] = []

  init(style: StrokeStyle, radius: Double, tolerance: Double) {
    self.style = style
    r = radius
    self.tolerance = tolerance
    // At least π/512, so that a stroke far too fine for its transform (a tolerance of
    // 1e-200) still ends in a few thousand points per turn, not billions.
    let c = 1 - tolerance / radius
    maxTurn = c > -1 && c.isFinite ? min(max(2 * Math.acos(c), .pi / 512), .pi / 4) : .pi / 4
    degenerate = tolerance / 200
  }

  /// Adds the outline of one subpath.
  mutating func stroke(_ c: Contour) {
    var segments: [Segment] = []
    for s in c.segments where !s.isDegenerate(within: degenerate) {
      if let lines = s.collinearLines(within: degenerate) {
        segments.append(contentsOf: lines.filter { !$0.isDegenerate(within: degenerate) })
      } else {
        segments.append(s)
      }
    }
    guard let first = segments.first, let last = segments.last,
      let firstTangent = first.startTangent, let lastTangent = last.endTangent
    else {
      if c.hasDrawing { zeroLength(at: c.start) }
      return
    }
    var previous: PathPoint? = nil
    for s in segments {
      guard let t0 = s.startTangent else { continue }
      if let p = previous { join(at: s.start, from: p, to: t0) }
      body(s)
      previous = s.endTangent ?? t0
    }
    if c.isClosed {
      join(at: first.start, from: lastTangent, to: firstTangent)
    } else {
      cap(at: last.end, direction: lastTangent)
      cap(at: first.start, direction: -firstTangent)
    }
  }

  /// A segment's body: a line's rectangle, or a curve's strip between its offset curves.
  mutating func body(_ s: Segment) {
    if let cull, !s.controlBox.intersects(cull) { return }
    if case .line(let a, let b) = s, let t = (b - a).normalized {
      let n = t.perpendicular * r
      emitCanonical(a + n, b + n, b - n, a - n)
    } else {
      curveBody(s)
    }
  }
}

extension Segment {
  /// The box around the control points, which holds the curve.
  var controlBox: PathRect {
    switch self {
    case .line(let a, let b): PathRect(corners: a, b)
    case .quad(let a, let b, let c): PathRect(corners: a, b).union(PathRect(corners: c, c))
    case .cubic(let a, let b, let c, let d): PathRect(corners: a, b).union(PathRect(corners: c, d))
    }
  }

  /// A curve whose control points all lie on one line, as the lines it runs along: to its
  /// turning points and back (Skia's "line reduction", so that the style's join appears
  /// where it doubles back); nil for a curve that bends.
  func collinearLines(within epsilon: Double) -> [Segment]? {
    let a = start
    let controls: [PathPoint]
    switch self {
    case .line: return nil
    case .quad(_, let b, let c):
      // The common case, a curve that bends, is rejected before anything is built.
      if let dir = (c - a).normalized, abs(dir.cross(b - a)) > epsilon { return nil }
      controls = [b, c]
    case .cubic(_, let b, let c, let d):
      if let dir = (d - a).normalized, abs(dir.cross(b - a)) > epsilon || abs(dir.cross(c - a)) > epsilon {
        return nil
      }
      controls = [b, c, d]
    }
    guard let far = controls.max(by: { ($0 - a).lengthSquared < ($1 - a).lengthSquared }), let dir = (far - a).normalized
    else { return nil }
    for p in controls where abs(dir.cross(p - a)) > epsilon { return nil }
    // The turning points are where the motion along the line reverses: the extrema of the
    // projection onto it.
    var ts: [Double] = []
    switch self {
    case .quad(let a, let b, let c):
      let p0 = 0.0, p1 = dir.dot(b - a), p2 = dir.dot(c - a)
      let den = p0 - 2 * p1 + p2
      if den != 0 {
        let t = (p0 - p1) / den
        if t > 0 && t < 1 { ts.append(t) }
      }
    case .cubic(let a, let b, let c, let d):
      let p0 = 0.0, p1 = dir.dot(b - a), p2 = dir.dot(c - a), p3 = dir.dot(d - a)
      let qa = -p0 + 3 * p1 - 3 * p2 + p3, qb = 2 * (p0 - 2 * p1 + p2), qc = p1 - p0
      ts = quadraticRoots(qa, qb, qc).filter { $0 > 0 && $0 < 1 }.sorted()
    case .line: break
    }
    var out: [Segment] = []
    var from = start
    for t in ts + [1] {
      let p = t == 1 ? end : point(at: t)
      out.append(.line(from, p))
      from = p
    }
    return out
  }
}

import StrataPath

/// A shape modifier that turns each path before it into other paths: offset paths,
/// pucker and bloat, zig-zag. (Round corners and trims are applied where they were before:
/// at the path and at the stroke; merge paths combines paths, see `MergedPaths`.)
enum PathModifier: Sendable {
  case offset(ShapeItem.OffsetPaths)
  case puckerBloat(Animated<[Double]>)
  case zigZag(ShapeItem.ZigZag)

  init?(_ item: ShapeItem) {
    switch item {
    case .offsetPaths(let o): self = .offset(o)
    case .puckerBloat(let a): self = .puckerBloat(a)
    case .zigZag(let z): self = .zigZag(z)
    default: return nil
    }
  }

  var isAnimated: Bool {
    switch self {
    case .offset(let o): o.amount.isAnimated || o.miterLimit.isAnimated
    case .puckerBloat(let a): a.isAnimated
    case .zigZag(let z): z.ridges.isAnimated || z.size.isAnimated || z.points.isAnimated
    }
  }

  /// The largest offset and zig-zag size (points) and pucker or bloat (percent) applied:
  /// beyond what any animation uses, they would only make coordinates that fill the
  /// plane (Skottie limits offsets likewise).
  static let maxDistance = 100_000.0, maxPercent = 10_000.0

  /// The paths after the modifier at `frame`; `tolerance` bounds how far polygons made by
  /// booleans (offsets) are from the exact outline.
  func apply(_ paths: [Bezier], at frame: Double, tolerance: Double) -> [Bezier] {
    func clamped(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(v, -limit), limit) : 0 }
    switch self {
    case .offset(let o):
      let a = clamped(o.amount.value(at: frame)[0], Self.maxDistance), ml = o.miterLimit.value(at: frame)[0]
      return paths.flatMap { $0.offset(by: a, join: o.lineJoin, miterLimit: ml, tolerance: tolerance) ?? [$0] }
    case .puckerBloat(let a):
      let percent = clamped(a.value(at: frame)[0], Self.maxPercent)
      return paths.map { $0.puckeredOrBloated(percent: percent) }
    case .zigZag(let z):
      let r = z.ridges.value(at: frame)[0], s = clamped(z.size.value(at: frame)[0], Self.maxDistance)
      let ridges = r.isFinite ? Int(min(max(r.rounded(), 0), Double(Bezier.maxZigZagRidges))) : 0
      let smooth = z.points.value(at: frame)[0] == 2
      return paths.map { $0.zigZagged(ridges: ridges, size: s, smooth: smooth) }
    }
  }
}

extension ShapeBuilder.Contribution {
  /// A modifier that applies to a contribution, and where: after the first `depth` of its
  /// transforms (in the coordinates of the modifier's own list), or, for a modifier in a
  /// list around the style's, after all of them and then `outer` (the group transforms up
  /// to that list, innermost first), mapped back afterwards.
  struct ModifierStage: Sendable {
    var depth: Int
    var outer: [TransformModel] = []
    var modifier: PathModifier
  }

  /// How far, in the style's coordinates, polygons from booleans may be from the exact
  /// outline: a fiftieth of a point.
  static let booleanTolerance = 0.02

  var isAnimated: Bool {
    let source: Bool =
      switch source {
      case .item(let item): item.isAnimated
      case .merged(let m): m.isAnimated
      }
    return source || transforms.contains { $0.isAnimated } || roundCorners?.isAnimated == true
      || modifiers.contains { $0.modifier.isAnimated || $0.outer.contains { $0.isAnimated } }
  }

  /// The product of `transforms[range]` at `frame`, innermost first.
  func matrix(_ range: Range<Int>, at frame: Double) -> PathTransform {
    var m = PathTransform.identity
    for t in transforms[range] { m = m.concatenating(t.matrix(at: frame)) }
    return m
  }

  /// The source's paths at `frame`, in the coordinates of its own list.
  func sourcePaths(at frame: Double) -> [Bezier] {
    switch source {
    case .item(let item):
      var b = item.bezier(at: frame)
      if let r = roundCorners?.value(at: frame)[0], r > 0, r.isFinite { b = b.roundingCorners(radius: r) }
      return [b]
    case .merged(let m):
      let scale = matrix(0..<transforms.count, at: frame).maxScale
      return Bezier.contours(of: m.path(at: frame, tolerance: Self.tolerance(scale)))
    }
  }

  /// The boolean tolerance in coordinates that `scale` then stretches.
  static func tolerance(_ scale: Double) -> Double {
    guard scale.isFinite, scale > 0 else { return booleanTolerance }
    return min(max(booleanTolerance / scale, 1e-4), 10)
  }

  /// Appends the path at `frame` with its modifiers, in the style's coordinates.
  func modifiedPath(at frame: Double, into path: inout StrataPath.Path) {
    var paths = sourcePaths(at: frame)
    var done = 0
    for stage in modifiers {
      let m = matrix(done..<stage.depth, at: frame)
      done = stage.depth
      var up = PathTransform.identity
      for t in stage.outer { up = up.concatenating(t.matrix(at: frame)) }
      let toList = m.concatenating(up)
      paths = paths.map { $0.applying(toList) }
      let rest = matrix(done..<transforms.count, at: frame)
      paths = stage.modifier.apply(paths, at: frame, tolerance: Self.tolerance(rest.maxScale / max(up.maxScale, 1e-12)))
      if !stage.outer.isEmpty {
        guard let down = up.inverted() else { return }
        paths = paths.map { $0.applying(down) }
      }
    }
    let m = matrix(done..<transforms.count, at: frame)
    for b in paths { b.append(to: &path, m) }
  }
}

extension ShapeItem.PathItem {
  var isAnimated: Bool {
    switch geometry {
    case .rect(let p, let s, let r): p.isAnimated || s.isAnimated || r.isAnimated
    case .ellipse(let p, let s): p.isAnimated || s.isAnimated
    case .star(let s):
      [s.points, s.position, s.rotation, s.outerRadius, s.innerRadius, s.outerRoundness, s.innerRoundness].contains { $0.isAnimated }
    case .bezier(let b): b.isAnimated
    }
  }
}

/// Computes paths' coverage masks in device space, once, in Swift, for both backends.
///
/// A rasteriser keeps its scratch buffers between masks, so reuse one per thread (it is a
/// value: a copy has buffers of its own). Results are deterministic: the same path,
/// transform, style and clip give the same bytes on every machine.
public struct Rasterizer: Sendable {
  private var accumulator = CoverageAccumulator()
  /// Flattened device-space points, and where each subpath ends in them.
  private var points: [PathPoint] = []
  private var ends: [Int] = []

  public init() {}

  /// The coverage of `path` filled under `rule`, after `transform`, within `clip`
  /// (device pixels). The mask covers the path's pixels inside `clip`, no more.
  ///
  /// - Parameter tolerance: how far, in device pixels, flattened edges may be from curves.
  /// - Complexity: O(edges + pixels of the mask that edges cross + rows × mask width / 16).
  public mutating func fill(
    _ path: Path, rule: FillRule = .nonZero, transform: PathTransform = .identity, clip: PixelRect,
    tolerance: Double = Flattener.defaultTolerance
  ) -> CoverageMask {
    guard transform.isFinite, tolerance > 0, flatten(path, transform, tolerance, clip) else {
      return .empty(at: clip)
    }
    var lo = PathPoint(Double.infinity, .infinity), hi = PathPoint(-Double.infinity, -.infinity)
    for p in points {
      lo = PathPoint(min(lo.x, p.x), min(lo.y, p.y))
      hi = PathPoint(max(hi.x, p.x), max(hi.y, p.y))
    }
    let rect = PixelRect(enclosing: lo.x, lo.y, hi.x, hi.y, within: clip)
    guard !rect.isEmpty else { return .empty(at: rect) }
    accumulator.reset(width: rect.width, height: rect.height)
    accumulator.addPolygons(points, ends: ends, origin: PathPoint(Double(rect.x), Double(rect.y)))
    let (coverage, tiles) = accumulator.resolve(rule)
    return CoverageMask(bounds: rect, coverage: coverage, tiles: tiles)
  }

  /// The coverage of `path` stroked with `style` (trimmed, dashed, outlined in the path's
  /// space, then mapped by `transform`), within `clip`. Outlines are filled nonzero: their
  /// pieces overlap.
  public mutating func stroke(
    _ path: Path, style: StrokeStyle, transform: PathTransform = .identity, clip: PixelRect
  ) -> CoverageMask {
    let outline = Stroker.deviceOutline(of: path, style: style, transform: transform, clip: clip)
    return fill(outline, rule: .nonZero, clip: clip)
  }

  /// The coverage a cache key stands for, within `clip` (in the key's space: see
  /// `MaskKey.placed`).
  public mutating func mask(for key: MaskKey, clip: PixelRect) -> CoverageMask {
    switch key.style {
    case .fill(let rule): fill(key.path, rule: rule, transform: key.transform, clip: clip)
    case .stroke(let style): stroke(key.path, style: style, transform: key.transform, clip: clip)
    }
  }

  /// Flattens `path` after `transform` into `points`/`ends`; false when a point is not
  /// finite (an overflowing transform), which draws nothing.
  ///
  /// A curve whose control points all lie outside `clip` is replaced by its chord: inside
  /// the clip, the winding number is the same either way (the curve and the chord bound a
  /// region within their hull, outside the clip), and a curve millions of pixels long then
  /// costs one edge.
  private mutating func flatten(_ path: Path, _ m: PathTransform, _ tolerance: Double, _ clip: PixelRect) -> Bool {
    points.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    let cx0 = Double(clip.minX), cy0 = Double(clip.minY), cx1 = Double(clip.maxX), cy1 = Double(clip.maxY)
    func outside(_ a: PathPoint, _ b: PathPoint, _ c: PathPoint, _ d: PathPoint) -> Bool {
      max(a.x, b.x, c.x, d.x) < cx0 || min(a.x, b.x, c.x, d.x) > cx1 || max(a.y, b.y, c.y, d.y) < cy0
        || min(a.y, b.y, c.y, d.y) > cy1
    }
    let src = path.points
    var i = 0
    var last = PathPoint.zero
    for v in path.verbs {
      switch v {
      case .move:
        if !points.isEmpty && ends.last != points.count { ends.append(points.count) }
        last = m.apply(src[i])
        points.append(last)
      case .line:
        last = m.apply(src[i])
        points.append(last)
      case .quad:
        let p1 = m.apply(src[i]), p2 = m.apply(src[i + 1])
        let n = outside(last, p1, p2, p2) ? 1 : Flattener.steps(last, p1, p2, tolerance: tolerance)
        Flattener.appendQuad(last, p1, p2, steps: n, into: &points)
        last = p2
      case .cubic:
        let p1 = m.apply(src[i]), p2 = m.apply(src[i + 1]), p3 = m.apply(src[i + 2])
        let n = outside(last, p1, p2, p3) ? 1 : Flattener.steps(last, p1, p2, p3, tolerance: tolerance)
        Flattener.appendCubic(last, p1, p2, p3, steps: n, into: &points)
        last = p3
      case .close:
        break
      }
      guard last.isFinite else { return false }
      i += v.pointCount
    }
    if ends.last != points.count { ends.append(points.count) }
    return true
  }
}

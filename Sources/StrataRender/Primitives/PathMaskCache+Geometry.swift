import Strata
import StrataPath

/// One path mask to make: the layer-space path, its paint and its map to device pixels
/// (relative to the mask's whole-pixel offset), and how it becomes coverage.
struct PathGeometry: Sendable {
  let path: StrataPath.Path
  let style: MaskKey.Style
  /// Row-major 3 × 3: `x' = (m0·u + m1·v + m2) / w`, `y' = (m3·u + m4·v + m5) / w`,
  /// `w = m6·u + m7·v + m8`.
  let m: [Double]

  init(path: StrataPath.Path, style: MaskKey.Style, map: [Double]) {
    (self.path, self.style, self.m) = (path, style, map)
  }

  var isAffine: Bool { m[6] == 0 && m[7] == 0 && m[8] == 1 }

  var affine: PathTransform { PathTransform(a: m[0], b: m[3], c: m[1], d: m[4], tx: m[2], ty: m[5]) }

  /// How far, in layer units, the painted area reaches beyond the path's control points:
  /// half the line width times the longest miter (or a square cap's corner); nil when the
  /// stroke paints nothing.
  var reach: Double? {
    switch style {
    case .fill: return 0
    case .stroke(let s):
      guard s.lineWidth.isFinite, s.lineWidth >= 0 else { return nil }
      let limit = s.miterLimit.isFinite ? max(s.miterLimit, 1) : 10
      return s.lineWidth / 2 * max(s.lineJoin == .miter ? limit : 1, 2.0.squareRoot())
    }
  }

  /// The layer-space box the painted area lies in.
  var layerBounds: PathRect? {
    guard let b = path.controlPointBounds, let r = reach else { return nil }
    return PathRect(x: b.minX - r, y: b.minY - r, width: b.width + 2 * r, height: b.height + 2 * r)
  }

  /// Its corners in device space (relative), or nil when one is behind the eye or huge.
  private var deviceCorners: [PathPoint]? {
    guard let b = layerBounds else { return nil }
    var out: [PathPoint] = []
    for (u, v) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
      let w = m[6] * u + m[7] * v + m[8]
      guard w > DevicePolygon.minimumW else { return nil }
      let p = PathPoint((m[0] * u + m[1] * v + m[2]) / w, (m[3] * u + m[4] * v + m[5]) / w)
      guard abs(p.x) < 1e9, abs(p.y) < 1e9 else { return nil }
      out.append(p)
    }
    return out
  }

  /// The whole pixels the painted area can touch (a hairline's pixel and a rounding pixel
  /// included), or nil when they cannot be bounded (behind the eye, huge).
  var deviceBounds: PixelRect? {
    guard let c = deviceCorners else { return nil }
    // The convex hull of the corners holds the image of the box: w > 0 over all of it.
    let x0 = c.map(\.x).min()! - 2, x1 = c.map(\.x).max()! + 2
    let y0 = c.map(\.y).min()! - 2, y1 = c.map(\.y).max()! + 2
    let ix = Int(saturating: x0.rounded(.down)), iy = Int(saturating: y0.rounded(.down))
    return PixelRect(x: ix, y: iy, width: Int(saturating: x1.rounded(.up)) - ix, height: Int(saturating: y1.rounded(.up)) - iy)
  }

  /// The largest device pixels per layer unit over the painted box (the map's largest
  /// singular value at its corners in front of the eye), at least a tiny positive value.
  var maxScale: Double {
    if isAffine { return affine.maxScale }
    guard let b = layerBounds else { return 1 }
    var most = 0.0
    for (u, v) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
      let w = m[6] * u + m[7] * v + m[8]
      guard w > DevicePolygon.minimumW else { continue }
      let x = (m[0] * u + m[1] * v + m[2]) / w, y = (m[3] * u + m[4] * v + m[5]) / w
      let j = PathTransform(a: (m[0] - x * m[6]) / w, b: (m[3] - y * m[6]) / w, c: (m[1] - x * m[7]) / w, d: (m[4] - y * m[7]) / w, tx: 0, ty: 0)
      if j.isFinite { most = max(most, j.maxScale) }
    }
    // Near the eye plane the scale grows without bound; such parts are far off the canvas.
    return min(max(most, 1e-9), 1e4)
  }

  /// The coverage within `region` (relative device pixels), or nil when nothing is covered.
  func rasterize(within region: PixelRect) -> DeviceMask? {
    var rasterizer = Rasterizer()
    return rasterize(within: region, using: &rasterizer)
  }

  /// The same with `rasterizer`'s scratch buffers, kept for the next mask.
  func rasterize(within region: PixelRect, using rasterizer: inout Rasterizer) -> DeviceMask? {
    guard !region.isEmpty else { return nil }
    let mask: CoverageMask
    if isAffine {
      mask = rasterizer.mask(for: MaskKey(path: path, transform: affine, style: style), clip: region)
    } else {
      mask = rasterizer.fill(projected(), rule: rule, clip: region)
    }
    guard mask.width > 0, mask.height > 0, !mask.isEmpty else { return nil }
    return DeviceMask(originX: mask.bounds.x, originY: mask.bounds.y, width: mask.width, height: mask.height, bytes: mask.coverage)
  }

  private var rule: FillRule {
    if case .fill(let r) = style { return r }
    return .nonZero  // stroke outlines overlap: always nonzero
  }

  /// Under perspective: the area to fill (the path, or its stroke outline) flattened in
  /// layer space at the largest device scale, each polygon cut to the half-plane in front
  /// of the eye (which keeps winding numbers there), then projected.
  private func projected() -> StrataPath.Path {
    let scale = maxScale
    let area: StrataPath.Path
    switch style {
    case .fill: area = path
    case .stroke(var s):
      // A hairline: about one device pixel wide at the scale drawn.
      if s.lineWidth == 0 { s.lineWidth = 1 / scale }
      area = Stroker.outline(of: path, style: s, resolutionScale: scale)
    }
    var out = StrataPath.Path()
    for poly in Flattener.polylines(of: area, tolerance: Flattener.defaultTolerance / scale) {
      let cut = cutAtEyePlane(poly.points)
      guard cut.count >= 3 else { continue }
      var first = true
      for p in cut {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        let q = PathPoint((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
        if first { out.move(to: q) } else { out.addLine(to: q) }
        first = false
      }
      out.closeSubpath()
    }
    return out
  }

  /// Sutherland–Hodgman against `w ≥ minimumW`, where w is linear in the layer point.
  private func cutAtEyePlane(_ points: [PathPoint]) -> [PathPoint] {
    let eps = DevicePolygon.minimumW * 2
    func w(_ p: PathPoint) -> Double { m[6] * p.x + m[7] * p.y + m[8] }
    if points.allSatisfy({ w($0) >= eps }) { return points }
    var out: [PathPoint] = []
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      let wa = w(a), wb = w(b)
      if wa >= eps { out.append(a) }
      if (wa >= eps) != (wb >= eps) {
        let t = (eps - wa) / (wb - wa)
        out.append(a + (b - a) * t)
      }
    }
    return out
  }
}

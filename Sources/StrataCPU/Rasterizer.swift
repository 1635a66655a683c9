import Strata
import StrataRender

/// Fills the pixels of one draw within a band of rows: for every pixel centre the device →
/// layer map gives the layer-plane point (perspective-correct by construction), the shape,
/// clips and paint give a premultiplied colour, and the result is composited source-over.
///
/// - Complexity: O(pixels in the draw's rows × clips); no allocation per pixel.
struct Rasterizer {
  let surface: Surface

  /// Draws `d` on the rows `rows` (device rows, inside the surface).
  func fill(_ d: PreparedDraw, rows: Range<Int>) {
    let x0 = max(d.bounds.x0, surface.bounds.x0), x1 = min(d.bounds.x1, surface.bounds.x1)
    guard x0 < x1 else { return }
    for y in rows {
      let yc = Float(y) + 0.5
      guard let (xs, xe) = span(d.polygon, yc, x0, x1) else { continue }
      // Addressed with device x: the row pointer is shifted by the surface's origin.
      let row = surface.row(y) - surface.bounds.x0 * 4
      if d.isPlainImage {
        plainImageRow(d, row: row, y: yc, xs: xs, xe: xe)
      } else {
        generalRow(d, row: row, y: yc, xs: xs, xe: xe)
      }
    }
  }

  /// The pixels of row `yc` that the convex polygon may touch, padded by one pixel so that
  /// the per-pixel test (and anti-aliasing) decides at the edges.
  @inline(__always)
  func span(_ poly: [(Float, Float)], _ yc: Float, _ bx0: Int, _ bx1: Int) -> (Int, Int)? {
    var lo = Float.infinity, hi = -Float.infinity
    var j = poly.count - 1
    for i in 0..<poly.count {
      let (ax, ay) = poly[j], (bx, by) = poly[i]
      if (ay <= yc) != (by <= yc) {
        let x = ax + (yc - ay) * (bx - ax) / (by - ay)
        lo = min(lo, x); hi = max(hi, x)
      }
      j = i
    }
    // Rows that only graze a vertex still get the padded neighbourhood.
    if lo > hi {
      for (px, py) in poly where abs(py - yc) <= 1 { lo = min(lo, px); hi = max(hi, px) }
      if lo > hi { return nil }
    }
    let xs = max(bx0, Int((lo - 0.5).rounded(.up)) - 1)
    let xe = min(bx1, Int((hi - 0.5).rounded(.up)) + 1)
    return xs < xe ? (xs, xe) : nil
  }

  /// Hard-edged, unclipped image in an affine plane with one filter: the S1 path.
  @inline(__always)
  func plainImageRow(_ d: PreparedDraw, row: UnsafeMutablePointer<UInt8>, y: Float, xs: Int, xe: Int) {
    let t = d.texture!
    let lv = t.levels[0]
    let px = lv.pixels
    let i = d.inv
    let opacity = d.opacity
    let nearest = d.plainFilterIsNearest
    var X = Float(xs) + 0.5
    var u = i.0 * X + i.1 * y + i.2
    var v = i.3 * X + i.4 * y + i.5
    for x in xs..<xe {
      defer { u += i.0; v += i.3; X += 1 }
      guard u >= d.x0, u < d.x1, v >= d.y0, v < d.y1 else { continue }
      let s = t.a * u + t.c * v + t.tx, tt = t.b * u + t.d * v + t.ty
      let c = nearest ? TextureSampler.nearest(px, lv, s, tt) : TextureSampler.bilinear(px, lv, s, tt)
      blend(row + x * 4, c * opacity)
    }
  }

  func generalRow(_ d: PreparedDraw, row: UnsafeMutablePointer<UInt8>, y: Float, xs: Int, xe: Int) {
    let i = d.inv
    let needsJacobian = d.softEdges != 0 || d.hasRadii || d.ring != nil || d.texture?.needsLevelOfDetail == true
    let texture = d.texture, clips = d.clips, ring = d.ring, shadow = d.shadow, occluder = d.occluder
    for x in xs..<xe {
      let X = Float(x) + 0.5
      let a = i.0 * X + i.1 * y + i.2
      let b = i.3 * X + i.4 * y + i.5
      let w = i.6 * X + i.7 * y + i.8
      guard w > 0 else { continue }
      let u = a / w, v = b / w
      var j = Coverage.Jacobian(dudx: i.0, dudy: i.1, dvdx: i.3, dvdy: i.4)
      if needsJacobian && !d.isAffine {
        j = Coverage.Jacobian(
          dudx: (i.0 - u * i.6) / w, dudy: (i.1 - u * i.7) / w,
          dvdx: (i.3 - v * i.6) / w, dvdy: (i.4 - v * i.7) / w)
      }
      if let o = occluder, Self.inside(u, v, o.x0, o.y0, o.x1, o.y1, o.radii) { continue }
      var cov = Coverage.roundedRect(
        u: u, v: v, x0: d.x0, y0: d.y0, x1: d.x1, y1: d.y1, radii: d.radii, softEdges: d.softEdges, jacobian: j,
        continuous: d.continuous)
      if cov <= 0 { continue }
      if let s = shadow {
        let left = u < (s.x0 + s.x1) * 0.5, top = v < (s.y0 + s.y1) * 0.5
        let corner = top ? (left ? s.radii[0] : s.radii[1]) : (left ? s.radii[2] : s.radii[3])
        cov *= ShadowMath.roundedBoxShadow(px: u, py: v, x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, corner: corner, sigma: s.sigma)
        if cov <= 0 { continue }
      }
      if let r = ring {
        let inner = Coverage.roundedRect(
          u: u, v: v, x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, radii: r.radii, softEdges: 15, jacobian: j,
          continuous: d.continuous)
        cov *= 1 - inner
        if cov <= 0 { continue }
      }
      for c in clips {
        cov *= c.coverage(X, y)
        if cov <= 0 { break }
      }
      if cov <= 0 { continue }
      let src: SIMD4<Float>
      if let t = texture {
        src = sample(t, u: u, v: v, jacobian: j) * (d.opacity * cov)
      } else {
        src = d.color * cov
      }
      blend(row + x * 4, src)
    }
  }

  @inline(__always)
  func sample(_ t: PreparedTexture, u: Float, v: Float, jacobian j: Coverage.Jacobian) -> SIMD4<Float> {
    let s = t.a * u + t.c * v + t.tx, tt = t.b * u + t.d * v + t.ty
    let lv = t.levels[0]
    if !t.needsLevelOfDetail {
      return t.magFilter == .nearest ? TextureSampler.nearest(lv.pixels, lv, s, tt) : TextureSampler.bilinear(lv.pixels, lv, s, tt)
    }
    let lod = Sampling.levelOfDetail(texelsPerPixel: t.footprint(j), bias: t.bias)
    if lod <= 0 {
      return t.magFilter == .nearest
        ? TextureSampler.nearest(lv.pixels, lv, s, tt)
        : TextureSampler.bilinear(lv.pixels, lv, s, tt)
    }
    switch t.minFilter {
    case .nearest:
      return TextureSampler.nearest(lv.pixels, lv, s, tt)
    case .linear:
      return TextureSampler.bilinear(lv.pixels, lv, s, tt)
    case .trilinear:
      let top = Float(t.levels.count - 1)
      let l = min(lod, top)
      let l0 = l.rounded(.down)
      let f = l - l0
      let a = t.levels[Int(l0)]
      let ca = TextureSampler.bilinear(a.pixels, a, s, tt)
      if f == 0 || Int(l0) + 1 >= t.levels.count { return ca }
      let b = t.levels[Int(l0) + 1]
      let cb = TextureSampler.bilinear(b.pixels, b, s, tt)
      return ca + (cb - ca) * f
    }
  }

  /// Whether `(u, v)` lies inside a rounded rectangle (circular corners, no anti-aliasing).
  @inline(__always)
  static func inside(_ u: Float, _ v: Float, _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ radii: SIMD4<Float>) -> Bool {
    guard u >= x0, u < x1, v >= y0, v < y1 else { return false }
    let left = u < (x0 + x1) * 0.5, top = v < (y0 + y1) * 0.5
    let r = top ? (left ? radii[0] : radii[1]) : (left ? radii[2] : radii[3])
    guard r > 0 else { return true }
    let cx = left ? x0 + r : x1 - r, cy = top ? y0 + r : y1 - r
    guard (left ? u < cx : u > cx) && (top ? v < cy : v > cy) else { return true }
    let dx = u - cx, dy = v - cy
    return dx * dx + dy * dy <= r * r
  }

  /// Premultiplied source-over of `src` (0…255, each colour at most alpha) onto the pixel
  /// at `p`. With premultiplied inputs the result stays within 0…255 (up to rounding), so
  /// no clamp is needed.
  @inline(__always)
  func blend(_ p: UnsafeMutablePointer<UInt8>, _ src: SIMD4<Float>) {
    let raw = UnsafeMutableRawPointer(p)
    let dst = SIMD4<Float>(raw.loadUnaligned(as: SIMD4<UInt8>.self))
    let out = src + dst * (1 - src.w * (1 / 255))
    raw.storeBytes(of: PixelMath.bytes(out), as: SIMD4<UInt8>.self)
  }
}

extension PreparedDraw {
  /// True when the fast image path applies: plain rectangle, hard edges, no clip that needs
  /// coverage, an affine plane, and one filter for the whole draw.
  var isPlainImage: Bool {
    guard let t = texture, isAffine, !hasRadii, ring == nil, shadow == nil, softEdges == 0, clips.isEmpty else { return false }
    let j = Coverage.Jacobian(dudx: inv.0, dudy: inv.1, dvdx: inv.3, dvdy: inv.4)
    let lod = Sampling.levelOfDetail(texelsPerPixel: t.footprint(j), bias: t.bias)
    let f = lod <= 0 ? t.magFilter : t.minFilter
    return f != .trilinear
  }

  var plainFilterIsNearest: Bool {
    guard let t = texture else { return false }
    let j = Coverage.Jacobian(dudx: inv.0, dudy: inv.1, dvdx: inv.3, dvdy: inv.4)
    let lod = Sampling.levelOfDetail(texelsPerPixel: t.footprint(j), bias: t.bias)
    return (lod <= 0 ? t.magFilter : t.minFilter) == .nearest
  }
}

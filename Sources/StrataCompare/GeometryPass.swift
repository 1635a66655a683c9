import Strata

/// The cross-backend tier's edge check: are the edges where the reference has them?
///
/// Two measures, on premultiplied colour and alpha (what compositing sees):
/// - **displacement**: at each edge pixel, the least-squares shift `δ` that best explains
///   the difference, `Σ g gᵀ · δ = Σ g (E − A)` over a 5x5 window, with `g` the mean
///   gradient of both images summed over channels (Lucas–Kanade). Anti-aliasing that
///   differs by a step of coverage shifts an edge by a small fraction of a pixel; a shape
///   drawn one pixel off shifts every one of its edge pixels by about one. The system is
///   regularised by a tenth of its trace, so the shift along an edge (which a straight
///   edge cannot tell) stays near zero.
/// - **structure**: an edge of the reference with no edge at least half as strong within
///   one pixel in the actual image was lost (a missing hairline, whose two sides cancel in
///   the displacement), and the reverse was gained.
///
/// Only the rectangle around the differing pixels is examined. Plain arrays, no unsafe code.
struct GeometryPass {
  let width: Int
  let height: Int
  /// Premultiplied RGBA8 of both images.
  let expected: [UInt8]
  let actual: [UInt8]
  let region: PixelRect
  let tolerance: CrossBackendTolerance

  var flaggedPixels = 0
  var largestDisplacement: Float = 0

  /// The window's radius: 5x5 sees both sides of a one-pixel anti-aliased edge but not
  /// the other edge of a 5-pixel stroke.
  static let windowRadius = 2

  mutating func run(mask: inout [UInt8]) {
    let rw = region.width, rh = region.height
    guard rw > 0, rh > 0 else { return }
    var t = gradients()
    let r = Self.windowRadius
    Self.boxSum(&t.ixx, width: rw, height: rh, radius: r)
    Self.boxSum(&t.ixy, width: rw, height: rh, radius: r)
    Self.boxSum(&t.iyy, width: rw, height: rh, radius: r)
    Self.boxSum(&t.bx, width: rw, height: rh, radius: r)
    Self.boxSum(&t.by, width: rw, height: rh, radius: r)
    let maxE = Self.max3x3(t.magE, width: rw, height: rh), maxA = Self.max3x3(t.magA, width: rw, height: rh)

    let contrast = tolerance.edgeContrast, sharp = tolerance.displacementLimit, soft = tolerance.softEdgeDisplacementLimit
    // A 5-pixel run of a step edge at the contrast threshold, both sides.
    let minEnergy = 10 * contrast * contrast
    var flagged = 0, largest: Float = 0
    for ry in 0..<rh {
      for rx in 0..<rw {
        let j = ry * rw + rx
        let me = t.magE[j], ma = t.magA[j]
        guard me >= contrast || ma >= contrast else { continue }
        var bad = (me >= contrast && maxA[j] < 0.5 * me) || (ma >= contrast && maxE[j] < 0.5 * ma)
        let trace = t.ixx[j] + t.iyy[j]
        if trace >= minEnergy {
          let lambda = 0.1 * trace + 1
          let a = t.ixx[j] + lambda, b = t.ixy[j], d = t.iyy[j] + lambda
          let det = a * d - b * b
          let dx = (d * t.bx[j] - b * t.by[j]) / det, dy = (a * t.by[j] - b * t.bx[j]) / det
          let shift = (dx * dx + dy * dy).squareRoot()
          largest = max(largest, shift)
          // The edge's width: its contrast across the window over its gradient. A sharp,
          // anti-aliased edge is 2 pixels wide by central differences; a blurred one up to
          // the window's 4. Renderers place a soft edge less exactly (one blurs with a
          // Gaussian, another with three boxes), so its limit grows, but stays under the
          // pixel a real shift moves it.
          let width = me > 0 ? min(max(windowRange(x: region.x0 + rx, y: region.y0 + ry) / me, 2), 4) : 2
          let limit = sharp + (soft - sharp) * (width - 2) / 2
          if shift > limit { bad = true }
        }
        if bad {
          flagged += 1
          mask[(region.y0 + ry) * width + region.x0 + rx] |= FailureMask.geometry.rawValue
        }
      }
    }
    flaggedPixels = flagged
    largestDisplacement = largest
  }

  /// The reference's contrast across the LK window at `(x, y)`: the per-channel range
  /// (maximum − minimum) over the 5x5 window, clipped at the image's edges, combined over
  /// channels like the gradient magnitude. Taken only at edge pixels, so computed directly.
  private func windowRange(x: Int, y: Int) -> Float {
    let r = Self.windowRadius
    var lo0 = 255, lo1 = 255, lo2 = 255, lo3 = 255, hi0 = 0, hi1 = 0, hi2 = 0, hi3 = 0
    var yy = max(y - r, 0)
    while yy <= min(y + r, height - 1) {
      var xx = max(x - r, 0)
      while xx <= min(x + r, width - 1) {
        let i = (yy * width + xx) * 4
        let v0 = Int(expected[i]), v1 = Int(expected[i + 1]), v2 = Int(expected[i + 2]), v3 = Int(expected[i + 3])
        lo0 = min(lo0, v0); hi0 = max(hi0, v0); lo1 = min(lo1, v1); hi1 = max(hi1, v1)
        lo2 = min(lo2, v2); hi2 = max(hi2, v2); lo3 = min(lo3, v3); hi3 = max(hi3, v3)
        xx += 1
      }
      yy += 1
    }
    let r0 = Float(hi0 - lo0), r1 = Float(hi1 - lo1), r2 = Float(hi2 - lo2), r3 = Float(hi3 - lo3)
    return (r0 * r0 + r1 * r1 + r2 * r2 + r3 * r3).squareRoot()
  }

  /// Per-pixel structure-tensor terms and gradient magnitudes over the region.
  struct Terms {
    var ixx: [Float], ixy: [Float], iyy: [Float], bx: [Float], by: [Float], magE: [Float], magA: [Float]
  }

  private func gradients() -> Terms {
    let w = width, h = height, rw = region.width, n = rw * region.height
    let e = expected, a = actual
    var t = Terms(
      ixx: .init(repeating: 0, count: n), ixy: .init(repeating: 0, count: n), iyy: .init(repeating: 0, count: n),
      bx: .init(repeating: 0, count: n), by: .init(repeating: 0, count: n), magE: .init(repeating: 0, count: n),
      magA: .init(repeating: 0, count: n))
    for y in region.y0..<region.y1 {
      let yu = max(y - 1, 0) * w, yc = y * w, yd = min(y + 1, h - 1) * w
      for x in region.x0..<region.x1 {
        let xl = max(x - 1, 0), xr = min(x + 1, w - 1)
        var sxx: Float = 0, sxy: Float = 0, syy: Float = 0, sbx: Float = 0, sby: Float = 0
        var ge: Float = 0, ga: Float = 0
        let l = (yc + xl) * 4, rr = (yc + xr) * 4, u = (yu + x) * 4, dn = (yd + x) * 4, c0 = (yc + x) * 4
        var c = 0
        while c < 4 {
          let exg = (Float(e[rr + c]) - Float(e[l + c])) * 0.5
          let eyg = (Float(e[dn + c]) - Float(e[u + c])) * 0.5
          let axg = (Float(a[rr + c]) - Float(a[l + c])) * 0.5
          let ayg = (Float(a[dn + c]) - Float(a[u + c])) * 0.5
          let gx = (exg + axg) * 0.5, gy = (eyg + ayg) * 0.5
          let d = Float(e[c0 + c]) - Float(a[c0 + c])
          sxx += gx * gx; sxy += gx * gy; syy += gy * gy
          sbx += gx * d; sby += gy * d
          ge += exg * exg + eyg * eyg
          ga += axg * axg + ayg * ayg
          c += 1
        }
        let j = (y - region.y0) * rw + (x - region.x0)
        t.ixx[j] = sxx; t.ixy[j] = sxy; t.iyy[j] = syy; t.bx[j] = sbx; t.by[j] = sby
        t.magE[j] = ge.squareRoot(); t.magA[j] = ga.squareRoot()
      }
    }
    return t
  }

  /// Replaces each value with the sum over the `(2r+1)²` window around it, clipped at the
  /// edges. Separable running sums: O(1) per pixel whatever the radius.
  static func boxSum(_ p: inout [Float], width w: Int, height h: Int, radius r: Int) {
    var rows = [Float](repeating: 0, count: w * h)
    for y in 0..<h {
      let o = y * w
      var s: Float = 0
      for x in 0..<min(r, w) { s += p[o + x] }
      for x in 0..<w {
        if x + r < w { s += p[o + x + r] }
        if x - r - 1 >= 0 { s -= p[o + x - r - 1] }
        rows[o + x] = s
      }
    }
    // Vertically, a running sum of rows, so that memory is read in order.
    var acc = [Float](repeating: 0, count: w)
    for y in 0..<min(r, h) { for x in 0..<w { acc[x] += rows[y * w + x] } }
    for y in 0..<h {
      if y + r < h { let o = (y + r) * w; for x in 0..<w { acc[x] += rows[o + x] } }
      if y - r - 1 >= 0 { let o = (y - r - 1) * w; for x in 0..<w { acc[x] -= rows[o + x] } }
      let o = y * w
      for x in 0..<w { p[o + x] = acc[x] }
    }
  }

  /// The maximum of `p` over each 3x3 neighbourhood.
  static func max3x3(_ p: [Float], width w: Int, height h: Int) -> [Float] {
    var rows = p
    for y in 0..<h {
      let o = y * w
      for x in 0..<w { rows[o + x] = max(p[o + max(x - 1, 0)], p[o + x], p[o + min(x + 1, w - 1)]) }
    }
    var out = p
    for y in 0..<h {
      let u = max(y - 1, 0) * w, c = y * w, d = min(y + 1, h - 1) * w
      for x in 0..<w { out[c + x] = max(rows[u + x], rows[c + x], rows[d + x]) }
    }
    return out
  }
}

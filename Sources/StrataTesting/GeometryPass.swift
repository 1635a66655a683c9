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
/// Only the rectangle around the differing pixels is examined.
struct GeometryPass {
  let expected: Image
  let actual: Image
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
    let n = rw * rh
    let planes = UnsafeMutablePointer<Float>.allocate(capacity: n * 9)
    planes.initialize(repeating: 0, count: n * 9)
    defer { planes.deallocate() }
    let ixx = planes, ixy = planes + n, iyy = planes + 2 * n, bx = planes + 3 * n, by = planes + 4 * n
    let magE = planes + 5 * n, magA = planes + 6 * n, maxE = planes + 7 * n, maxA = planes + 8 * n
    gradients(ixx: ixx, ixy: ixy, iyy: iyy, bx: bx, by: by, magE: magE, magA: magA)
    let scratch = UnsafeMutablePointer<Float>.allocate(capacity: n)
    defer { scratch.deallocate() }
    Self.boxSum(ixx, width: rw, height: rh, radius: Self.windowRadius, scratch: scratch)
    Self.boxSum(ixy, width: rw, height: rh, radius: Self.windowRadius, scratch: scratch)
    Self.boxSum(iyy, width: rw, height: rh, radius: Self.windowRadius, scratch: scratch)
    Self.boxSum(bx, width: rw, height: rh, radius: Self.windowRadius, scratch: scratch)
    Self.boxSum(by, width: rw, height: rh, radius: Self.windowRadius, scratch: scratch)
    Self.max3x3(magE, into: maxE, width: rw, height: rh, scratch: scratch)
    Self.max3x3(magA, into: maxA, width: rw, height: rh, scratch: scratch)

    let contrast = tolerance.edgeContrast, limit = tolerance.displacementLimit
    // A 5-pixel run of a step edge at the contrast threshold, both sides.
    let minEnergy = 10 * contrast * contrast
    let w = expected.width
    var flagged = 0, largest: Float = 0
    // Index the mask through a raw pointer, as `PixelPass` does.
    let m = UnsafeMutablePointer<UInt8>.allocate(capacity: mask.count)
    m.initialize(from: mask, count: mask.count)
    defer { m.deallocate() }
    for ry in 0..<rh {
      for rx in 0..<rw {
        let j = ry * rw + rx
        let me = magE[j], ma = magA[j]
        guard me >= contrast || ma >= contrast else { continue }
        var bad = (me >= contrast && maxA[j] < 0.5 * me) || (ma >= contrast && maxE[j] < 0.5 * ma)
        let trace = ixx[j] + iyy[j]
        if trace >= minEnergy {
          let lambda = 0.1 * trace + 1
          let a = ixx[j] + lambda, b = ixy[j], d = iyy[j] + lambda
          let det = a * d - b * b
          let dx = (d * bx[j] - b * by[j]) / det, dy = (a * by[j] - b * bx[j]) / det
          let shift = (dx * dx + dy * dy).squareRoot()
          largest = max(largest, shift)
          if shift > limit { bad = true }
        }
        if bad {
          flagged += 1
          m[(region.y0 + ry) * w + region.x0 + rx] |= FailureMask.geometry.rawValue
        }
      }
    }
    mask = Array(UnsafeBufferPointer(start: m, count: mask.count))
    flaggedPixels = flagged
    largestDisplacement = largest
  }

  /// Per-pixel structure-tensor terms and gradient magnitudes over the region.
  private func gradients(
    ixx: UnsafeMutablePointer<Float>, ixy: UnsafeMutablePointer<Float>, iyy: UnsafeMutablePointer<Float>,
    bx: UnsafeMutablePointer<Float>, by: UnsafeMutablePointer<Float>,
    magE: UnsafeMutablePointer<Float>, magA: UnsafeMutablePointer<Float>
  ) {
    let w = expected.width, h = expected.height, rw = region.width
    let e = expected.unsafeBaseAddress, a = actual.unsafeBaseAddress
    for y in region.y0..<region.y1 {
      let yu = max(y - 1, 0) * w, yc = y * w, yd = min(y + 1, h - 1) * w
      for x in region.x0..<region.x1 {
        let xl = max(x - 1, 0), xr = min(x + 1, w - 1)
        var sxx: Float = 0, sxy: Float = 0, syy: Float = 0, sbx: Float = 0, sby: Float = 0
        var ge: Float = 0, ga: Float = 0
        for c in 0..<4 {
          let exg = (Float(e[(yc + xr) * 4 + c]) - Float(e[(yc + xl) * 4 + c])) * 0.5
          let eyg = (Float(e[(yd + x) * 4 + c]) - Float(e[(yu + x) * 4 + c])) * 0.5
          let axg = (Float(a[(yc + xr) * 4 + c]) - Float(a[(yc + xl) * 4 + c])) * 0.5
          let ayg = (Float(a[(yd + x) * 4 + c]) - Float(a[(yu + x) * 4 + c])) * 0.5
          let gx = (exg + axg) * 0.5, gy = (eyg + ayg) * 0.5
          let t = Float(e[(yc + x) * 4 + c]) - Float(a[(yc + x) * 4 + c])
          sxx += gx * gx; sxy += gx * gy; syy += gy * gy
          sbx += gx * t; sby += gy * t
          ge += exg * exg + eyg * eyg
          ga += axg * axg + ayg * ayg
        }
        let j = (y - region.y0) * rw + (x - region.x0)
        ixx[j] = sxx; ixy[j] = sxy; iyy[j] = syy; bx[j] = sbx; by[j] = sby
        magE[j] = ge.squareRoot(); magA[j] = ga.squareRoot()
      }
    }
  }

  /// Replaces each value with the sum over the `(2r+1)²` window around it, clipped at the
  /// edges. Separable running sums: O(1) per pixel whatever the radius.
  static func boxSum(_ p: UnsafeMutablePointer<Float>, width w: Int, height h: Int, radius r: Int, scratch: UnsafeMutablePointer<Float>) {
    for y in 0..<h {
      let row = p + y * w, out = scratch + y * w
      var s: Float = 0
      for x in 0..<min(r, w) { s += row[x] }
      for x in 0..<w {
        if x + r < w { s += row[x + r] }
        if x - r - 1 >= 0 { s -= row[x - r - 1] }
        out[x] = s
      }
    }
    // Vertically, row by row (a running sum of rows), so that memory is read in order.
    let acc = UnsafeMutablePointer<Float>.allocate(capacity: w)
    defer { acc.deallocate() }
    acc.initialize(repeating: 0, count: w)
    for y in 0..<min(r, h) { for x in 0..<w { acc[x] += scratch[y * w + x] } }
    for y in 0..<h {
      if y + r < h { let add = scratch + (y + r) * w; for x in 0..<w { acc[x] += add[x] } }
      if y - r - 1 >= 0 { let sub = scratch + (y - r - 1) * w; for x in 0..<w { acc[x] -= sub[x] } }
      let row = p + y * w
      for x in 0..<w { row[x] = acc[x] }
    }
  }

  /// `out` = the maximum of `p` over each 3x3 neighbourhood.
  static func max3x3(_ p: UnsafeMutablePointer<Float>, into out: UnsafeMutablePointer<Float>, width w: Int, height h: Int, scratch: UnsafeMutablePointer<Float>) {
    for y in 0..<h {
      let row = p + y * w
      for x in 0..<w { scratch[y * w + x] = max(row[max(x - 1, 0)], row[x], row[min(x + 1, w - 1)]) }
    }
    for y in 0..<h {
      let u = max(y - 1, 0) * w, c = y * w, d = min(y + 1, h - 1) * w
      for x in 0..<w { out[c + x] = max(scratch[u + x], scratch[c + x], scratch[d + x]) }
    }
  }
}

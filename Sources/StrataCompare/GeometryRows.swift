/// The geometry pass's per-pixel terms, made row by row as the pass moves down its
/// rectangle: the structure tensor `Σ g gᵀ` and right-hand side `Σ g (E − A)` summed over
/// each pixel's 5x5 window, and the gradient magnitudes of both images with their 3x3
/// maxima.
///
/// Hot loops write through `MutableSpan`, which checks the array's uniqueness once rather
/// than at every element as an array subscript in a loop does.
///
/// Window sums are separable running sums, as a whole-plane box filter would compute them
/// and in the same order of additions, so the results do not depend on the streaming:
/// each row is summed horizontally into a ring of the last `ringSize` rows, and a running
/// vertical sum adds the row entering the window and subtracts the one leaving it. Windows
/// are clipped at the rectangle's edges.
struct GeometryRows {
  /// Five planes of one row: the tensor's `xx`, `xy`, `yy` and the right-hand side's `x`
  /// and `y`.
  struct Terms {
    var xx, xy, yy, bx, by: [Float]

    init(count: Int) {
      xx = [Float](repeating: 0, count: count)
      (xy, yy, bx, by) = (xx, xx, xx, xx)
    }
  }

  /// The rows entering and leaving a window are `2r + 1` apart; one more slot keeps both.
  static let ringSize = 2 * GeometryPass.windowRadius + 2

  private let width: Int, height: Int, expected: [UInt32], actual: [UInt32], region: PixelRect
  private let rw: Int, rh: Int
  /// The window sums of the current row, one per pixel of the rectangle's width.
  private(set) var sums: Terms
  /// Per ring slot: gradient magnitudes of the reference and the actual image, and their
  /// maxima over each pixel and its left and right neighbours.
  private(set) var magE: [Float], magA: [Float], maxE: [Float], maxA: [Float]
  /// Per ring slot: the terms summed along the row.
  private var rowSums: Terms
  /// One row's terms, before summing.
  private var raw: Terms
  private var current = -1

  init(pass p: GeometryPass) {
    width = p.width
    height = p.height
    expected = p.expected
    actual = p.actual
    region = p.region
    rw = region.width
    rh = region.height
    sums = Terms(count: rw)
    raw = Terms(count: rw)
    rowSums = Terms(count: rw * Self.ringSize)
    magE = [Float](repeating: 0, count: rw * Self.ringSize)
    (magA, maxE, maxA) = (magE, magE, magE)
  }

  /// The ring slot of rectangle row `ry`, valid from `ry - 3` to `ry + 2` after
  /// `advance(to: ry)`.
  func slot(_ ry: Int) -> Int { ry % Self.ringSize }

  /// Makes `sums` the window sums of rectangle row `ry`; rows are visited in order.
  mutating func advance(to ry: Int) {
    precondition(ry == current + 1, "GeometryRows visits rows in order")
    let r = GeometryPass.windowRadius
    if ry == 0 {
      for k in 0..<Swift.min(r, rh) { compute(row: k); addRow(k, sign: 1) }
    }
    if ry + r < rh { compute(row: ry + r); addRow(ry + r, sign: 1) }
    if ry - r - 1 >= 0 { addRow(ry - r - 1, sign: -1) }
    current = ry
  }

  /// Adds (or subtracts) the row sums of rectangle row `ry` to the running window sums.
  private mutating func addRow(_ ry: Int, sign: Float) {
    let o = slot(ry) * rw
    Self.accumulate(&sums.xx, rowSums.xx, from: o, sign: sign)
    Self.accumulate(&sums.xy, rowSums.xy, from: o, sign: sign)
    Self.accumulate(&sums.yy, rowSums.yy, from: o, sign: sign)
    Self.accumulate(&sums.bx, rowSums.bx, from: o, sign: sign)
    Self.accumulate(&sums.by, rowSums.by, from: o, sign: sign)
  }

  /// `sum[x] ± row[o + x]` for every `x` of `sum`.
  private static func accumulate(_ sum: inout [Float], _ row: [Float], from o: Int, sign: Float) {
    let n = sum.count
    var out = sum.mutableSpan
    var x = 0
    if sign > 0 {
      while x < n { out[x] += row[o + x]; x += 1 }
    } else {
      while x < n { out[x] -= row[o + x]; x += 1 }
    }
  }

  /// The terms of rectangle row `ry` into its ring slot: per pixel, then summed along the
  /// row; the magnitudes and their horizontal maxima.
  ///
  /// Gradients are central differences of whole levels, so every per-pixel term is an
  /// integer over 16 (or 4) well inside a `Float`'s 24 bits: summed exactly in integers,
  /// then converted once, they are the values a float computation would give, bit for bit.
  private mutating func compute(row ry: Int) {
    let o = slot(ry) * rw
    Self.pixelTerms(
      row: region.y0 + ry, x0: region.x0, x1: region.x1, width: width, height: height, expected: expected,
      actual: actual, xx: &raw.xx, xy: &raw.xy, yy: &raw.yy, bx: &raw.bx, by: &raw.by, magE: &magE, magA: &magA, at: o)
    Self.runningSum(&rowSums.xx, of: raw.xx, at: o)
    Self.runningSum(&rowSums.xy, of: raw.xy, at: o)
    Self.runningSum(&rowSums.yy, of: raw.yy, at: o)
    Self.runningSum(&rowSums.bx, of: raw.bx, at: o)
    Self.runningSum(&rowSums.by, of: raw.by, at: o)
    Self.runningMax(&maxE, of: magE, at: o, count: rw)
    Self.runningMax(&maxA, of: magA, at: o, count: rw)
  }

  /// The terms of the pixels `x0..<x1` of image row `y`, into `xx`…`by` from 0 and into
  /// the magnitude rows from `at`.
  private static func pixelTerms(
    row y: Int, x0: Int, x1: Int, width w: Int, height h: Int, expected e: [UInt32], actual a: [UInt32],
    xx: inout [Float], xy: inout [Float], yy: inout [Float], bx: inout [Float], by: inout [Float],
    magE: inout [Float], magA: inout [Float], at o: Int
  ) {
    let yu = (y > 0 ? y - 1 : y) * w, yc = y * w, yd = (y + 1 < h ? y + 1 : y) * w
    var xx = xx.mutableSpan, xy = xy.mutableSpan, yy = yy.mutableSpan, bx = bx.mutableSpan, by = by.mutableSpan
    var magE = magE.mutableSpan, magA = magA.mutableSpan
    var x = x0
    while x < x1 {
      let xl = x > 0 ? x - 1 : x, xr = x + 1 < w ? x + 1 : x
      let eL = Int(e[yc + xl]), eR = Int(e[yc + xr]), eU = Int(e[yu + x]), eD = Int(e[yd + x]), eC = Int(e[yc + x])
      let aL = Int(a[yc + xl]), aR = Int(a[yc + xr]), aU = Int(a[yu + x]), aD = Int(a[yd + x]), aC = Int(a[yc + x])
      let j = x - x0
      x += 1
      // Where neither image changes across the pixel every term is zero: the common case
      // away from edges.
      if eL == eR && eU == eD && aL == aR && aU == aD {
        xx[j] = 0; xy[j] = 0; yy[j] = 0; bx[j] = 0; by[j] = 0
        magE[o + j] = 0; magA[o + j] = 0
        continue
      }
      // Per channel: the sums of both images' differences (4 × the mean gradient), and
      // the level difference at the pixel.
      var ixx = 0, ixy = 0, iyy = 0, ibx = 0, iby = 0, ge = 0, ga = 0
      var shift = 0
      while shift < 32 {
        let dxe = (eR >> shift & 0xFF) - (eL >> shift & 0xFF), dye = (eD >> shift & 0xFF) - (eU >> shift & 0xFF)
        let dxa = (aR >> shift & 0xFF) - (aL >> shift & 0xFF), dya = (aD >> shift & 0xFF) - (aU >> shift & 0xFF)
        let sx = dxe + dxa, sy = dye + dya, d = (eC >> shift & 0xFF) - (aC >> shift & 0xFF)
        ixx += sx * sx; ixy += sx * sy; iyy += sy * sy
        ibx += sx * d; iby += sy * d
        ge += dxe * dxe + dye * dye
        ga += dxa * dxa + dya * dya
        shift += 8
      }
      xx[j] = Float(ixx) * 0.0625; xy[j] = Float(ixy) * 0.0625; yy[j] = Float(iyy) * 0.0625
      bx[j] = Float(ibx) * 0.25; by[j] = Float(iby) * 0.25
      magE[o + j] = (Float(ge) * 0.25).squareRoot(); magA[o + j] = (Float(ga) * 0.25).squareRoot()
    }
  }

  /// Each value of `p` summed over the `2r + 1` values around it along the row, clipped
  /// at the row's ends, into `sums` from `o`: a running sum, adding the value entering
  /// the window before subtracting the one leaving it.
  private static func runningSum(_ sums: inout [Float], of p: [Float], at o: Int) {
    let r = GeometryPass.windowRadius, n = p.count
    var sums = sums.mutableSpan
    var s: Float = 0
    var k = 0
    while k < Swift.min(r, n) { s += p[k]; k += 1 }
    k = 0
    while k < n {
      if k + r < n { s += p[k + r] }
      if k - r - 1 >= 0 { s -= p[k - r - 1] }
      sums[o + k] = s
      k += 1
    }
  }

  /// The maximum of each value of `p` (from `o`) and its left and right neighbours.
  private static func runningMax(_ out: inout [Float], of p: [Float], at o: Int, count n: Int) {
    var out = out.mutableSpan
    var k = 0
    while k < n {
      let l = p[o + (k > 0 ? k - 1 : k)], c = p[o + k], r = p[o + (k + 1 < n ? k + 1 : k)]
      let lc = l > c ? l : c
      out[o + k] = lc > r ? lc : r
      k += 1
    }
  }
}

import Strata

/// The per-pixel checks: channel tolerance, 3x3 envelope, flat regions, critical alpha and
/// the signed-difference statistics, in one pass over both images; and the picture's own
/// measures (its edge pixels and their contrast) that the default allowances scale with.
///
/// The envelope is taken on premultiplied colour: an anti-aliased pixel is a mix of its
/// neighbours there, whereas straight colour at low coverage amplifies a rounding step of
/// a translucent edge into many levels. The other checks use straight colour weighted by
/// coverage. The reference's 3x3 minimum and maximum are separable: a horizontal pass over
/// the whole image, then a vertical min/max of three rows per pixel.
///
/// Plain arrays throughout: the pass needs no unsafe code (StrataTesting is built with
/// strict memory safety). Inner loops are scalar, because generic SIMD operations are slow
/// in the debug builds that run test suites.
struct PixelPass {
  let width: Int
  let height: Int
  /// Premultiplied RGBA8, as the images hold them.
  let expected: [UInt8]
  let actual: [UInt8]
  /// Straight RGBA8, with `Image.straightPixels`' rounding.
  let expectedStraight: [UInt8]
  let actualStraight: [UInt8]
  let tolerance: Tolerance

  var measurements = Measurements()
  var mask: [UInt8] = []
  var differentPixels = 0
  var largest = ImageComparison.Channels(red: 0, green: 0, blue: 0, alpha: 0)
  var thresholds: [ImageComparison.Threshold] = []
  /// The bounds of all pixels with any byte different; nil when the images are equal.
  var differenceBounds: PixelRect?

  /// A scratch bit: the pixel is over the flat tolerance (flat or not); cleared before the
  /// mask is kept.
  static let overFlatLimit: UInt8 = 128

  /// The worst-channel levels the report counts pixels over.
  static let reportedLevels = [1, 2, 4, 8, 16, 32, 64, 128]

  init(expected e: Image, actual a: Image, tolerance: Tolerance) {
    width = e.width
    height = e.height
    expected = e.pixels
    actual = a.pixels
    expectedStraight = e.straightPixels
    actualStraight = a.straightPixels
    self.tolerance = tolerance
  }

  /// - Complexity: O(width × height), one pass; this loop is the cost of every golden test.
  mutating func run() {
    let w = width, h = height, n = w * h
    let e = expected, a = actual, es = expectedStraight, as_ = actualStraight
    var channelLimit = Int.max, cross: CrossBackendTolerance? = nil
    switch tolerance {
    case .channel(let k): channelLimit = k
    case .crossBackend(let t): cross = t
    }
    let margin = cross?.envelopeMargin ?? 0, flatLimit = cross?.flatTolerance ?? 0
    let alphaLimit = cross?.criticalAlphaThreshold ?? 0
    let edgeRange = cross?.edgeRange ?? 0
    let levels = Self.reportedLevels
    var counts = [Int](repeating: 0, count: levels.count)
    var largestC = [0, 0, 0, 0]
    var sum = [0.0, 0.0, 0.0, 0.0], sumSquares = [0.0, 0.0, 0.0, 0.0]
    var active = 0, edges = 0, contrastSum = 0
    var different = 0, channelPixels = 0, envelopePixels = 0, flatPixels = 0, alphaPixels = 0, flipped = 0
    let flipShare = cross?.flipShare ?? 100
    var bx0 = w, by0 = h, bx1 = 0, by1 = 0
    var bits = [UInt8](repeating: 0, count: n)
    // The reference's horizontal 3-wide minimum and maximum, per byte.
    let (rowMin, rowMax) = cross != nil ? Self.horizontalRange(e, width: w, height: h) : ([], [])

    var y = 0
    while y < h {
      let up = max(y - 1, 0) * w * 4, down = min(y + 1, h - 1) * w * 4, row = y * w
      var rowDifferent = false
      var x = 0
      // Channels are unrolled and loops are `while`: in a debug build every range
      // iterator and array access is a call, and this loop runs for every pixel.
      while x < w {
        let i = row + x, i4 = i * 4
        x += 1
        let e0 = Int(es[i4]), e1 = Int(es[i4 + 1]), e2 = Int(es[i4 + 2]), aE = Int(es[i4 + 3])
        let a0 = Int(as_[i4]), a1 = Int(as_[i4 + 1]), a2 = Int(as_[i4 + 2]), aA = Int(as_[i4 + 3])
        let anyDifferent = e0 != a0 || e1 != a1 || e2 != a2 || aE != aA
        if !anyDifferent && cross == nil { continue }
        // Colour scaled by coverage, rounded; alpha as it is (·255/255).
        let coverage = max(aE, aA)
        let d0 = (a0 - e0) * coverage, d1 = (a1 - e1) * coverage, d2 = (a2 - e2) * coverage, d3 = (aA - aE) * 255
        var b: UInt8 = 0
        if anyDifferent {
          let w0 = (abs(d0) + 127) / 255, w1 = (abs(d1) + 127) / 255, w2 = (abs(d2) + 127) / 255, w3 = abs(d3) / 255
          let worst = max(w0, w1, w2, w3)
          largestC[0] = max(largestC[0], w0); largestC[1] = max(largestC[1], w1)
          largestC[2] = max(largestC[2], w2); largestC[3] = max(largestC[3], w3)
          different += 1
          rowDifferent = true
          bx0 = min(bx0, x - 1); bx1 = max(bx1, x)
          var k = 0
          while k < levels.count && worst > levels[k] { counts[k] += 1; k += 1 }
          if worst > channelLimit { b |= FailureMask.channel.rawValue; channelPixels += 1 }
          if cross != nil && worst > flatLimit { b |= Self.overFlatLimit }
        }
        if cross != nil {
          let u = up + (x - 1) * 4, m = i4, dn = down + (x - 1) * 4
          let lo0 = Int(min(rowMin[u], rowMin[m], rowMin[dn])), hi0 = Int(max(rowMax[u], rowMax[m], rowMax[dn]))
          let lo1 = Int(min(rowMin[u + 1], rowMin[m + 1], rowMin[dn + 1])), hi1 = Int(max(rowMax[u + 1], rowMax[m + 1], rowMax[dn + 1]))
          let lo2 = Int(min(rowMin[u + 2], rowMin[m + 2], rowMin[dn + 2])), hi2 = Int(max(rowMax[u + 2], rowMax[m + 2], rowMax[dn + 2]))
          let lo3 = Int(min(rowMin[u + 3], rowMin[m + 3], rowMin[dn + 3])), hi3 = Int(max(rowMax[u + 3], rowMax[m + 3], rowMax[dn + 3]))
          let range = max(hi0 - lo0, hi1 - lo1, hi2 - lo2, hi3 - lo3)
          let flat = range == 0
          if range >= edgeRange { edges += 1 }
          if anyDifferent {
            let v0 = Int(a[i4]), v1 = Int(a[i4 + 1]), v2 = Int(a[i4 + 2]), v3 = Int(a[i4 + 3])
            let outside =
              v0 - hi0 > margin || lo0 - v0 > margin || v1 - hi1 > margin || lo1 - v1 > margin
              || v2 - hi2 > margin || lo2 - v2 > margin || v3 - hi3 > margin || lo3 - v3 > margin
            if flat && b & Self.overFlatLimit != 0 { b |= FailureMask.flat.rawValue; flatPixels += 1 }
            if outside {
              b |= FailureMask.envelope.rawValue; envelopePixels += 1
              // A pixel that changed by most of its neighbourhood's contrast went over to
              // the other side of an edge (a hole, a speck, a wrong colour); a coverage
              // step of anti-aliasing or multisampling changes it by a fraction.
              let change = max(abs(v0 - Int(e[i4])), abs(v1 - Int(e[i4 + 1])), abs(v2 - Int(e[i4 + 2])), abs(v3 - Int(e[i4 + 3])))
              if change * 100 > flipShare * max(range, 1) { flipped += 1 }
            }
            if (aE == 0 || aE == 255) && abs(aA - aE) > alphaLimit {
              b |= FailureMask.criticalAlpha.rawValue; alphaPixels += 1
            }
            b &= ~Self.overFlatLimit
          }
          if !flat || anyDifferent {
            let v0 = Double(d0) / 255, v1 = Double(d1) / 255, v2 = Double(d2) / 255, v3 = Double(d3) / 255
            sum[0] += v0; sum[1] += v1; sum[2] += v2; sum[3] += v3
            sumSquares[0] += v0 * v0; sumSquares[1] += v1 * v1; sumSquares[2] += v2 * v2; sumSquares[3] += v3 * v3
            active += 1
            contrastSum += range
          }
        }
        if b != 0 { bits[i] = b }
      }
      if rowDifferent { by0 = min(by0, y); by1 = y + 1 }
      y += 1
    }
    mask = bits
    differentPixels = different
    largest = .init(red: largestC[0], green: largestC[1], blue: largestC[2], alpha: largestC[3])
    thresholds = (0..<levels.count).map { .init(levels: levels[$0], pixels: counts[$0]) }
    differenceBounds = different > 0 ? PixelRect(x0: bx0, y0: by0, x1: bx1, y1: by1) : nil
    measurements.channelPixels = channelPixels
    measurements.envelopePixels = envelopePixels
    measurements.flippedPixels = flipped
    measurements.flatPixels = flatPixels
    measurements.criticalAlphaPixels = alphaPixels
    measurements.edgePixels = edges
    if active > 0 {
      let k = Double(active)
      let mean = (0..<4).map { sum[$0] / k }
      measurements.meanSignedDifference = mean
      measurements.meanStandardError = (0..<4).map { (max(0, sumSquares[$0] / k - mean[$0] * mean[$0]) / k).squareRoot() }
      measurements.meanContrast = Double(contrastSum) / k
    }
  }

  /// The 3-wide horizontal minimum and maximum of each byte of `p`, row by row.
  static func horizontalRange(_ p: [UInt8], width w: Int, height h: Int) -> (min: [UInt8], max: [UInt8]) {
    var lo = p, hi = p
    var y = 0
    while y < h {
      var x = 0
      while x < w {
        let l = (y * w + max(x - 1, 0)) * 4, c = (y * w + x) * 4, r = (y * w + min(x + 1, w - 1)) * 4
        lo[c] = min(p[l], p[c], p[r]); hi[c] = max(p[l], p[c], p[r])
        lo[c + 1] = min(p[l + 1], p[c + 1], p[r + 1]); hi[c + 1] = max(p[l + 1], p[c + 1], p[r + 1])
        lo[c + 2] = min(p[l + 2], p[c + 2], p[r + 2]); hi[c + 2] = max(p[l + 2], p[c + 2], p[r + 2])
        lo[c + 3] = min(p[l + 3], p[c + 3], p[r + 3]); hi[c + 3] = max(p[l + 3], p[c + 3], p[r + 3])
        x += 1
      }
      y += 1
    }
    return (lo, hi)
  }
}

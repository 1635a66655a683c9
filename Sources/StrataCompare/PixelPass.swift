import Strata

/// The per-pixel checks: channel tolerance, 3x3 envelope, flat regions, critical alpha and
/// the signed-difference statistics, in one pass over both images; and the picture's own
/// measures (its edge pixels and their contrast) that the default allowances scale with.
///
/// The envelope is taken on premultiplied colour: an anti-aliased pixel is a mix of its
/// neighbours there, whereas straight colour at low coverage amplifies a rounding step of
/// a translucent edge into many levels. The other checks use straight colour weighted by
/// coverage, looked up per channel (`Unpremultiply`) rather than converted up front.
///
/// Pixels are read packed (`PackedPixels`), and nothing else image-sized is allocated but
/// the mask: the reference's 3x3 minimum and maximum slide along each row as three columns
/// of three pixels (`Column`), and an identical pixel costs one comparison (strict tier)
/// or its neighbourhood's range (cross-backend tier). Plain arrays and integer arithmetic
/// throughout, no unsafe code (StrataCompare is built with strict memory safety), and no
/// generic calls in the loop, which a debug build would not specialise.
struct PixelPass {
  let width: Int
  let height: Int
  /// Premultiplied RGBA8, packed.
  let expected: [UInt32]
  let actual: [UInt32]
  let tolerance: Tolerance

  var measurements = Measurements()
  var mask: [UInt8] = []
  var differentPixels = 0
  var largest = ImageComparison.Channels(red: 0, green: 0, blue: 0, alpha: 0)
  var thresholds: [ImageComparison.Threshold] = []
  /// The bounds of all pixels with any byte different; nil when the images are equal.
  var differenceBounds: PixelRect?

  /// The worst-channel levels the report counts pixels over.
  static let reportedLevels = [1, 2, 4, 8, 16, 32, 64, 128]

  init(expected e: Image, actual a: Image, tolerance: Tolerance) {
    width = e.width
    height = e.height
    expected = PackedPixels.of(e)
    actual = PackedPixels.of(a)
    self.tolerance = tolerance
  }

  /// - Complexity: O(width × height), one pass; this loop is the cost of every golden test.
  mutating func run() {
    let w = width, h = height
    let e = expected, a = actual, straight = Unpremultiply.table
    var channelLimit = Int.max, cross: CrossBackendTolerance? = nil
    switch tolerance {
    case .channel(let k): channelLimit = k
    case .crossBackend(let t): cross = t
    case .snapshot: break  // judged by SnapshotPrecision; this pass only measures
    }
    let isCross = cross != nil
    let margin = cross?.envelopeMargin ?? 0, flatLimit = cross?.flatTolerance ?? 0
    let alphaLimit = cross?.criticalAlphaThreshold ?? 0
    let edgeRange = cross?.edgeRange ?? 0, flipShare = cross?.flipShare ?? 100
    let levels = Self.reportedLevels
    var counts = [Int](repeating: 0, count: levels.count)
    var largest0 = 0, largest1 = 0, largest2 = 0, largest3 = 0
    var sum0 = 0.0, sum1 = 0.0, sum2 = 0.0, sum3 = 0.0, squares0 = 0.0, squares1 = 0.0, squares2 = 0.0, squares3 = 0.0
    var active = 0, edges = 0, contrastSum = 0
    var different = 0, channelPixels = 0, envelopePixels = 0, flatPixels = 0, alphaPixels = 0, flipped = 0
    var bx0 = w, by0 = h, bx1 = 0, by1 = 0
    var bits = [UInt8](repeating: 0, count: w * h)

    var y = 0
    while y < h {
      let row = y * w
      let up = (y > 0 ? y - 1 : y) * w, down = (y + 1 < h ? y + 1 : y) * w
      var rowDifferent = false
      // Columns x-1, x and x+1 of the reference's rows y-1...y+1, clamped at the edges.
      var left = Column(), centre = Column(), right = Column()
      if isCross {
        centre = Column(e, up, row, down, 0)
        right = w > 1 ? Column(e, up, row, down, 1) : centre
        left = centre
      }
      var x = 0
      // Channels are unrolled and loops are `while`: in a debug build every range
      // iterator and generic call is a call, and this loop runs for every pixel.
      while x < w {
        let i = row + x
        if isCross && x > 0 {
          left = centre
          centre = right
          if x + 1 < w { right = Column(e, up, row, down, x + 1) }
        }
        x += 1
        let pv = Int(e[i]), qv = Int(a[i])
        let bytesEqual = pv == qv
        if bytesEqual && !isCross { continue }
        let p0 = pv & 0xFF, p1 = pv >> 8 & 0xFF, p2 = pv >> 16 & 0xFF, aE = pv >> 24
        let q0 = qv & 0xFF, q1 = qv >> 8 & 0xFF, q2 = qv >> 16 & 0xFF, aA = qv >> 24
        // Straight colour, and whether it differs; identical bytes differ in nothing.
        var anyDifferent = false
        var d0 = 0, d1 = 0, d2 = 0, d3 = 0
        if !bytesEqual {
          let rowE = aE << 8, rowA = aA << 8
          let e0 = Int(straight[rowE | p0]), e1 = Int(straight[rowE | p1]), e2 = Int(straight[rowE | p2])
          let a0 = Int(straight[rowA | q0]), a1 = Int(straight[rowA | q1]), a2 = Int(straight[rowA | q2])
          anyDifferent = e0 != a0 || e1 != a1 || e2 != a2 || aE != aA
          // Colour scaled by coverage, rounded; alpha as it is (·255/255).
          let coverage = aE > aA ? aE : aA
          d0 = (a0 - e0) * coverage; d1 = (a1 - e1) * coverage; d2 = (a2 - e2) * coverage; d3 = (aA - aE) * 255
        }
        if !anyDifferent && !isCross { continue }
        var b: UInt8 = 0
        var overFlatLimit = false
        if anyDifferent {
          let w0 = ((d0 < 0 ? -d0 : d0) + 127) / 255, w1 = ((d1 < 0 ? -d1 : d1) + 127) / 255
          let w2 = ((d2 < 0 ? -d2 : d2) + 127) / 255, w3 = (d3 < 0 ? -d3 : d3) / 255
          let worst = Column.largest(w0, w1, w2, w3)
          if w0 > largest0 { largest0 = w0 }
          if w1 > largest1 { largest1 = w1 }
          if w2 > largest2 { largest2 = w2 }
          if w3 > largest3 { largest3 = w3 }
          different += 1
          rowDifferent = true
          if x - 1 < bx0 { bx0 = x - 1 }
          if x > bx1 { bx1 = x }
          var k = 0
          while k < levels.count && worst > levels[k] { counts[k] += 1; k += 1 }
          if worst > channelLimit { b |= FailureMask.channel.rawValue; channelPixels += 1 }
          overFlatLimit = worst > flatLimit
        }
        if isCross {
          // A neighbourhood of one colour (three equal columns of one colour each) has
          // no range: most of a picture, and the cheap case.
          let uniform = left.uniform >= 0 && left.uniform == centre.uniform && centre.uniform == right.uniform
          let n = uniform ? centre : Column.merged(left, centre, right)
          let range = uniform ? 0 : n.range
          let flat = range == 0
          if range >= edgeRange { edges += 1 }
          if anyDifferent {
            let v0 = q0, v1 = q1, v2 = q2, v3 = aA
            let outside =
              v0 - n.hi0 > margin || n.lo0 - v0 > margin || v1 - n.hi1 > margin || n.lo1 - v1 > margin
              || v2 - n.hi2 > margin || n.lo2 - v2 > margin || v3 - n.hi3 > margin || n.lo3 - v3 > margin
            if flat && overFlatLimit { b |= FailureMask.flat.rawValue; flatPixels += 1 }
            if outside {
              b |= FailureMask.envelope.rawValue; envelopePixels += 1
              // A pixel that changed by most of its neighbourhood's contrast went over to
              // the other side of an edge (a hole, a speck, a wrong colour); a coverage
              // step of anti-aliasing or multisampling changes it by a fraction.
              let change = Column.largest(abs(v0 - p0), abs(v1 - p1), abs(v2 - p2), abs(v3 - aE))
              if change * 100 > flipShare * Swift.max(range, 1) { flipped += 1 }
            }
            if (aE == 0 || aE == 255) && abs(aA - aE) > alphaLimit {
              b |= FailureMask.criticalAlpha.rawValue; alphaPixels += 1
            }
          }
          if !flat || anyDifferent {
            // Pixels whose straight colour is equal add nothing (their differences are +0).
            if anyDifferent {
              let v0 = Double(d0) / 255, v1 = Double(d1) / 255, v2 = Double(d2) / 255, v3 = Double(d3) / 255
              sum0 += v0; sum1 += v1; sum2 += v2; sum3 += v3
              squares0 += v0 * v0; squares1 += v1 * v1; squares2 += v2 * v2; squares3 += v3 * v3
            }
            active += 1
            contrastSum += range
          }
        }
        if b != 0 { bits[i] = b }
      }
      if rowDifferent {
        if y < by0 { by0 = y }
        by1 = y + 1
      }
      y += 1
    }
    mask = bits
    differentPixels = different
    largest = .init(red: largest0, green: largest1, blue: largest2, alpha: largest3)
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
      let sum = [sum0, sum1, sum2, sum3], squares = [squares0, squares1, squares2, squares3]
      let mean = (0..<4).map { sum[$0] / k }
      measurements.meanSignedDifference = mean
      measurements.meanStandardError = (0..<4).map { (Swift.max(0, squares[$0] / k - mean[$0] * mean[$0]) / k).squareRoot() }
      measurements.meanContrast = Double(contrastSum) / k
    }
  }
}

import Strata

/// The per-pixel checks: channel tolerance, 3x3 envelope, flat regions, critical alpha and
/// the signed-difference statistics, in one pass over both images.
///
/// The envelope is taken on premultiplied colour: an anti-aliased pixel is a mix of its
/// neighbours there, whereas straight colour at low coverage amplifies a rounding step of
/// a translucent edge into many levels. The other checks use straight colour weighted by
/// coverage. The reference's 3x3 minimum and maximum are separable: a horizontal pass per
/// row into a three-row ring, then a vertical min/max of three rows.
struct PixelPass: ~Copyable {
  let expected: StraightPixels
  let actual: StraightPixels
  /// The same images premultiplied, RGBA8; they outlive the pass.
  let expectedPremultiplied: UnsafeRawPointer
  let actualPremultiplied: UnsafeRawPointer
  let tolerance: Tolerance

  var measurements = Measurements()
  var mask: [UInt8]
  var differentPixels = 0
  var largest = ImageComparison.Channels(red: 0, green: 0, blue: 0, alpha: 0)
  var thresholds: [ImageComparison.Threshold] = []
  /// The bounds of all pixels with any byte different; nil when the images are equal.
  var differenceBounds: PixelRect?

  /// The worst-channel levels the report counts pixels over.
  static let reportedLevels = [1, 2, 4, 8, 16, 32, 64, 128]

  init(expected image: Image, actual other: Image, tolerance: Tolerance) {
    self.mask = [UInt8](repeating: 0, count: image.width * image.height)
    self.expected = StraightPixels(image)
    self.actual = StraightPixels(other)
    self.expectedPremultiplied = UnsafeRawPointer(image.unsafeBaseAddress)
    self.actualPremultiplied = UnsafeRawPointer(other.unsafeBaseAddress)
    self.tolerance = tolerance
  }

  /// - Complexity: O(width × height), one pass; this loop is the cost of every golden test.
  mutating func run() {
    let w = expected.width, h = expected.height
    let er = UnsafeRawPointer(expected.pixels.baseAddress!), ar = UnsafeRawPointer(actual.pixels.baseAddress!)
    let ep = expectedPremultiplied, ap = actualPremultiplied
    var channelLimit = Int32.max, cross: CrossBackendTolerance? = nil
    switch tolerance {
    case .channel(let n): channelLimit = Int32(n)
    case .crossBackend(let t): cross = t
    }
    let margin = Int32(cross?.envelopeMargin ?? 0), flatLimit = Int32(cross?.flatTolerance ?? 0)
    let alphaLimit = Int32(cross?.criticalAlphaThreshold ?? 0)
    let levels = Self.reportedLevels.map(Int32.init)

    // Horizontal 3-wide min and max of the reference, one row per slot of a 3-row ring.
    let ringMin = UnsafeMutablePointer<SIMD4<UInt8>>.allocate(capacity: 3 * w)
    let ringMax = UnsafeMutablePointer<SIMD4<UInt8>>.allocate(capacity: 3 * w)
    defer { ringMin.deallocate(); ringMax.deallocate() }
    let ringBytesMin = UnsafeRawPointer(ringMin), ringBytesMax = UnsafeRawPointer(ringMax)
    func fillRing(_ y: Int) {
      let slot: Int = (y % 3) * w
      let row: UnsafeRawPointer = ep + y * w * 4
      Self.fillRing(row: row, width: w, min: ringMin + slot, max: ringMax + slot)
    }

    // Accumulators as raw buffers, like the mask below.
    let levelCount = levels.count
    let levelP = UnsafeMutablePointer<Int32>.allocate(capacity: levelCount)
    levelP.initialize(from: levels, count: levelCount)
    let countP = UnsafeMutablePointer<Int>.allocate(capacity: levelCount)
    countP.initialize(repeating: 0, count: levelCount)
    let ints = UnsafeMutablePointer<Int32>.allocate(capacity: 12)
    ints.initialize(repeating: 0, count: 12)
    let delta = ints, channelWorst = ints + 4, largestC = ints + 8
    let doubles = UnsafeMutablePointer<Double>.allocate(capacity: 8)
    doubles.initialize(repeating: 0, count: 8)
    let sumP = doubles, sumSquaresP = doubles + 4
    defer { levelP.deallocate(); countP.deallocate(); ints.deallocate(); doubles.deallocate() }
    var active = 0
    var different = 0, channelPixels = 0, envelopePixels = 0, flatPixels = 0, alphaPixels = 0
    var bx0 = w, by0 = h, bx1 = 0, by1 = 0

    if cross != nil {
      fillRing(0)
      if h > 1 { fillRing(1) }
    }
    // Raw buffers rather than arrays and closures: debug builds, which run test suites,
    // do not optimise away their bounds checks and calls.
    let maskP = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
    maskP.initialize(repeating: 0, count: w * h)
    defer { maskP.deallocate() }
    do {
      for y in 0..<h {
        if cross != nil && y + 1 < h && y >= 1 { fillRing(y + 1) }
        let up = (max(y - 1, 0) % 3) * w, mid = (y % 3) * w, down = (min(y + 1, h - 1) % 3) * w
        var rowDifferent = false
        for x in 0..<w {
          let i = y * w + x, i4 = i * 4
          // Scalar per-channel code: generic SIMD operations are slow in debug builds.
          let aE = Int32(er.load(fromByteOffset: i4 + 3, as: UInt8.self))
          let aA = Int32(ar.load(fromByteOffset: i4 + 3, as: UInt8.self))
          let m = max(aE, aA)
          var worst: Int32 = 0, anyDifferent = false
          for c in 0..<4 {
            let d = Int32(ar.load(fromByteOffset: i4 + c, as: UInt8.self)) - Int32(er.load(fromByteOffset: i4 + c, as: UInt8.self))
            if d != 0 { anyDifferent = true }
            // Colour scaled by coverage, rounded; alpha as it is (·255/255).
            let weight: Int32 = c == 3 ? 255 : m
            let weighted = ((d < 0 ? -d : d) * weight + 127) / 255
            delta[c] = d * weight
            worst = max(worst, weighted)
            channelWorst[c] = weighted
          }
          if !anyDifferent && cross == nil { continue }
          var bits: UInt8 = 0
          if worst > 0 || anyDifferent {
            if anyDifferent {
              different += 1
              rowDifferent = true
              bx0 = min(bx0, x); bx1 = max(bx1, x + 1)
            }
            for c in 0..<4 { largestC[c] = max(largestC[c], channelWorst[c]) }
            for k in 0..<levelCount where worst > levelP[k] { countP[k] += 1 }
            if worst > channelLimit { bits |= FailureMask.channel.rawValue; channelPixels += 1 }
          }
          if cross != nil {
            var flat = true, outside = false
            for c in 0..<4 {
              let lo = min(
                ringBytesMin.load(fromByteOffset: (up + x) * 4 + c, as: UInt8.self),
                ringBytesMin.load(fromByteOffset: (mid + x) * 4 + c, as: UInt8.self),
                ringBytesMin.load(fromByteOffset: (down + x) * 4 + c, as: UInt8.self))
              let hi = max(
                ringBytesMax.load(fromByteOffset: (up + x) * 4 + c, as: UInt8.self),
                ringBytesMax.load(fromByteOffset: (mid + x) * 4 + c, as: UInt8.self),
                ringBytesMax.load(fromByteOffset: (down + x) * 4 + c, as: UInt8.self))
              if lo != hi { flat = false }
              let v = Int32(ap.load(fromByteOffset: i4 + c, as: UInt8.self))
              if v - Int32(hi) > margin || Int32(lo) - v > margin { outside = true }
            }
            if flat && worst > flatLimit { bits |= FailureMask.flat.rawValue; flatPixels += 1 }
            if outside { bits |= FailureMask.envelope.rawValue; envelopePixels += 1 }
            let alphaChange = aA > aE ? aA - aE : aE - aA
            if (aE == 0 || aE == 255) && alphaChange > alphaLimit {
              bits |= FailureMask.criticalAlpha.rawValue; alphaPixels += 1
            }
            if !flat || anyDifferent {
              for c in 0..<4 {
                let v = Double(delta[c]) / 255
                sumP[c] += v
                sumSquaresP[c] += v * v
              }
              active += 1
            }
          }
          maskP[i] = bits
        }
        if rowDifferent { by0 = min(by0, y); by1 = y + 1 }
      }
    }
    mask = Array(UnsafeBufferPointer(start: maskP, count: w * h))
    differentPixels = different
    largest = .init(red: Int(largestC[0]), green: Int(largestC[1]), blue: Int(largestC[2]), alpha: Int(largestC[3]))
    thresholds = (0..<levelCount).map { .init(levels: Self.reportedLevels[$0], pixels: countP[$0]) }
    differenceBounds = different > 0 ? PixelRect(x0: bx0, y0: by0, x1: bx1, y1: by1) : nil
    measurements.channelPixels = channelPixels
    measurements.envelopePixels = envelopePixels
    measurements.flatPixels = flatPixels
    measurements.criticalAlphaPixels = alphaPixels
    if active > 0 {
      let n = Double(active)
      let mean = (0..<4).map { sumP[$0] / n }
      measurements.meanSignedDifference = mean
      measurements.meanStandardError = (0..<4).map { (max(0, sumSquaresP[$0] / n - mean[$0] * mean[$0]) / n).squareRoot() }
    }
  }

  /// The 3-wide horizontal minimum and maximum of one row of premultiplied pixels.
  static func fillRing(
    row: UnsafeRawPointer, width w: Int, min lo: UnsafeMutablePointer<SIMD4<UInt8>>, max hi: UnsafeMutablePointer<SIMD4<UInt8>>
  ) {
    for x in 0..<w {
      let l = row.loadUnaligned(fromByteOffset: max(x - 1, 0) * 4, as: SIMD4<UInt8>.self)
      let c = row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
      let r = row.loadUnaligned(fromByteOffset: min(x + 1, w - 1) * 4, as: SIMD4<UInt8>.self)
      lo[x] = pointwiseMin(pointwiseMin(l, c), r)
      hi[x] = pointwiseMax(pointwiseMax(l, c), r)
    }
  }
}

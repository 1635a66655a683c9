import Strata

/// Compares a rendered image with a reference under a `Tolerance`.
///
/// Colour is compared unpremultiplied, with alpha as a channel of its own. A colour
/// difference counts in proportion to the pixel's coverage (the larger alpha of the two):
/// a pixel that is 2% covered cannot fail a test because its straight colour, quantised to
/// 50 steps, moved by one.
///
/// - Complexity: O(width × height): one pass over every pixel, and one over the rectangle
///   around the differing pixels for the cross-backend tier's edge check.
public enum ImageComparator {
  /// Compares `actual` with `expected`, which must have the same size (see `sizeMismatch`).
  public static func compare(expected: Image, actual: Image, tolerance: Tolerance) -> ImageComparison {
    precondition(
      expected.width == actual.width && expected.height == actual.height,
      "ImageComparator.compare needs images of one size; check sizeMismatch first")
    let w = expected.width, h = expected.height
    var pass = PixelPass(expected: expected, actual: actual, tolerance: tolerance)
    pass.run()
    var m = pass.measurements
    // Taken, not copied: the geometry pass marks its pixels in place.
    var mask = pass.mask
    pass.mask = []
    var limits: Budget.Limits?
    if case .crossBackend(let t) = tolerance {
      if let box = pass.differenceBounds {
        var geometry = GeometryPass(
          width: w, height: h, expected: pass.expected, actual: pass.actual,
          region: box.expanded(by: 4, width: w, height: h), tolerance: t)
        geometry.run(mask: &mask)
        m.geometryPixels = geometry.flaggedPixels
        m.largestDisplacement = Double(geometry.largestDisplacement)
        let value: FailureMask = [.envelope, .flat, .criticalAlpha]
        m.clusteredPixels = FailureClusters.count(in: mask, width: w, height: h, bits: value.rawValue, size: t.clusterSize)
      }
      limits = t.budget.limits(defaults: t.defaultAllowance(for: m, pixels: w * h))
    }
    var (failures, notes) = verdict(m, tolerance: tolerance, limits: limits)
    if case .snapshot(let precision) = tolerance {
      let bit = FailureMask.perceptual.rawValue
      let r = precision.compare(reference: expected, actual: actual) { mask[$0] |= bit }
      failures = r.passed ? [] : [Self.snapshotFailure(r, precision)]
    }
    let failing: FailureMask =
      switch tolerance {
      case .channel: .channel
      case .crossBackend: [.envelope, .flat, .geometry, .criticalAlpha]
      case .snapshot: .perceptual
      }
    let regions = failures.isEmpty ? [] : DifferenceRegions.find(in: mask, width: w, height: h, bits: failing.rawValue)
    return ImageComparison(
      width: w, height: h, tier: tolerance.description, passed: failures.isEmpty,
      failures: failures, notes: notes, differentPixels: pass.differentPixels,
      largestDifference: pass.largest, pixelsOver: pass.thresholds, measurements: m, allowance: limits?.allowance,
      regions: regions, mask: mask)
  }

  /// Why two images cannot be compared, or nil when they have the same size.
  public static func sizeMismatch(expected: Image, actual: Image) -> String? {
    guard expected.width != actual.width || expected.height != actual.height else { return nil }
    return "the image is \(actual.width)x\(actual.height) pixels but the reference is \(expected.width)x\(expected.height)"
  }

  /// The failed checks and the notes on budgets that can be tightened.
  static func verdict(_ m: Measurements, tolerance: Tolerance, limits: Budget.Limits?) -> (failures: [String], notes: [String]) {
    switch tolerance {
    case .channel(let n):
      return (m.channelPixels > 0 ? ["\(m.channelPixels) pixels have a channel off by more than \(n)"] : [], [])
    case .snapshot:
      return ([], [])  // SnapshotPrecision decides, in `compare`
    case .crossBackend(let t):
      guard let b = limits else { return ([], []) }
      var failures: [String] = [], notes: [String] = []
      func check(_ value: Double, _ limit: Budget.Limit, _ key: String, _ what: String) {
        let shown = format2(value)
        if value > limit.max {
          failures.append("\(what): \(shown), allowed \(format2(limit.max)) (\(key))")
        } else if let min = limit.min, value < min {
          notes.append("\(key) measured \(shown), below the budget's lower bound \(format2(min)): the budget can be tightened")
        }
      }
      check(
        Double(m.geometryPixels), b.geometryPixels, "geometryPixels",
        "edge pixels moved, lost or gained (largest displacement \(format2(m.largestDisplacement)) px)")
      check(Double(m.envelopePixels), b.envelopePixels, "envelopePixels", "pixels outside the reference's 3x3 envelope ±\(t.envelopeMargin)")
      check(
        Double(m.flippedPixels), b.flippedPixels, "flippedPixels",
        "envelope failures that changed by more than \(t.flipShare)% of their neighbourhood's contrast (specks, holes)")
      check(
        Double(m.clusteredPixels), b.clusteredPixels, "clusteredPixels",
        "failing pixels in clusters (\(t.clusterSize) or more in a 3x3 window)")
      check(Double(m.flatPixels), b.flatPixels, "flatPixels", "pixels off by more than \(t.flatTolerance) in flat regions")
      check(
        Double(m.criticalAlphaPixels), b.criticalAlphaPixels, "criticalAlphaPixels",
        "pixels whose alpha moved by more than \(t.criticalAlphaThreshold) where the reference is fully transparent or opaque")
      let d = m.meanSignedDifference
      check(
        m.significantMeanDifference, b.meanSignedDifference, "meanSignedDifference",
        "mean signed difference (r \(format2(d[0])) g \(format2(d[1])) b \(format2(d[2])) a \(format2(d[3])) levels)")
      return (failures, notes)
    }
  }

  /// Why a comparison under `SnapshotPrecision` failed, in swift-snapshot-testing's terms.
  static func snapshotFailure(_ r: SnapshotPrecision.Result, _ p: SnapshotPrecision) -> String {
    if r.decidedBy == "exact bytes" || r.decidedBy == "exact match required" {
      return "\(format2(r.differingByteFraction * 100))% of the bytes differ, allowed \(format2((1 - p.precision) * 100))% (precision \(p.precision))"
    }
    return "\(format2(Double(r.failingPixelFraction) * 100))% of the pixels have ΔE94 over \(format2(Double(r.deltaEThreshold))) (largest \(format2(Double(r.largestDeltaE)))), allowed \(format2((1 - p.precision) * 100))% (precision \(p.precision), perceptual precision \(p.perceptualPrecision))"
  }

  /// `v` with at most two decimals, and none when it is whole: `3`, `0.25`.
  public static func format2(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    return r == r.rounded() ? String(Int(r)) : String(r)
  }
}

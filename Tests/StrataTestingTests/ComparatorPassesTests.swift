import Foundation
import Strata
@testable import StrataCompare
import Testing

/// The comparator's passes against brute-force versions written from their definitions:
/// the fast paths (lookup tables, sliding neighbourhoods, running window sums, packed
/// pixels) must not change what is measured.
@Suite struct ComparatorPassesTests {
  /// A deterministic generator, so that a failure can be reproduced.
  struct Random {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
  }

  /// A picture with flat areas, hard edges, soft ramps and translucent pixels.
  static func picture(_ w: Int, _ h: Int, seed: UInt64) -> Image {
    var r = Random(state: seed)
    let blocks = (0..<6).map { _ in (r.next(w), r.next(h), 1 + r.next(w), 1 + r.next(h), r.next(256), r.next(256)) }
    return Image(width: w, height: h) { x, y in
      var c: (UInt8, UInt8, UInt8, UInt8) = (UInt8(x * 7 % 256), 40, UInt8(y * 3 % 256), 255)
      for (bx, by, bw, bh, v, alpha) in blocks where x >= bx && x < bx + bw && y >= by && y < by + bh {
        c = (UInt8(v), UInt8(255 - v), UInt8((v + x) % 256), UInt8(max(alpha, 1)))
      }
      return c
    }
  }

  /// `picture` with a few pixels changed a little and some a lot.
  static func edited(_ image: Image, seed: UInt64) -> Image {
    var r = Random(state: seed)
    var p = image.straightPixels
    for _ in 0..<(image.width * image.height / 5) {
      let i = r.next(image.width * image.height) * 4 + r.next(4)
      p[i] = UInt8(clamping: Int(p[i]) + (r.next(4) == 0 ? r.next(200) - 100 : r.next(7) - 3))
    }
    return Image(width: image.width, height: image.height, straightPixels: p)
  }

  static let sizes = [(1, 1), (1, 9), (9, 1), (2, 2), (3, 5), (17, 11), (40, 31)]

  @Test func unpremultiplyingByTableMatchesTheImage() {
    // Every (channel, alpha) pair, premultiplied or not, as a 256x256 image.
    var p = [UInt8](repeating: 0, count: 256 * 256 * 4)
    for a in 0..<256 {
      for c in 0..<256 {
        let i = (a * 256 + c) * 4
        p[i] = UInt8(c); p[i + 1] = UInt8(255 - c); p[i + 2] = UInt8(c / 3); p[i + 3] = UInt8(a)
      }
    }
    let straight = Image(width: 256, height: 256, premultipliedPixels: p).straightPixels
    let table = Unpremultiply.table
    var mismatches = 0
    for i in stride(from: 0, to: p.count, by: 4) {
      let a = Int(p[i + 3]) << 8
      for c in 0..<3 where table[a | Int(p[i + c])] != straight[i + c] { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  @Test func packedPixelsHoldTheBytesInOrder() {
    let image = Self.picture(5, 4, seed: 3)
    let packed = PackedPixels.of(image), bytes = image.pixels
    #expect(packed.count == 20)
    for i in 0..<20 {
      let v = packed[i]
      #expect([UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] == Array(bytes[i * 4..<i * 4 + 4]))
    }
  }

  /// The per-channel minimum and maximum over each pixel's 3x3 neighbourhood (clamped at
  /// the edges), by definition.
  static func neighbourhood(_ p: [UInt8], _ w: Int, _ h: Int, _ x: Int, _ y: Int) -> (lo: [Int], hi: [Int]) {
    var lo = [255, 255, 255, 255], hi = [0, 0, 0, 0]
    for yy in max(y - 1, 0)...min(y + 1, h - 1) {
      for xx in max(x - 1, 0)...min(x + 1, w - 1) {
        for c in 0..<4 {
          lo[c] = min(lo[c], Int(p[(yy * w + xx) * 4 + c]))
          hi[c] = max(hi[c], Int(p[(yy * w + xx) * 4 + c]))
        }
      }
    }
    return (lo, hi)
  }

  /// Edge pixels, mean contrast and envelope failures, counted pixel by pixel from their
  /// definitions in `Measurements` and `CrossBackendTolerance`.
  @Test(arguments: sizes)
  func neighbourhoodMeasuresMatchABruteForce(_ size: (Int, Int)) {
    let (w, h) = size
    let e = Self.picture(w, h, seed: UInt64(w * 100 + h))
    Self.checkNeighbourhoodMeasures(e, Self.edited(e, seed: UInt64(h * 100 + w)))
  }

  /// Transparent black whose alpha alone changes from row to row (and a little between
  /// the images): edges a comparison of colour bytes alone would miss.
  @Test func alphaAloneMakesEdges() {
    let e = Image(width: 12, height: 9) { x, y in (0, 0, 0, UInt8(y % 3 == 0 ? 255 : 90 + x)) }
    let a = Image(width: 12, height: 9) { x, y in (0, 0, 0, UInt8(y % 3 == 0 ? 250 : 90 + x + (x + y) % 3)) }
    Self.checkNeighbourhoodMeasures(e, a)
  }

  static func checkNeighbourhoodMeasures(_ e: Image, _ a: Image, sourceLocation: SourceLocation = #_sourceLocation) {
    let w = e.width, h = e.height
    let t = CrossBackendTolerance()
    let m = ImageComparator.compare(expected: e, actual: a, tolerance: .crossBackend(t)).measurements
    let ep = e.pixels, ap = a.pixels, es = e.straightPixels, as_ = a.straightPixels
    var edges = 0, envelope = 0, active = 0, contrast = 0
    for y in 0..<h {
      for x in 0..<w {
        let (lo, hi) = Self.neighbourhood(ep, w, h, x, y)
        let range = (0..<4).map { hi[$0] - lo[$0] }.max()!
        let i = (y * w + x) * 4
        let differs = (0..<4).contains { es[i + $0] != as_[i + $0] }
        if range >= t.edgeRange { edges += 1 }
        if range > 0 || differs { active += 1; contrast += range }
        if differs && (0..<4).contains(where: { Int(ap[i + $0]) > hi[$0] + t.envelopeMargin || Int(ap[i + $0]) < lo[$0] - t.envelopeMargin }) {
          envelope += 1
        }
      }
    }
    #expect(m.edgePixels == edges, sourceLocation: sourceLocation)
    #expect(m.envelopePixels == envelope, sourceLocation: sourceLocation)
    #expect(active == 0 || m.meanContrast == Double(contrast) / Double(active), sourceLocation: sourceLocation)
  }

  /// The window sums of the edge check against sums taken window by window, in doubles,
  /// from the textbook gradient (the mean of both images' central differences).
  @Test func windowSumsMatchABruteForce() {
    let w = 23, h = 19
    let e = Self.picture(w, h, seed: 11), a = Self.edited(e, seed: 12)
    let ep = e.pixels, ap = a.pixels
    let region = PixelRect(x0: 2, y0: 1, x1: 21, y1: 17)
    let pass = GeometryPass(
      width: w, height: h, expected: PackedPixels.of(e), actual: PackedPixels.of(a), region: region,
      tolerance: CrossBackendTolerance())
    func level(_ p: [UInt8], _ x: Int, _ y: Int, _ c: Int) -> Double {
      Double(p[(min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)) * 4 + c])
    }
    // Per pixel: xx, xy, yy, bx, by and the two magnitudes.
    func terms(_ x: Int, _ y: Int) -> [Double] {
      var t = [Double](repeating: 0, count: 7)
      for c in 0..<4 {
        let ex = (level(ep, x + 1, y, c) - level(ep, x - 1, y, c)) / 2, ey = (level(ep, x, y + 1, c) - level(ep, x, y - 1, c)) / 2
        let ax = (level(ap, x + 1, y, c) - level(ap, x - 1, y, c)) / 2, ay = (level(ap, x, y + 1, c) - level(ap, x, y - 1, c)) / 2
        let gx = (ex + ax) / 2, gy = (ey + ay) / 2, d = level(ep, x, y, c) - level(ap, x, y, c)
        t[0] += gx * gx; t[1] += gx * gy; t[2] += gy * gy; t[3] += gx * d; t[4] += gy * d
        t[5] += ex * ex + ey * ey; t[6] += ax * ax + ay * ay
      }
      t[5] = t[5].squareRoot(); t[6] = t[6].squareRoot()
      return t
    }
    var rows = GeometryRows(pass: pass)
    var worst = 0.0, magnitudeErrors = 0
    for ry in 0..<region.height {
      rows.advance(to: ry)
      for rx in 0..<region.width {
        var want = [Double](repeating: 0, count: 5)
        for wy in max(ry - 2, 0)...min(ry + 2, region.height - 1) {
          for wx in max(rx - 2, 0)...min(rx + 2, region.width - 1) {
            let t = terms(region.x0 + wx, region.y0 + wy)
            for k in 0..<5 { want[k] += t[k] }
          }
        }
        let got = [rows.sums.xx[rx], rows.sums.xy[rx], rows.sums.yy[rx], rows.sums.bx[rx], rows.sums.by[rx]].map(Double.init)
        for k in 0..<5 { worst = max(worst, abs(got[k] - want[k]) / max(1, abs(want[k]))) }
        let t = terms(region.x0 + rx, region.y0 + ry), j = rows.slot(ry) * region.width + rx
        if abs(Double(rows.magE[j]) - t[5]) > 1e-3 || abs(Double(rows.magA[j]) - t[6]) > 1e-3 { magnitudeErrors += 1 }
      }
    }
    // Float running sums over 25 terms of up to ~10^5: rounding, nothing more.
    #expect(worst < 1e-5, "largest relative error \(worst)")
    #expect(magnitudeErrors == 0)
  }

  @Test func clustersAreCountedUpToTheImageEdges() {
    let w = 6, h = 5
    func count(_ failing: [(Int, Int)]) -> Int {
      var mask = [UInt8](repeating: 0, count: w * h)
      for (x, y) in failing { mask[y * w + x] = FailureMask.envelope.rawValue }
      mask[w * h - 1] |= FailureMask.geometry.rawValue  // another check's bit: not counted
      return FailureClusters.count(in: mask, width: w, height: h, bits: FailureMask.envelope.rawValue, size: 4)
    }
    #expect(count([(0, 0), (1, 0), (0, 1), (1, 1)]) == 4)  // a 2x2 block in the corner
    #expect(count([(5, 0), (5, 1), (5, 2), (5, 3), (5, 4)]) == 0)  // a line along the edge
    #expect(count([(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]) == 0)  // a diagonal
    #expect(count([(2, 2), (1, 2), (3, 2), (2, 1)]) == 2)  // a T: its stem's two pixels see all four
  }
}

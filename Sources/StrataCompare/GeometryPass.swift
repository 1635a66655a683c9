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
/// Only the rectangle around the differing pixels is examined, row by row: the window sums
/// run down the rectangle over a ring of the last rows (`GeometryRows`), so the pass needs
/// memory for a few rows, not for seven image-sized planes. Plain arrays, no unsafe code.
struct GeometryPass {
  let width: Int
  let height: Int
  /// Premultiplied RGBA8 of both images, packed (`PackedPixels`).
  let expected: [UInt32]
  let actual: [UInt32]
  let region: PixelRect
  let tolerance: CrossBackendTolerance

  var flaggedPixels = 0
  var largestDisplacement: Float = 0

  /// The window's radius: 5x5 sees both sides of a one-pixel anti-aliased edge but not
  /// the other edge of a 5-pixel stroke.
  static let windowRadius = 2

  /// - Complexity: O(region's width × height), one pass, memory for a few of its rows.
  mutating func run(mask: inout [UInt8]) {
    let rw = region.width, rh = region.height
    guard rw > 0, rh > 0 else { return }
    var rows = GeometryRows(pass: self)
    let contrast = tolerance.edgeContrast, sharp = tolerance.displacementLimit, soft = tolerance.softEdgeDisplacementLimit
    // A 5-pixel run of a step edge at the contrast threshold, both sides.
    let minEnergy = 10 * contrast * contrast
    var flagged = 0, largest: Float = 0
    for ry in 0..<rh {
      rows.advance(to: ry)
      let centre = rows.slot(ry) * rw, above = rows.slot(ry > 0 ? ry - 1 : ry) * rw
      let below = rows.slot(ry + 1 < rh ? ry + 1 : ry) * rw
      var rx = 0
      while rx < rw {
        let j = centre + rx
        let me = rows.magE[j], ma = rows.magA[j]
        rx += 1
        guard me >= contrast || ma >= contrast else { continue }
        // The 3x3 maxima of the gradient magnitudes: rows of horizontal maxima, combined.
        let x = rx - 1
        let maxE = Swift.max(rows.maxE[above + x], rows.maxE[j], rows.maxE[below + x])
        let maxA = Swift.max(rows.maxA[above + x], rows.maxA[j], rows.maxA[below + x])
        var bad = (me >= contrast && maxA < 0.5 * me) || (ma >= contrast && maxE < 0.5 * ma)
        let ixx = rows.sums.xx[x], ixy = rows.sums.xy[x], iyy = rows.sums.yy[x]
        let bx = rows.sums.bx[x], by = rows.sums.by[x]
        let trace = ixx + iyy
        if trace >= minEnergy {
          let lambda = 0.1 * trace + 1
          let a = ixx + lambda, b = ixy, d = iyy + lambda
          let det = a * d - b * b
          let dx = (d * bx - b * by) / det, dy = (a * by - b * bx) / det
          let shift = (dx * dx + dy * dy).squareRoot()
          largest = Swift.max(largest, shift)
          // The edge's width: its contrast across the window over its gradient. A sharp,
          // anti-aliased edge is 2 pixels wide by central differences; a blurred one up to
          // the window's 4. Renderers place a soft edge less exactly (one blurs with a
          // Gaussian, another with three boxes), so its limit grows, but stays under the
          // pixel a real shift moves it.
          let width = me > 0 ? Swift.min(Swift.max(windowRange(x: region.x0 + x, y: region.y0 + ry) / me, 2), 4) : 2
          let limit = sharp + (soft - sharp) * (width - 2) / 2
          if shift > limit { bad = true }
        }
        if bad {
          flagged += 1
          mask[(region.y0 + ry) * self.width + region.x0 + x] |= FailureMask.geometry.rawValue
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
    var yy = Swift.max(y - r, 0)
    while yy <= Swift.min(y + r, height - 1) {
      var xx = Swift.max(x - r, 0)
      while xx <= Swift.min(x + r, width - 1) {
        let v = Int(expected[yy * width + xx])
        let v0 = v & 0xFF, v1 = v >> 8 & 0xFF, v2 = v >> 16 & 0xFF, v3 = v >> 24
        lo0 = Swift.min(lo0, v0); hi0 = Swift.max(hi0, v0); lo1 = Swift.min(lo1, v1); hi1 = Swift.max(hi1, v1)
        lo2 = Swift.min(lo2, v2); hi2 = Swift.max(hi2, v2); lo3 = Swift.min(lo3, v3); hi3 = Swift.max(hi3, v3)
        xx += 1
      }
      yy += 1
    }
    let r0 = Float(hi0 - lo0), r1 = Float(hi1 - lo1), r2 = Float(hi2 - lo2), r3 = Float(hi3 - lo3)
    return (r0 * r0 + r1 * r1 + r2 * r2 + r3 * r3).squareRoot()
  }
}

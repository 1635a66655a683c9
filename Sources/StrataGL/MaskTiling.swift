/// The parts of a coverage mask worth drawing, found once per mask (when its bytes enter
/// the atlas): the mask is cut into bands of `tileSize` rows and `tileSize`-pixel tiles;
/// empty tiles (every byte 0) are not drawn, full tiles (every byte 255) are drawn with
/// constant coverage and no texture read, and the rest are sampled.
///
/// Neighbouring tiles of one kind in a band make one run, a partial run is trimmed to the
/// first and last columns with a non-zero byte in its band, and a run with the same
/// columns and kind as one ending just above it extends that one. On llvmpipe (a CPU
/// rasteriser) every fragment and texture read costs: a shape's stroke is mostly empty
/// tiles, its fill mostly full ones.
enum MaskTiling {
  /// The side of a tile in pixels: one `SIMD16` load per tile row.
  static let tileSize = 16

  /// A rectangle of the mask's pixel grid (`x0..<x1`, `y0..<y1`), all full or all sampled.
  struct Run: Equatable, Sendable {
    var x0: Int32, y0: Int32, x1: Int32, y1: Int32
    /// Every byte is 255: drawn without reading the mask.
    var full: Bool

    /// Pixels drawn.
    var area: Int { Int(x1 - x0) * Int(y1 - y0) }
  }

  /// The runs covering every non-zero byte of a `width × height` mask, in band order.
  ///
  /// - Complexity: O(bytes / 16): one OR and one AND of 16 bytes per tile row.
  static func runs(width: Int, height: Int, bytes: [UInt8]) -> [Run] {
    precondition(bytes.count == width * height, "a mask of \(width)x\(height) needs \(width * height) bytes")
    let t = tileSize
    let columns = (width + t - 1) / t
    let wholeColumns = width / t
    var runs: [Run] = []
    // Runs of the band above, as indices into `runs`, in column order.
    var above: [Int] = [], current: [Int] = []
    var ors = [SIMD16<UInt8>](repeating: .zero, count: columns)
    var ands = [SIMD16<UInt8>](repeating: .zero, count: columns)
    // Lanes past the mask's last column count for neither test.
    let tail = width - wholeColumns * t
    let pastEnd = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) .>= SIMD16(repeating: UInt8(tail))
    let raw = unsafe bytes.span.bytes  // the byte view of the span (marked unsafe; its loads are still bounds-checked)
    let zero = SIMD16<UInt8>.zero, ones = SIMD16<UInt8>(repeating: 255)
    for y0 in stride(from: 0, to: height, by: t) {
      let y1 = min(y0 + t, height)
      // Column by column down the band, in registers: one store per tile.
      for c in 0..<wholeColumns {
        var o = zero, a = ones
        var offset = y0 * width + c * t
        for _ in y0..<y1 {
          // Bounds-checked by the raw span; `unsafe` only because any type could be loaded,
          // and every bit pattern is a valid SIMD16<UInt8>. Twice as fast as 16 byte loads.
          let v = unsafe raw.unsafeLoadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
          o |= v
          a &= v
          offset += width
        }
        ors[c] = o
        ands[c] = a
      }
      if tail > 0 {
        var o = zero, a = ones
        for y in y0..<y1 {
          let start = y * width + wholeColumns * t
          var v: SIMD16<UInt8>
          if start + t <= bytes.count {
            // The lanes past the row's end are the next row's bytes: masked off.
            v = unsafe raw.unsafeLoadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self).replacing(with: 0, where: pastEnd)
          } else {
            v = zero
            for i in 0..<tail { v[i] = bytes[start + i] }
          }
          o |= v
          a &= v.replacing(with: 255, where: pastEnd)
        }
        ors[wholeColumns] = o
        ands[wholeColumns] = a
      }
      current.removeAll(keepingCapacity: true)
      var c = 0
      var k = 0  // the first run above that may still match
      while c < columns {
        if ors[c] == .zero {
          c += 1
          continue
        }
        let full = ands[c] == SIMD16(repeating: 255)
        var end = c + 1
        while end < columns, ors[end] != .zero, (ands[end] == SIMD16(repeating: 255)) == full { end += 1 }
        var x0 = c * t, x1 = min(end * t, width)
        if !full {
          // Trim to the columns with a non-zero byte in this band.
          let first = ors[c], last = ors[end - 1]
          var i = 0
          while first[i] == 0 { i += 1 }
          x0 += i
          var j = 15
          while last[j] == 0 { j -= 1 }
          x1 = (end - 1) * t + j + 1
        }
        var run = Run(x0: Int32(x0), y0: Int32(y0), x1: Int32(x1), y1: Int32(y1), full: full)
        while k < above.count, runs[above[k]].x0 < run.x0 { k += 1 }
        if k < above.count, runs[above[k]].x0 == run.x0, runs[above[k]].x1 == run.x1, runs[above[k]].full == full {
          runs[above[k]].y1 = run.y1
          current.append(above[k])
        } else {
          run.y0 = Int32(y0)
          runs.append(run)
          current.append(runs.count - 1)
        }
        c = end
      }
      swap(&above, &current)
    }
    return runs
  }
}

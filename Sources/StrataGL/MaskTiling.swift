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
///
/// The tile grid lies on the device's multiples of 16 (`phaseX`, `phaseY`: where the
/// mask's origin falls in it), and a trimmed run's edges are moved out to the device's
/// multiples of 4 (within its tiles): llvmpipe shades blocks of 4 x 4 device pixels, so a
/// run that starts or ends inside a block costs the whole block anyway, and an edge inside
/// a block costs it an edge test. Only the mask's own border can cut a block.
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

    /// The whole `width × height` mask as one sampled run (`GLRenderer.Options.tilesMasks`
    /// false): its empty bytes draw nothing, its full ones the colour.
    static func whole(width: Int, height: Int) -> Run {
      Run(x0: 0, y0: 0, x1: Int32(width), y1: Int32(height), full: false)
    }
  }

  /// Where a mask whose first byte is device pixel `origin` falls in the device's tile grid.
  static func phase(_ origin: Int) -> Int { ((origin % tileSize) + tileSize) % tileSize }

  /// The runs covering every non-zero byte of a `width × height` mask, in band order, on a
  /// tile grid whose lines lie `phaseX` (`phaseY`) pixels before multiples of 16 of the
  /// mask's own columns (rows): `phase(originX)` puts them on the device's.
  ///
  /// - Complexity: O(bytes / 16): one OR and one AND of 16 bytes per tile row.
  static func runs(width: Int, height: Int, bytes: [UInt8], phaseX: Int = 0, phaseY: Int = 0) -> [Run] {
    precondition(bytes.count == width * height, "a mask of \(width)x\(height) needs \(width * height) bytes")
    precondition((0..<tileSize).contains(phaseX) && (0..<tileSize).contains(phaseY), "a phase lies in 0..<16")
    let t = tileSize
    // Column c covers the mask's columns start(c)..<end(c); band b its rows likewise.
    let columns = (width + phaseX + t - 1) / t
    let bands = (height + phaseY + t - 1) / t
    func start(_ c: Int) -> Int { max(0, c * t - phaseX) }
    func end(_ c: Int) -> Int { min(width, (c + 1) * t - phaseX) }
    var runs: [Run] = []
    // Runs of the band above, as indices into `runs`, in column order.
    var above: [Int] = [], current: [Int] = []
    var ors = [SIMD16<UInt8>](repeating: .zero, count: columns)
    var ands = [SIMD16<UInt8>](repeating: .zero, count: columns)
    let lanes = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    let raw = unsafe bytes.span.bytes  // the byte view of the span (marked unsafe; its loads are still bounds-checked)
    let zero = SIMD16<UInt8>.zero, ones = SIMD16<UInt8>(repeating: 255)
    for b in 0..<bands {
      let y0 = max(0, b * t - phaseY), y1 = min(height, (b + 1) * t - phaseY)
      // Column by column down the band, in registers: one store per tile.
      for c in 0..<columns {
        let s = start(c), n = end(c) - s
        var o = zero, a = ones
        var offset = y0 * width + s
        if n == t {
          for _ in y0..<y1 {
            // Bounds-checked by the raw span; `unsafe` only because any type could be loaded,
            // and every bit pattern is a valid SIMD16<UInt8>. Twice as fast as 16 byte loads.
            let v = unsafe raw.unsafeLoadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            o |= v
            a &= v
            offset += width
          }
        } else {
          // A tile cut by the mask's border: the lanes past its columns count for neither test.
          let outside = lanes .>= SIMD16(repeating: UInt8(n))
          for _ in y0..<y1 {
            var v: SIMD16<UInt8>
            if offset + t <= bytes.count {
              v = unsafe raw.unsafeLoadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self).replacing(with: 0, where: outside)
            } else {
              v = zero
              for i in 0..<n { v[i] = bytes[offset + i] }
            }
            o |= v
            a &= v.replacing(with: 255, where: outside)
            offset += width
          }
        }
        ors[c] = o
        ands[c] = a
      }
      current.removeAll(keepingCapacity: true)
      var c = 0
      var k = 0  // the first run above that may still match
      while c < columns {
        if ors[c] == .zero {
          c += 1
          continue
        }
        let full = ands[c] == ones
        var last = c + 1
        while last < columns, ors[last] != .zero, (ands[last] == ones) == full { last += 1 }
        var x0 = start(c), x1 = end(last - 1)
        if !full {
          // Trim to the columns with a non-zero byte in this band, then out to the device's
          // multiples of 4 within the run's tiles.
          let first = ors[c], final = ors[last - 1]
          var i = 0
          while first[i] == 0 { i += 1 }
          var j = 15
          while final[j] == 0 { j -= 1 }
          let lo = start(c) + i, hi = start(last - 1) + j + 1
          x0 = max(start(c), lo - (lo + phaseX) & 3)
          x1 = min(end(last - 1), hi + (4 - (hi + phaseX) & 3) & 3)
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
        c = last
      }
      swap(&above, &current)
    }
    return runs
  }
}

/// Signed-area accumulation (font-rs, ab_glyph): every edge adds, to each pixel of each
/// row it crosses, the exact area of that pixel to its right times its direction; a
/// running sum along a row then gives every pixel its accumulated signed area `a` (the
/// winding number, weighted by area where edges cross the pixel), which the fill rule turns
/// into coverage.
///
/// The area is exact for each edge, so a pixel crossed by one edge (or by edges that do not
/// overlap inside it) gets its exact covered area; where several edges cross one pixel the
/// nonzero `min(|a|, 1)` is an approximation, as Core Animation's own rasteriser warns.
///
/// Rows are divided into chunks of 8 pixels, and each edge marks the chunks it writes. A
/// chunk no edge wrote has the same coverage in every pixel (nothing changes the running
/// sum there), so resolving fills it without visiting its pixels, and a tile of the mask no
/// edge touched is known to be empty or full.
struct CoverageAccumulator {
  static let chunkShift = 3
  static let chunkSize = 1 << chunkShift
  /// Signed area per cell in fixed point, `1 << 16` for a whole pixel (integer running
  /// sums are exact and fast, and each edge's contribution is rounded once, to 1/65536),
  /// eight cells (one chunk) to a vector so that resolving works a chunk at a time.
  private var cells: [SIMD8<Int32>] = []
  private var touched: [UInt64] = []
  private(set) var width = 0, height = 0
  /// Chunks per row of `cells`, and words per row of `touched`.
  private var stride = 0, words = 0

  /// Prepares for a mask of `width × height`: the buffers only grow, and are all zero
  /// between masks (resolving clears what it read).
  mutating func reset(width w: Int, height h: Int) {
    precondition(w < 1 << 21, "coverage masks are narrower than 2^21 pixels")
    width = w
    height = h
    // An edge at x = w writes cells w and w + 1, which no pixel reads.
    stride = (w + 2 + Self.chunkSize - 1) >> Self.chunkShift
    words = (stride + 63) >> 6
    if cells.count < stride * h { cells.append(contentsOf: repeatElement(.zero, count: stride * h - cells.count)) }
    if touched.count < words * h { touched.append(contentsOf: repeatElement(0, count: words * h - touched.count)) }
  }

  /// Adds the polygons `points[ends[k-1]..<ends[k]]` (each closed back to its first point),
  /// in device coordinates, for the mask whose top-left pixel is at `origin`.
  mutating func addPolygons(_ points: [PathPoint], ends: [Int], origin: PathPoint) {
    let w = width, h = height, stride = stride, words = words
    // Taken out of `self` (left empty meanwhile) so that both can be borrowed at once.
    var cellArray = self.cells, touchedArray = self.touched
    (self.cells, self.touched) = ([], [])
    defer { (self.cells, self.touched) = (cellArray, touchedArray) }
    var cells = cellArray.mutableSpan
    var touched = touchedArray.mutableSpan
    var start = 0
    for end in ends {
      if end - start >= 2 {
        var previous = points[start] - origin
        let first = previous
        for i in (start + 1)...end {
          let p = i == end ? first : points[i] - origin
          Self.addLine(previous, p, w, h, stride, words, &cells, &touched)
          previous = p
        }
      }
      start = end
    }
  }

  /// Adds the edge from `a` to `b` (mask-relative pixel coordinates), clipped to the mask:
  /// rows above and below it do not matter, a part to its right changes no pixel, and a
  /// part to its left changes whole rows, as a vertical edge at x = 0 would.
  @inline(__always)
  private static func addLine(
    _ a: PathPoint, _ b: PathPoint, _ width: Int, _ height: Int, _ stride: Int, _ words: Int,
    _ cells: inout MutableSpan<SIMD8<Int32>>, _ touched: inout MutableSpan<UInt64>
  ) {
    let w = Double(width), h = Double(height)
    // Most edges lie inside the mask (the comparisons are also false for NaN).
    if a.x >= 0 && a.x <= w && b.x >= 0 && b.x <= w && a.y >= 0 && a.y <= h && b.y >= 0 && b.y <= h {
      // Compared after rounding to Float: ends that round to one row height are no edge.
      let ay = Float(a.y), by = Float(b.y)
      if ay < by {
        accumulate(Float(a.x), ay, Float(b.x), by, 1, width, height, stride, words, &cells, &touched)
      } else if ay > by {
        accumulate(Float(b.x), by, Float(a.x), ay, -1, width, height, stride, words, &cells, &touched)
      }
      return
    }
    var x0 = a.x, y0 = a.y, x1 = b.x, y1 = b.y
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, y0 != y1 else { return }
    if (y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h) { return }
    let dir: Float = y0 < y1 ? 1 : -1
    if dir < 0 { swap(&x0, &x1); swap(&y0, &y1) }
    if y0 < 0 {
      x0 += (x1 - x0) * (-y0 / (y1 - y0))
      y0 = 0
    }
    if y1 > h {
      x1 = x0 + (x1 - x0) * ((h - y0) / (y1 - y0))
      y1 = h
    }
    if x0 >= w && x1 >= w { return }
    func emit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ cells: inout MutableSpan<SIMD8<Int32>>, _ touched: inout MutableSpan<UInt64>) {
      guard y1 > y0, x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return }
      let ay = Float(y0), by = Float(y1)
      guard by > ay else { return }
      accumulate(
        Float(min(max(x0, 0), w)), ay, Float(min(max(x1, 0), w)), by, dir, width, height, stride, words, &cells, &touched)
    }
    if x0 <= 0 && x1 <= 0 {
      emit(0, y0, 0, y1, &cells, &touched)
      return
    }
    // Split where the edge crosses x = 0 and x = w; the y of a crossing stays within the
    // edge's rows however the division rounds.
    func yAt(_ x: Double) -> Double { min(max(y0 + (y1 - y0) * ((x - x0) / (x1 - x0)), y0), y1) }
    var sx0 = x0, sy0 = y0, sx1 = x1, sy1 = y1
    if x0 < 0 || x1 < 0 {
      let ym = yAt(0)
      if x0 < 0 {
        emit(0, y0, 0, ym, &cells, &touched)
        sx0 = 0
        sy0 = ym
      } else {
        emit(0, ym, 0, y1, &cells, &touched)
        sx1 = 0
        sy1 = ym
      }
    }
    if sx0 > w || sx1 > w {
      let ym = yAt(w)
      if sx0 > w {
        sx0 = w
        sy0 = ym
      } else {
        sx1 = w
        sy1 = ym
      }
    }
    emit(sx0, sy0, sx1, sy1, &cells, &touched)
  }

  /// The exact-area accumulation of one edge from `(ax, ay)` down to `(bx, by)`, all inside
  /// `[0, width] × [0, height]`, in direction `dir` (font-rs's `draw_line`). Coordinates
  /// are non-negative, so conversion to `Int` is `floor` (the C library's `floorf` is a
  /// call on the baseline x86-64 this is built for).
  /// - Complexity: O(rows + columns) the edge crosses.
  @inline(__always)
  private static func accumulate(
    _ ax: Float, _ ay: Float, _ bx: Float, _ by: Float, _ dir: Float, _ width: Int, _ height: Int,
    _ stride: Int, _ words: Int, _ cells: inout MutableSpan<SIMD8<Int32>>, _ touched: inout MutableSpan<UInt64>
  ) {
    let fw = Float(width)
    let dxdy = (bx - ax) / (by - ay)
    var y = Int(ay)
    var yEnd = Int(by)
    if Float(yEnd) < by { yEnd &+= 1 }
    yEnd = min(height, yEnd)
    while y < yEnd {
      // Where the edge enters and leaves the row, each computed from the edge's start (not
      // carried from row to row, so rows do not wait on each other).
      let top = max(Float(y), ay), bottom = min(Float(y &+ 1), by)
      let dy = bottom - top
      let x = min(max(ax + dxdy * (top - ay), 0), fw)
      let xnext = min(max(ax + dxdy * (bottom - ay), 0), fw)
      let d = dy * dir
      let (xa, xb) = x < xnext ? (x, xnext) : (xnext, x)
      // floor(xa) and ceil(xb) by rounding (cheaper than `Int(_:)`), corrected where a whole
      // number rounded half to even the wrong way.
      var xai = nearest(xa - 0.5)
      if Float(xai &+ 1) <= xa { xai &+= 1 }
      let xaFloor = Float(xai)
      var xbi = nearest(xb + 0.5)
      if Float(xbi &- 1) >= xb { xbi &-= 1 }
      let line = y &* stride  // in chunks
      let lastCell: Int
      if xbi <= xai &+ 1 {
        // Within one pixel: the trapezoid right of the edge's mean x.
        let xmf = 0.5 * (x + xnext) - xaFloor
        add(&cells, line, xai, fixed(d - d * xmf))
        add(&cells, line, xai &+ 1, fixed(d * xmf))
        lastCell = xai &+ 1
      } else {
        let s = 1 / (xb - xa)
        let x0f = xa - xaFloor
        let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
        let x1f = xb - Float(xbi) + 1
        let am = 0.5 * s * x1f * x1f
        add(&cells, line, xai, fixed(d * a0))
        if xbi == xai &+ 2 {
          add(&cells, line, xai &+ 1, fixed(d * (1 - a0 - am)))
        } else {
          let a1 = s * (1.5 - x0f)
          add(&cells, line, xai &+ 1, fixed(d * (a1 - a0)))
          var xi = xai &+ 2
          let ds = fixed(d * s)
          while xi < xbi &- 1 {
            add(&cells, line, xi, ds)
            xi &+= 1
          }
          let a2 = a1 + Float(xbi &- xai &- 3) * s
          add(&cells, line, xbi &- 1, fixed(d * (1 - a2 - am)))
        }
        add(&cells, line, xbi, fixed(d * am))
        lastCell = xbi
      }
      let c0 = xai >> chunkShift, c1 = lastCell >> chunkShift  // chunks within the row
      let row = y &* words
      touched[row &+ c0 >> 6] |= 1 << UInt64(c0 & 63)
      if c1 != c0 {
        var c = c0 &+ 1
        while c <= c1 {
          touched[row &+ c >> 6] |= 1 << UInt64(c & 63)
          c &+= 1
        }
      }
      y &+= 1
    }
  }

  /// The coverage bytes and tile states of the accumulated edges under `rule`, leaving the
  /// buffers zero for the next mask.
  mutating func resolve(_ rule: FillRule) -> (coverage: [UInt8], tiles: [CoverageMask.TileState]) {
    switch rule {
    case .nonZero: Self.resolve(NonZeroRule.self, width, height, stride, words, &cells, &touched)
    case .evenOdd: Self.resolve(EvenOddRule.self, width, height, stride, words, &cells, &touched)
    }
  }

  /// - Complexity: O(pixels in chunks that edges touched + rows × chunks per row).
  private static func resolve<R: CoverageRule>(
    _: R.Type, _ w: Int, _ h: Int, _ stride: Int, _ words: Int, _ cellArray: inout [SIMD8<Int32>],
    _ touchedArray: inout [UInt64]
  ) -> (coverage: [UInt8], tiles: [CoverageMask.TileState]) {
    let tileShift = 6  // CoverageMask.tileSize
    let tilesAcross = (w + 63) >> tileShift, tilesDown = (h + 63) >> tileShift
    // Per tile, the OR and the AND of its bytes: empty when the OR is 0, full when the AND
    // is 255.
    // (Eight lanes each, reduced once at the end: a chunk's bytes are OR-ed and AND-ed in
    // as they are, without reducing each chunk.)
    var ors = [SIMD8<UInt8>](repeating: .zero, count: tilesAcross * tilesDown)
    var ands = [SIMD8<UInt8>](repeating: SIMD8(repeating: 255), count: tilesAcross * tilesDown)
    var outArray = [UInt8](repeating: 0, count: w * h)
    do {
      var outSpan = outArray.mutableSpan
      // `mutableBytes` is marked unsafe in this toolchain, though the raw span it gives still
      // checks every store against the array's bounds: the eight-byte stores below need it.
      var out = unsafe outSpan.mutableBytes
      var cells = cellArray.mutableSpan
      var touched = touchedArray.mutableSpan
      var ors = ors.mutableSpan, ands = ands.mutableSpan
      for y in 0..<h {
        let line = y &* stride, outRow = y &* w, bits = y &* words
        let tileRow = (y >> tileShift) &* tilesAcross
        var acc: Int32 = 0
        var x = 0  // pixels before x are resolved
        // Between the chunks edges touched, the running sum is constant: each such run is
        // filled with one value, without reading its cells.
        func run(to end: Int, _ out: inout MutableRawSpan, _ ors: inout MutableSpan<SIMD8<UInt8>>, _ ands: inout MutableSpan<SIMD8<UInt8>>) {
          guard x < end else { return }
          let v = R.byte(acc)
          if v != 0 {
            var j = outRow &+ x
            while j < outRow &+ end {
              out.storeBytes(of: v, toByteOffset: j, as: UInt8.self)
              j &+= 1
            }
          }
          var t = x >> tileShift
          while t <= (end &- 1) >> tileShift {
            ors[tileRow &+ t] |= SIMD8(repeating: v)
            ands[tileRow &+ t] &= SIMD8(repeating: v)
            t &+= 1
          }
          x = end
        }
        for k in 0..<words {
          var word = touched[bits &+ k]
          touched[bits &+ k] = 0
          while word != 0 {
            let c = k << 6 | word.trailingZeroBitCount
            word &= word &- 1
            let v = cells[line &+ c]
            cells[line &+ c] = .zero
            let x0 = c << chunkShift
            if x0 >= w { continue }  // cells w and w + 1 only
            run(to: x0, &out, &ors, &ands)
            // The running sum across the chunk: a prefix sum in three shifted adds.
            var p = v
            p &+= SIMD8(0, p[0], p[1], p[2], p[3], p[4], p[5], p[6])
            p &+= SIMD8(0, 0, p[0], p[1], p[2], p[3], p[4], p[5])
            p &+= SIMD8(0, 0, 0, 0, p[0], p[1], p[2], p[3])
            p &+= SIMD8(repeating: acc)
            acc = p[7]
            var bytes = R.bytes(p)
            let n = min(chunkSize, w &- x0)
            let tile = tileRow &+ (x0 >> tileShift)
            if n == chunkSize {
              out.storeBytes(of: bytes, toByteOffset: outRow &+ x0, as: SIMD8<UInt8>.self)
            } else {
              for i in 0..<n { out.storeBytes(of: bytes[i], toByteOffset: outRow &+ x0 &+ i, as: UInt8.self) }
              // Lanes past the row's end count for neither test.
              let past = SIMD8<UInt8>(0, 1, 2, 3, 4, 5, 6, 7) .>= SIMD8(repeating: UInt8(n))
              ors[tile] |= bytes.replacing(with: 0, where: past)
              bytes.replace(with: 255, where: past)
              ands[tile] &= bytes
              x = x0 &+ n
              continue
            }
            ors[tile] |= bytes
            ands[tile] &= bytes
            x = x0 &+ n
          }
        }
        run(to: w, &out, &ors, &ands)
      }
    }
    var tiles = [CoverageMask.TileState](repeating: .partial, count: tilesAcross * tilesDown)
    for i in tiles.indices {
      if ors[i] == .zero {
        tiles[i] = .empty
      } else if ands[i] == SIMD8(repeating: 255) {
        tiles[i] = .full
      }
    }
    return (outArray, tiles)
  }
}

/// `v` in the cells' fixed point, rounded to nearest: adding 1.5 × 2²³ leaves the rounded
/// integer in the low bits of the float (exact for |v| < 64), with no range check or libm
/// call, and the same on every machine.
@inline(__always) private func fixed(_ v: Float) -> Int32 {
  Int32(bitPattern: (v * 65536 + 12_582_912).bitPattern) &- 0x4B40_0000
}

/// `v` rounded to the nearest integer (half to even), the same way: for the cell indices of
/// coordinates within a mask, which `reset` keeps below 2²¹.
@inline(__always) private func nearest(_ v: Float) -> Int {
  Int(Int32(bitPattern: (v + 12_582_912).bitPattern) &- 0x4B40_0000)
}

/// How accumulated signed area (fixed point, 65536 per pixel) becomes coverage bytes.
protocol CoverageRule {
  static func byte(_ area: Int32) -> UInt8
  static func bytes(_ area: SIMD8<Int32>) -> SIMD8<UInt8>
}

/// `min(|a|, 1)`, rounded to the nearest 1/255 (half a pixel is 128).
enum NonZeroRule: CoverageRule {
  @inline(__always) static func byte(_ area: Int32) -> UInt8 {
    let a = area < 0 ? 0 &- area : area
    let c = a < 65536 ? a : 65536
    return UInt8(truncatingIfNeeded: (c &* 255 &+ 32768) >> 16)
  }

  /// The same per lane, in shifts, masks and adds (SSE2 has no 32-bit min or blend, and the
  /// generic `replacing(with:where:)` does not vectorise).
  @inline(__always) static func bytes(_ area: SIMD8<Int32>) -> SIMD8<UInt8> {
    let sign = area &>> 31
    let a = (area ^ sign) &- sign
    let over = a &- 65536
    let c = 65536 &+ (over & (over &>> 31))  // min(a, 65536)
    return SIMD8<UInt8>(truncatingIfNeeded: (c &* 255 &+ 32768) &>> 16)
  }
}

/// The triangle wave `|a − 2·round(a/2)|`: 0 at even windings, 1 at odd ones (the area
/// modulo 2, in two's complement, folded at 1).
enum EvenOddRule: CoverageRule {
  @inline(__always) static func byte(_ area: Int32) -> UInt8 {
    let m = area & 0x1_FFFF
    let c = m > 65536 ? 131_072 &- m : m
    return UInt8(truncatingIfNeeded: (c &* 255 &+ 32768) >> 16)
  }

  @inline(__always) static func bytes(_ area: SIMD8<Int32>) -> SIMD8<UInt8> {
    let m = area & 0x1_FFFF
    let over = 65536 &- m  // negative past 1: fold back
    let c = m &+ ((over &+ over) & (over &>> 31))  // m > 65536 ? 131072 - m : m
    return SIMD8<UInt8>(truncatingIfNeeded: (c &* 255 &+ 32768) &>> 16)
  }
}

/// Adds `v` to cell `x` of the row whose first chunk is `line`.
@inline(__always) private func add(_ cells: inout MutableSpan<SIMD8<Int32>>, _ line: Int, _ x: Int, _ v: Int32) {
  cells[line &+ x >> 3][x & 7] &+= v
}

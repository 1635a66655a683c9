import StrataRender
import StrataSync

/// The running sum of a run of plus-lighter draws over one band of rows, in whole levels
/// (0…255 premultiplied, unsaturated, held in `Float`), added to the 8-bit surface once when
/// the run ends.
///
/// Each draw adds its source rounded to a level (`level`), as a blend into an 8-bit target
/// does (README "Rendering semantics"). The sum of non-negative levels saturated once
/// equals saturating after every draw (`min(255, min(255, d + a) + b) = min(255, d + a +
/// b)`), so adding a whole run here and flushing once is exact, and cheaper than a
/// saturating 8-bit blend per draw.
///
/// Each band worker owns one; only the pixels a draw's rows touch are added and cleared
/// (`lo`/`hi` per row), so a sparse run costs its sprites, not the band's width.
struct AdditiveSums {
  /// A draw's source (0…255 premultiplied) rounded to the level the 8-bit target adds:
  /// the GPU's `additiveLevels` (draw.frag), half a level and 1/256 more, rounded down.
  @inline(__always)
  static func level(_ src: SIMD4<Float>) -> SIMD4<Float> {
    ExactRounding.floor(src + 0.50390625)
  }

  /// Device x of index 0 of a row (the surface's `x0`, as its rows).
  let x0: Int
  /// Device row of the first row.
  let y0: Int
  let width: Int
  private(set) var sums: [SIMD4<Float>]
  /// Per row, the device columns written since the last `flush` (`lo >= hi`: none).
  private var lo: [Int], hi: [Int]

  init(surface: PixelBounds, rows: Range<Int>) {
    x0 = surface.x0
    y0 = rows.lowerBound
    width = surface.x1 - surface.x0
    let count = width * rows.count
    sums = Self.spare.withLock { $0[count]?.popLast() } ?? [SIMD4<Float>](repeating: .zero, count: count)
    lo = [Int](repeating: Int.max, count: rows.count)
    hi = [Int](repeating: Int.min, count: rows.count)
  }

  /// Lends the sums to `body` with the index of device pixel `(x, y)` less `x` (so that
  /// `x − origin` indexes row `y`, as `x − x0` indexes a surface row), noting that device
  /// columns `xs..<xe` of row `y` may change.
  @inline(__always)
  mutating func withRow<R>(_ y: Int, columns xs: Int, _ xe: Int, _ body: (inout MutableSpan<SIMD4<Float>>, _ origin: Int) -> R) -> R {
    let r = y - y0
    lo[r] = min(lo[r], xs)
    hi[r] = max(hi[r], xe)
    let origin = x0 - r * width
    var all = sums.mutableSpan
    return body(&all, origin)
  }

  /// Notes that device columns `xs..<xe` of device row `y` may change (as `withRow` does),
  /// for a caller that then borrows the whole buffer once (`withAll`).
  @inline(__always)
  mutating func mark(_ y: Int, columns xs: Int, _ xe: Int) {
    let r = y - y0
    lo[r] = min(lo[r], xs)
    hi[r] = max(hi[r], xe)
  }

  /// Lends the whole buffer to `body`, which may change only the columns `mark` noted;
  /// device pixel `(x, y)` is at `x − (x0 − (y − y0) · width)`, as `withRow`'s `origin`.
  @inline(__always)
  mutating func withAll<R>(_ body: (inout MutableSpan<SIMD4<Float>>) -> R) -> R {
    var all = sums.mutableSpan
    return body(&all)
  }

  /// Zeroed buffers of bands gone, by size: a frame's bands need the same few sizes every
  /// time, and allocating (and faulting in) half a megabyte a band cost more than its sums.
  private static let spare = Locked<[Int: [[SIMD4<Float>]]]>([:])
  /// Spare buffers kept per size: one per worker is all a frame reuses.
  private static let sparePerSize = 16

  /// Gives the buffer back for another band; every sum must have been flushed (so that it
  /// is all zero).
  consuming func recycle() {
    precondition(zip(lo, hi).allSatisfy { $0 >= $1 }, "recycling sums that were not flushed")
    let buffer = sums
    Self.spare.withLock { spare in
      if spare[buffer.count, default: []].count < Self.sparePerSize { spare[buffer.count, default: []].append(buffer) }
    }
  }

  /// Adds every sum into `surface` (saturated at 255, rounded once) and clears it. Only the
  /// band's worker calls it, and it owns the band's rows of `surface`.
  mutating func flush(into surface: Surface) {
    for r in 0..<lo.count where lo[r] < hi[r] {
      let a = lo[r] - x0, b = hi[r] - x0
      lo[r] = Int.max
      hi[r] = Int.min
      let base = r * width
      unsafe surface.withRow(y0 + r) { row in
        precondition(a >= 0 && a <= b && b <= row.count && base + b <= sums.count, "sums outside the row")
        for i in a..<b {
          let s = sums[base + i]
          guard s != .zero else { continue }
          let sum = SIMD4<Float>(row[i]) + s
          // `min` by compare and select: the generic `pointwiseMin` is not inlined.
          row[i] = PixelMath.bytes(sum.replacing(with: 255, where: sum .> 255))
          sums[base + i] = .zero
        }
      }
    }
  }
}

import StrataPath
import Strata
import StrataRender

/// Plus-lighter draws: each pixel's source rounded to whole levels and added to the 8-bit
/// surface, saturated (`AdditiveLevels`). The shape, clips and sampling are the 8-bit
/// loops' own (`generalRow` runs with the `Adds` sink; `plainImageAddRow` steps and filters
/// exactly as `plainImageRow`), so a sprite covers the same pixels with the same texels
/// either way; only the blend differs.
extension Rasterizer {
  /// Adds the pixels of plus-lighter draw `d` on `rows` (this worker's rows) to the surface.
  func add(_ d: PreparedDraw, rows: Range<Int>) {
    precondition(d.additive, "only plus-lighter draws are added")
    let x0 = max(d.bounds.x0, surface.bounds.x0), x1 = min(d.bounds.x1, surface.bounds.x1)
    guard x0 < x1 else { return }
    if let t = d.texture {
      let levels = t.levels.span
      let path = d.path
      if case .plainImage(let nearest) = path, let box = d.spriteBox, rows.lowerBound >= 0 {
        spriteRows(d, box, nearest: nearest, rows: rows, x0, x1, t.mapping, levels, levels[0].texels.span)
        return
      }
      addRows(d, rows: rows, x0, x1, t.mapping, levels, levels[0].texels.span)
    } else {
      addRows(d, rows: rows, x0, x1, nil, Span(), Span())
    }
  }

  /// The rows of `d` one by one, each with its own setup (`spriteRows` shares it between
  /// rows where it is the same).
  @inline(__always)
  func addRows(
    _ d: PreparedDraw, rows: Range<Int>, _ x0: Int, _ x1: Int, _ mapping: TexelMapping?, _ levels: Span<TextureLevel>,
    _ base: Span<SIMD4<UInt8>>
  ) {
    let origin = surface.bounds.x0
    let path = d.path
    for y in rows {
      let yc = Float(y) + 0.5
      guard let (xs, xe) = span(d.polygon, yc, x0, x1, reach: d.reach) else { continue }
      unsafe surface.withRow(y) { row in
        if case .plainImage(let nearest) = path, let t = mapping,
          plainImageAddRow(d, nearest: nearest, t, levels[0].size, base, row: &row, origin: origin, y: yc, xs: xs, xe: xe)
        {
          return
        }
        generalRow(Adds.self, d, mapping, levels, base, row: &row, origin: origin, y: yc, xs: xs, xe: xe)
      }
    }
  }

  /// `plainImageRow` for a plus-lighter sprite: the same 48.16 fixed-point steps and 8-bit
  /// bilinear weights (the texels a GPU's filter gives), then times the tint and opacity in
  /// `Float`, added as whole levels. Returns false, having added nothing, where
  /// `plainImageRow` would (texel coordinates beyond the fixed point's range).
  ///
  /// - Complexity: O(pixels of the row inside the sprite); no allocation.
  @inline(__always)
  func plainImageAddRow(
    _ d: PreparedDraw, nearest: Bool, _ t: TexelMapping, _ lv: LevelSize, _ px: Span<SIMD4<UInt8>>,
    row: inout MutableSpan<SIMD4<UInt8>>, origin: Int, y: Float, xs: Int, xe: Int
  ) -> Bool {
    guard let (first, last, cu, cv) = Self.insideRun(d, y: y, xs: xs, xe: xe) else { return true }
    guard let start = Self.fixedPointTexels(d, t, nearest: nearest, cu: cu, cv: cv, first: first, last: last) else {
      return false
    }
    addRun(d, nearest: nearest, t, lv, px, row: &row, origin: origin, first: first, last: last, cu: cu, cv: cv, start)
    return true
  }

  /// The pixels `first..<last` of a sprite row (`plainImageAddRow`'s inside run), from the
  /// fixed-point texel coordinates `start` of pixel `first`, added to the surface.
  ///
  /// - Complexity: O(last − first); no allocation.
  @inline(__always)
  func addRun(
    _ d: PreparedDraw, nearest: Bool, _ t: TexelMapping, _ lv: LevelSize, _ px: Span<SIMD4<UInt8>>,
    row: inout MutableSpan<SIMD4<UInt8>>, origin: Int, first: Int, last: Int, cu: Float, cv: Float,
    _ start: (s: Int64, t: Int64, ds: Int64, dt: Int64)
  ) {
    var (s, tt) = (start.s, start.t)
    let (ds, dt) = (start.ds, start.dt)
    let i = d.inv
    let w = lv.width, h = lv.height
    let maxX = Int64(w) - 1, maxY = Int64(h) - 1
    let rowPixels = Int(w)
    // A mask's alpha tint never comes here (`rowPath`): the tint multiplies every channel.
    let scale = t.tint * d.opacity
    // A sprite at its image's size, unturned (S4's particles): one texel per pixel along
    // the row and the same weights at every pixel. Where both texel columns and rows lie
    // inside the image, no clamp is needed and each pixel reads only its right-hand pair
    // (the left-hand pair is the last pixel's): `unitPairs`, the pixels `unit0..<unit1`.
    var unit0 = last, unit1 = last
    if !nearest && ds == 1 << 16 && dt == 0 && tt >> 16 >= 0 && tt >> 16 < maxY {
      let ix0 = s >> 16
      unit0 = first + Int(max(0, -ix0))
      unit1 = min(last, first + Int(max(0, maxX - ix0)))
      if unit0 >= unit1 { (unit0, unit1) = (last, last) }
    }
    var x = first
    while x < last {
      if x == unit0 {
        unitPairs(s: s, tt: tt, rowPixels, px, scale, row: &row, origin: origin, unit0, unit1)
        s &+= ds &* Int64(unit1 - unit0)
        x = unit1
        continue
      }
      defer { x += 1 }
      let c: WidePixel.Lanes
      if nearest {
        let X = Float(x) + 0.5
        let u = i.0 * X + cu, v = i.3 * X + cv
        let cx = Sampling.nearest(t.a * u + t.c * v + t.tx, size: w), cy = Sampling.nearest(t.b * u + t.d * v + t.ty, size: h)
        c = WidePixel.widen(px[Int(cy) &* rowPixels &+ Int(cx)])
      } else {
        let ix = s >> 16, iy = tt >> 16
        let fx = UInt16(truncatingIfNeeded: (s >> 8) & 0xFF), fy = UInt16(truncatingIfNeeded: (tt >> 8) & 0xFF)
        let x0 = min(max(ix, 0), maxX), x1 = min(max(ix &+ 1, 0), maxX)
        let y0 = min(max(iy, 0), maxY), y1 = min(max(iy &+ 1, 0), maxY)
        let r0 = Int(y0) &* rowPixels, r1 = Int(y1) &* rowPixels
        let a = WidePixel.widen(px[r0 &+ Int(x0)]), b = WidePixel.widen(px[r0 &+ Int(x1)])
        let cc = WidePixel.widen(px[r1 &+ Int(x0)]), dd = WidePixel.widen(px[r1 &+ Int(x1)])
        c = WidePixel.lerp(WidePixel.lerp(a, b, fx), WidePixel.lerp(cc, dd, fx), fy)
      }
      s &+= ds; tt &+= dt
      if c == .zero { continue }
      let o = x &- origin
      row[o] = AdditiveLevels.add(row[o], SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: c)) * scale)
    }
  }

  /// The pixels of row `y` (within `xs..<xe`) whose centres lie inside the draw's
  /// rectangle, solved from its affine map (u = i0·X + c_u, v = i3·X + c_v along the row)
  /// so that a loop over them needs no bounds test; nil when there are none.
  @inline(__always)
  static func insideRun(_ d: PreparedDraw, y: Float, xs: Int, xe: Int) -> (first: Int, last: Int, cu: Float, cv: Float)? {
    let i = d.inv
    let cu = i.1 * y + i.2, cv = i.4 * y + i.5
    var lo = Float(xs) + 0.5, hi = Float(xe) - 0.5
    func limit(_ k: Float, _ c: Float, _ a: Float, _ b: Float) -> Bool {
      // a <= k·X + c < b
      if k == 0 { return c >= a && c < b }
      let p = (a - c) / k, q = (b - c) / k
      lo = max(lo, min(p, q)); hi = min(hi, max(p, q))
      return true
    }
    guard limit(i.0, cu, d.x0, d.x1), limit(i.3, cv, d.y0, d.y1) else { return nil }
    var first = max(xs, Int(saturating: ExactRounding.ceil(lo - 0.5)))
    var last = min(xe, Int(saturating: ExactRounding.ceil(hi - 0.5)) + 1)
    // Edge pixels of the solved range are re-checked exactly.
    func inside(_ x: Int) -> Bool {
      let X = Float(x) + 0.5
      let u = i.0 * X + cu, v = i.3 * X + cv
      return u >= d.x0 && u < d.x1 && v >= d.y0 && v < d.y1
    }
    while first < last && !inside(first) { first += 1 }
    while last > first && !inside(last - 1) { last -= 1 }
    return first < last ? (first, last, cu, cv) : nil
  }

  /// The texel coordinates of pixel `first` and their step along the row, in 48.16 fixed
  /// point (less half a texel for bilinear filtering); nil when they leave the fixed
  /// point's range (±2^40 texels) anywhere in `first..<last`. NaN fails the test too.
  @inline(__always)
  static func fixedPointTexels(
    _ d: PreparedDraw, _ t: TexelMapping, nearest: Bool, cu: Float, cv: Float, first: Int, last: Int
  ) -> (s: Int64, t: Int64, ds: Int64, dt: Int64)? {
    let i = d.inv
    let sx = t.a * i.0 + t.c * i.3, ty = t.b * i.0 + t.d * i.3
    let offset: Float = nearest ? 0 : 0.5
    let X0 = Float(first) + 0.5, X1 = Float(last) - 0.5
    let u0 = i.0 * X0 + cu, v0 = i.3 * X0 + cv
    let s0 = t.a * u0 + t.c * v0 + t.tx - offset, t0 = t.b * u0 + t.d * v0 + t.ty - offset
    // The coordinates are linear along the row: in range at both ends (and the step in
    // range), they are in range at every pixel.
    let range: Float = 0x1p40
    let s1 = s0 + sx * (X1 - X0), t1 = t0 + ty * (X1 - X0)
    guard abs(s0) < range, abs(t0) < range, abs(s1) < range, abs(t1) < range, abs(sx) < range, abs(ty) < range
    else { return nil }
    return (
      Int64(ExactRounding.round(s0 * 65536)), Int64(ExactRounding.round(t0 * 65536)),
      Int64(ExactRounding.round(sx * 65536)), Int64(ExactRounding.round(ty * 65536))
    )
  }
}

/// Where `Rasterizer.generalRow` puts a pixel's premultiplied source (0…255).
protocol PixelSink {
  associatedtype Pixel: BitwiseCopyable
  static func put(_ row: inout MutableSpan<Pixel>, _ i: Int, _ src: SIMD4<Float>)
}

extension Rasterizer {
  /// An 8-bit surface row: source-over, rounded.
  enum Bytes: PixelSink {
    /// Premultiplied source-over of `src` (each colour at most alpha) onto pixel `i`. With
    /// premultiplied inputs the result stays within 0…255 (up to rounding), so no clamp is
    /// needed.
    @inline(__always)
    static func put(_ row: inout MutableSpan<SIMD4<UInt8>>, _ i: Int, _ src: SIMD4<Float>) {
      let dst = SIMD4<Float>(row[i])
      row[i] = PixelMath.bytes(src + dst * (1 - src.w * (1 / 255)))
    }
  }

  /// An 8-bit surface row: plus-lighter, each pixel's source added as whole levels and
  /// saturated.
  enum Adds: PixelSink {
    @inline(__always)
    static func put(_ row: inout MutableSpan<SIMD4<UInt8>>, _ i: Int, _ src: SIMD4<Float>) {
      row[i] = AdditiveLevels.add(row[i], src)
    }
  }
}

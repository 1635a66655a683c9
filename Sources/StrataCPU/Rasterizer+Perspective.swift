import Strata
import StrataRender

/// Hard-edged, unclipped images in a perspective plane (S5's layers turned about y): the
/// arithmetic of `generalRow` for that one case, with the device → layer unprojection, its
/// divide, the inside test and the texel addressing done for eight pixels at once in
/// `SIMD8<Float>` lanes. Every lane computes the same IEEE operations in the same order as
/// `generalRow`'s scalar code (no fused or reassociated arithmetic), so the pixels are
/// bit for bit those of the general loop; the filtering and blending then run per pixel in
/// `SIMD4<Float>`, as there.
///
/// The floor of a texel coordinate is taken without `floorf` (a library call per use on
/// the baseline x86-64 target): the coordinate is first clamped to the image plus two
/// texels, where both of its texel indices clamp to the same edge texel anyway (so the
/// weight no longer matters), and then rounded with the 1.5 · 2^23 trick, which is exact
/// below 2^22.
extension Rasterizer {
  typealias Float8 = SIMD8<Float>

  /// The largest image side and device coordinate the eight-wide path takes: below it the
  /// rounding trick and the lane offsets are exact.
  static let perspectiveLimit = 1 << 22

  /// Draws pixels `xs..<xe` of row `yc` of a `.perspectiveImage` draw; falls back to
  /// `generalRow` (the same pixels) where the device x or the image leaves the exact range
  /// (or the image is empty).
  ///
  /// - Complexity: O(xe − xs): per eight pixels, one unprojection with its divides in
  ///   vector lanes, then four texel reads, the bilinear lerps and the blend per pixel.
  @inline(__always)
  func perspectiveImageRow(
    _ d: PreparedDraw, nearest: Bool, _ t: TexelMapping, _ levels: Span<TextureLevel>, _ px: Span<SIMD4<UInt8>>,
    row dst: inout MutableSpan<SIMD4<UInt8>>, y: Float, xs: Int, xe: Int
  ) {
    let lv = levels[0].size
    let limit = Self.perspectiveLimit
    guard lv.width > 0, lv.height > 0, Int(lv.width) < limit, Int(lv.height) < limit, Int(lv.width) * Int(lv.height) <= Int(Int32.max),
      xs > -limit, xe < limit
    else {
      generalRow(Bytes.self, d, t, levels, px, row: &dst, y: y, xs: xs, xe: xe)
      return
    }
    let i = d.inv
    let origin = surface.bounds.x0
    // `m0·X + m1·y + m2` is `(m0·X + (m1·y)) + m2` in `Projection.unproject`: the y terms
    // are the same scalars in every lane.
    let c1 = i.1 * y, c4 = i.4 * y, c7 = i.7 * y
    let iota = Float8(0, 1, 2, 3, 4, 5, 6, 7)
    let wF = Float(lv.width), hF = Float(lv.height)
    let rowPixels = SIMD8<Int32>(repeating: lv.width)
    let tint = t.tint, opacity = d.opacity
    var x = xs
    while x < xe {
      let X = Float8(repeating: Float(x) + 0.5) + iota
      let w = (i.6 * X + c7) + i.8
      let u = ((i.0 * X + c1) + i.2) / w
      let v = ((i.3 * X + c4) + i.5) / w
      // `unproject`'s w > 0, then `Coverage.roundedRect`'s hard-edged inside test.
      var ok = (w .> 0) .& (u .>= d.x0) .& (u .< d.x1) .& (v .>= d.y0) .& (v .< d.y1)
      let n = min(8, xe - x)
      if n < 8 { ok = ok .& (iota .< Float8(repeating: Float(n))) }
      if !any(ok) {
        x += 8
        continue
      }
      // `TextureSampler`'s texel coordinates (level 0: scale 1).
      let s = ((t.a * u + t.c * v) + t.tx) * lv.scaleX
      let tt = ((t.b * u + t.d * v) + t.ty) * lv.scaleY
      if nearest {
        let ix = Self.nearestIndex(s, size: wF), iy = Self.nearestIndex(tt, size: hF)
        let index = iy &* rowPixels &+ ix
        for k in 0..<n where ok[k] {
          let c = Self.float4(px[Int(index[k])])
          Bytes.put(&dst, x &+ k &- origin, c * tint * opacity)
        }
      } else {
        let (x0, x1, fx) = Self.linearIndices(s, size: wF)
        let (y0, y1, fy) = Self.linearIndices(tt, size: hF)
        // The four texel indices of every lane, in vector lanes (no scalar arithmetic per
        // pixel but the reads).
        let r0 = y0 &* rowPixels, r1 = y1 &* rowPixels
        let i00 = r0 &+ x0, i01 = r0 &+ x1, i10 = r1 &+ x0, i11 = r1 &+ x1
        for k in 0..<n where ok[k] {
          let t00 = Self.float4(px[Int(i00[k])]), t01 = Self.float4(px[Int(i01[k])])
          let t10 = Self.float4(px[Int(i10[k])]), t11 = Self.float4(px[Int(i11[k])])
          let a = fx[k], b = fy[k]
          // `TextureSampler.bilinear`, term for term.
          let top = t00 + (t01 - t00) * a
          let bottom = t10 + (t11 - t10) * a
          let c = top + (bottom - top) * b
          // `generalRow`: sample × tint × (opacity × coverage), coverage 1.
          Bytes.put(&dst, x &+ k &- origin, c * tint * opacity)
        }
      }
      x += 8
    }
  }

  /// A texel as 0…255 floats, lane by lane (the generic conversion is not inlined).
  @inline(__always)
  static func float4(_ p: SIMD4<UInt8>) -> SIMD4<Float> {
    SIMD4(Float(p.x), Float(p.y), Float(p.z), Float(p.w))
  }

  /// `floor(p)` for lanes with |p| < 2^22: rounded to nearest by 1.5 · 2^23, less one where
  /// that went up.
  @inline(__always)
  static func floor8(_ p: Float8) -> Float8 {
    let magic = Float8(repeating: 12_582_912)
    let r = (p + magic) - magic
    return r.replacing(with: r - 1, where: r .> p)
  }

  /// Whole numbers 0…2^23 − 1 as `Int32`: the integer is the low bits of `k + 2^23`.
  @inline(__always)
  static func int8(_ k: Float8) -> SIMD8<Int32> {
    let m = k + Float8(repeating: 8_388_608)
    let bits = SIMD8<UInt32>(
      m[0].bitPattern, m[1].bitPattern, m[2].bitPattern, m[3].bitPattern, m[4].bitPattern, m[5].bitPattern,
      m[6].bitPattern, m[7].bitPattern)
    return SIMD8<Int32>(truncatingIfNeeded: bits & 0x7F_FFFF)
  }

  /// `p` clamped to `lo...hi`; NaN lanes stay NaN (callers mask them). Compares and
  /// selects: the standard library's `pointwiseMin` and `pointwiseMax` are not inlined.
  @inline(__always)
  static func clamp(_ p: Float8, _ lo: Float, _ hi: Float) -> Float8 {
    let l = Float8(repeating: lo), h = Float8(repeating: hi)
    let r = p.replacing(with: l, where: p .< l)
    return r.replacing(with: h, where: r .> h)
  }

  /// Lanes of `p` that are finite (NaN is not).
  @inline(__always)
  static func finite(_ p: Float8) -> SIMDMask<SIMD8<Int32>> {
    (p .> -Float.infinity) .& (p .< Float.infinity)
  }

  /// `Sampling.linear` in eight lanes: the two texel indices and the second's weight;
  /// `(0, 0, 0)` where the coordinate is not finite. `size` below 2^22.
  @inline(__always)
  static func linearIndices(_ s: Float8, size: Float) -> (SIMD8<Int32>, SIMD8<Int32>, Float8) {
    let p = s - 0.5
    let finite = finite(p)
    // Beyond [-2, size + 1] both indices clamp to the same edge texel, whatever the weight.
    let q = clamp(p, -2, size + 1)
    let fl = floor8(q)
    var i0 = clamp(fl, 0, size - 1)
    var i1 = clamp(fl + 1, 0, size - 1)
    var f = q - fl
    i0.replace(with: 0, where: .!finite)
    i1.replace(with: 0, where: .!finite)
    f.replace(with: 0, where: .!finite)
    return (int8(i0), int8(i1), f)
  }

  /// `Sampling.nearest` in eight lanes: 0 where the coordinate is not finite.
  @inline(__always)
  static func nearestIndex(_ s: Float8, size: Float) -> SIMD8<Int32> {
    let finite = finite(s)
    var i = clamp(floor8(clamp(s, -2, size + 1)), 0, size - 1)
    i.replace(with: 0, where: .!finite)
    return int8(i)
  }
}

import Strata
import StrataRender

/// The image loops' bilinear pixels two at a time (`WidePixel.Pair`): the texel steps and
/// addresses stay per pixel (48.16 fixed point, as `plainImageRow`), the filtering, tint,
/// opacity and blend or add run for both pixels in one 16-bit vector. The same operations
/// lane for lane as the one-pixel loops, so the pixels are the same, bit for bit.
extension Rasterizer {
  /// The four texels pixel `(s, tt)` (48.16, less half a texel) blends, clamped to the
  /// image, and its two 8-bit weights. Pixels whose four texels lie inside the image (most
  /// of them) take one unsigned compare per axis instead of four clamps.
  @inline(__always)
  static func taps(
    _ s: Int64, _ tt: Int64, _ px: Span<SIMD4<UInt8>>, _ rowPixels: Int, _ maxX: Int64, _ maxY: Int64
  ) -> (SIMD4<UInt8>, SIMD4<UInt8>, SIMD4<UInt8>, SIMD4<UInt8>, UInt16, UInt16) {
    let ix = s >> 16, iy = tt >> 16
    let fx = UInt16(truncatingIfNeeded: (s >> 8) & 0xFF), fy = UInt16(truncatingIfNeeded: (tt >> 8) & 0xFF)
    if UInt64(bitPattern: ix) < UInt64(bitPattern: maxX) && UInt64(bitPattern: iy) < UInt64(bitPattern: maxY) {
      let b = Int(iy) &* rowPixels &+ Int(ix)
      return (px[b], px[b &+ 1], px[b &+ rowPixels], px[b &+ rowPixels &+ 1], fx, fy)
    }
    let x0 = min(max(ix, 0), maxX), x1 = min(max(ix &+ 1, 0), maxX)
    let y0 = min(max(iy, 0), maxY), y1 = min(max(iy &+ 1, 0), maxY)
    let r0 = Int(y0) &* rowPixels, r1 = Int(y1) &* rowPixels
    return (px[r0 &+ Int(x0)], px[r0 &+ Int(x1)], px[r1 &+ Int(x0)], px[r1 &+ Int(x1)], fx, fy)
  }

  /// Pixels `x0..<x1` of `plainImageRow`'s bilinear, source-over case (no alpha tint, no
  /// per-pixel occluder), stepping `s`, `tt` by `ds`, `dt` a pixel: filtered, times the
  /// colour tint (`colourTint`, when given) and the opacity, and blended, two at a time.
  ///
  /// - Complexity: O(x1 − x0): per two pixels, eight texel reads and one 16-bit vector
  ///   of lerps and source-over.
  @inline(__always)
  func bilinearPairs(
    _ x0: Int, _ x1: Int, s: inout Int64, t tt: inout Int64, ds: Int64, dt: Int64, _ px: Span<SIMD4<UInt8>>,
    rowPixels: Int, maxX: Int64, maxY: Int64, colourTint: WidePixel.Pair?, opacity: UInt16,
    row dst: inout MutableSpan<SIMD4<UInt8>>, origin: Int
  ) {
    typealias P = WidePixel.Pair
    let k = P(repeating: opacity)
    var x = x0
    while x < x1 {
      let second = x &+ 1 < x1
      let p = Self.taps(s, tt, px, rowPixels, maxX, maxY)
      s &+= ds; tt &+= dt
      var q = p
      if second {
        q = Self.taps(s, tt, px, rowPixels, maxX, maxY)
        s &+= ds; tt &+= dt
      }
      let fx = WidePixel.weights(p.4, q.4), fy = WidePixel.weights(p.5, q.5)
      let top = WidePixel.lerp(WidePixel.widen(p.0, q.0), WidePixel.widen(p.1, q.1), fx)
      let bottom = WidePixel.lerp(WidePixel.widen(p.2, q.2), WidePixel.widen(p.3, q.3), fx)
      var c = WidePixel.lerp(top, bottom, fy)
      if let tint = colourTint { c = WidePixel.mul255(c, tint) }
      if opacity < 255 { c = WidePixel.mul255(c, k) }
      let o = x &- origin
      let d = WidePixel.widen(dst[o], second ? dst[o &+ 1] : dst[o])
      let r = WidePixel.over(c, d)
      dst[o] = WidePixel.narrow(r.lowHalf)
      if second { dst[o &+ 1] = WidePixel.narrow(r.highHalf) }
      x &+= 2
    }
  }
}

extension Rasterizer {
  /// The alpha of a shadow mask's texels at `(s, tt)`, filtered as `plainImageRow`'s
  /// alpha-tinted loop does (two lerps in `UInt16`, the same rounding), times `opacity`.
  @inline(__always)
  static func maskAlpha(
    _ s: Int64, _ tt: Int64, _ px: Span<SIMD4<UInt8>>, _ rowPixels: Int, _ maxX: Int64, _ maxY: Int64, _ opacity: UInt16
  ) -> UInt16 {
    let ix = s >> 16, iy = tt >> 16
    let fx = UInt16(truncatingIfNeeded: (s >> 8) & 0xFF), fy = UInt16(truncatingIfNeeded: (tt >> 8) & 0xFF)
    let a00: UInt16, a01: UInt16, a10: UInt16, a11: UInt16
    if UInt64(bitPattern: ix) < UInt64(bitPattern: maxX) && UInt64(bitPattern: iy) < UInt64(bitPattern: maxY) {
      let b = Int(iy) &* rowPixels &+ Int(ix)
      a00 = UInt16(px[b].w)
      a01 = UInt16(px[b &+ 1].w)
      a10 = UInt16(px[b &+ rowPixels].w)
      a11 = UInt16(px[b &+ rowPixels &+ 1].w)
    } else {
      let x0 = Int(min(max(ix, 0), maxX)), x1 = Int(min(max(ix &+ 1, 0), maxX))
      let y0 = Int(min(max(iy, 0), maxY)), y1 = Int(min(max(iy &+ 1, 0), maxY))
      a00 = UInt16(px[y0 &* rowPixels &+ x0].w)
      a01 = UInt16(px[y0 &* rowPixels &+ x1].w)
      a10 = UInt16(px[y1 &* rowPixels &+ x0].w)
      a11 = UInt16(px[y1 &* rowPixels &+ x1].w)
    }
    let top = (a00 &* (256 &- fx) &+ a01 &* fx &+ 128) >> 8
    let bottom = (a10 &* (256 &- fx) &+ a11 &* fx &+ 128) >> 8
    let a = (top &* (256 &- fy) &+ bottom &* fy &+ 128) >> 8
    return opacity < 255 ? (a &* opacity &+ 127) / 255 : a
  }

  /// Pixels `x0..<x1` of `plainImageRow`'s alpha-tinted bilinear loop (a shadow mask, no
  /// per-pixel occluder): each pixel's alpha as there (`maskAlpha`), then the tint times
  /// it and source-over for two pixels in one 16-bit vector. A zero alpha gives a zero
  /// source, which `over` leaves the destination as it was (the one-pixel loop skips it).
  ///
  /// - Complexity: O(x1 − x0): per pixel four texel reads and the alpha's lerps, per two
  ///   pixels one vector tint and blend.
  @inline(__always)
  func maskPairs(
    _ x0: Int, _ x1: Int, s: inout Int64, t tt: inout Int64, ds: Int64, dt: Int64, _ px: Span<SIMD4<UInt8>>,
    rowPixels: Int, maxX: Int64, maxY: Int64, tint: WidePixel.Lanes, opacity: UInt16,
    row dst: inout MutableSpan<SIMD4<UInt8>>, origin: Int
  ) {
    let tints = WidePixel.Pair(lowHalf: tint, highHalf: tint)
    var x = x0
    while x < x1 {
      let second = x &+ 1 < x1
      let a0 = Self.maskAlpha(s, tt, px, rowPixels, maxX, maxY, opacity)
      s &+= ds; tt &+= dt
      var a1 = a0
      if second {
        a1 = Self.maskAlpha(s, tt, px, rowPixels, maxX, maxY, opacity)
        s &+= ds; tt &+= dt
      }
      let c = WidePixel.mul255(tints, WidePixel.weights(a0, a1))
      let o = x &- origin
      let r = WidePixel.over(c, WidePixel.widen(dst[o], second ? dst[o &+ 1] : dst[o]))
      dst[o] = WidePixel.narrow(r.lowHalf)
      if second { dst[o &+ 1] = WidePixel.narrow(r.highHalf) }
      x &+= 2
    }
  }
}

extension Rasterizer {
  /// Pixels `x0..<x1` of a sprite row, two at a time, stepping one texel a pixel from `s`,
  /// `tt`, every texel pair inside the image, one weight pair for the whole run; each
  /// filtered pixel times `scale` (tint × opacity) is added to the row as whole levels. A
  /// pixel whose texels are all zero adds nothing (the one-pixel loop skips it), so the
  /// pixels are the same.
  ///
  /// - Complexity: O(x1 − x0): per two pixels, four texel reads, one 16-bit vector of lerps
  ///   and two four-lane float multiply-adds.
  @inline(__always)
  func unitPairs(
    s: Int64, tt: Int64, _ rowPixels: Int, _ px: Span<SIMD4<UInt8>>, _ scale: SIMD4<Float>,
    row: inout MutableSpan<SIMD4<UInt8>>, origin: Int, _ x0: Int, _ x1: Int
  ) {
    typealias P = WidePixel.Pair
    let fx = P(repeating: UInt16(truncatingIfNeeded: (s >> 8) & 0xFF))
    let fy = P(repeating: UInt16(truncatingIfNeeded: (tt >> 8) & 0xFF))
    let r0 = Int(tt >> 16) &* rowPixels, r1 = r0 &+ rowPixels
    var p = Int(s >> 16)
    var a = px[r0 &+ p], c = px[r1 &+ p]
    var x = x0
    while x &+ 2 <= x1 {
      let b = px[r0 &+ p &+ 1], b2 = px[r0 &+ p &+ 2]
      let d = px[r1 &+ p &+ 1], d2 = px[r1 &+ p &+ 2]
      let top = WidePixel.lerp(WidePixel.widen(a, b), WidePixel.widen(b, b2), fx)
      let bottom = WidePixel.lerp(WidePixel.widen(c, d), WidePixel.widen(d, d2), fx)
      let v = WidePixel.lerp(top, bottom, fy)
      let f = WidePixel.floats(v)
      let o = x &- origin
      row[o] = AdditiveLevels.add(row[o], f.lowHalf * scale)
      row[o &+ 1] = AdditiveLevels.add(row[o &+ 1], f.highHalf * scale)
      (a, c) = (b2, d2)
      p &+= 2
      x &+= 2
    }
    if x < x1 {
      let b = px[r0 &+ p &+ 1], d = px[r1 &+ p &+ 1]
      let top = WidePixel.lerp(WidePixel.widen(a), WidePixel.widen(b), fx.lowHalf[0])
      let bottom = WidePixel.lerp(WidePixel.widen(c), WidePixel.widen(d), fx.lowHalf[0])
      let v = WidePixel.lerp(top, bottom, fy.lowHalf[0])
      let o = x &- origin
      row[o] = AdditiveLevels.add(row[o], SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: v)) * scale)
    }
  }
}

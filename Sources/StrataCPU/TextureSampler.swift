import Strata
import StrataRender

/// Reads premultiplied texels as 0…255 floats.
enum TextureSampler {
  /// The texel at `(x, y)` of a level `w` texels wide. The index is computed in `Int`: an
  /// image may hold more than 2^31 texels.
  @inline(__always)
  static func texel(_ p: Span<SIMD4<UInt8>>, _ w: Int32, _ x: Int32, _ y: Int32) -> SIMD4<Float> {
    SIMD4<Float>(p[Int(y) &* Int(w) &+ Int(x)])
  }

  @inline(__always)
  static func nearest(_ p: Span<SIMD4<UInt8>>, _ lv: LevelSize, _ s: Float, _ t: Float) -> SIMD4<Float> {
    texel(p, lv.width, Sampling.nearest(s * lv.scaleX, size: lv.width), Sampling.nearest(t * lv.scaleY, size: lv.height))
  }

  @inline(__always)
  static func bilinear(_ p: Span<SIMD4<UInt8>>, _ lv: LevelSize, _ s: Float, _ t: Float) -> SIMD4<Float> {
    let (x0, x1, fx) = Sampling.linear(s * lv.scaleX, size: lv.width)
    let (y0, y1, fy) = Sampling.linear(t * lv.scaleY, size: lv.height)
    let w = lv.width
    let top = texel(p, w, x0, y0) + (texel(p, w, x1, y0) - texel(p, w, x0, y0)) * fx
    let bottom = texel(p, w, x0, y1) + (texel(p, w, x1, y1) - texel(p, w, x0, y1)) * fx
    return top + (bottom - top) * fy
  }
}

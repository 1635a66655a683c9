/// Texel addressing and mipmap level selection shared by both backends
/// (`Shaders/sampling.glsl` mirrors it function by function; `ShaderMirrorTests` checks).
///
/// Texel `i` covers `[i, i + 1)` with its centre at `i + 0.5`; addressing clamps to the
/// image edge, as `GL_CLAMP_TO_EDGE` does.
public enum Sampling {
  /// The nearest texel to coordinate `s` along an axis of `size` texels.
  ///
  /// Any finite `s` is valid, however far outside the image: the index is clamped as an
  /// integer, since `Float(size - 1)` is inexact beyond 2^24 texels and may round past the
  /// last texel.
  @inlinable @inline(__always) public static func nearest(_ s: Float, size: Int32) -> Int32 {
    guard s.isFinite else { return 0 }
    return clampedIndex(s.rounded(.down), 0, size)
  }

  /// The two texels that linear filtering blends at coordinate `s`, and the weight of the
  /// second: `(i0, i1, f)` with `value = t[i0]·(1 - f) + t[i1]·f`.
  @inlinable @inline(__always) public static func linear(_ s: Float, size: Int32) -> (Int32, Int32, Float) {
    let p = s - 0.5
    guard p.isFinite else { return (0, 0, 0) }
    let fl = p.rounded(.down)
    let f = p - fl
    return (clampedIndex(fl, 0, size), clampedIndex(fl, 1, size), f)
  }

  /// `whole + offset` (a whole number, finite) clamped to the texels `0..<size`, computed
  /// in 64-bit integers so that no coordinate, however large, overflows or rounds past the
  /// edge.
  @inlinable @inline(__always) static func clampedIndex(_ whole: Float, _ offset: Int64, _ size: Int32) -> Int32 {
    // Beyond ±2^40 every index clamps anyway; the bound keeps the conversion in range.
    let i = Int64(max(min(whole, 0x1p40), -0x1p40)) + offset
    return Int32(min(max(i, 0), Int64(size) - 1))
  }

  /// Texels per device pixel along the longer axis of a pixel's footprint: the scale factor
  /// ρ of the OpenGL ES specification (§8.14.1, the isotropic maximum of the two axes' lengths),
  /// for the layer → texel map `(a, b, c, d)` (`s = a·u + c·v + tx`, `t = b·u + d·v + ty`)
  /// and the device → layer Jacobian `j`. Above 1 the image is minified.
  @inlinable @inline(__always)
  public static func texelsPerPixel<F: BinaryFloatingPoint>(
    _ a: F, _ b: F, _ c: F, _ d: F, _ j: (dudx: F, dudy: F, dvdx: F, dvdy: F)
  ) -> F {
    let axes = footprint(a, b, c, d, j)
    return max(axes.x, axes.y)
  }

  /// How many texels one device pixel step in x, and one in y, move across: the lengths
  /// of the two axes of a pixel's footprint in the texture.
  @inlinable @inline(__always)
  public static func footprint<F: BinaryFloatingPoint>(
    _ a: F, _ b: F, _ c: F, _ d: F, _ j: (dudx: F, dudy: F, dvdx: F, dvdy: F)
  ) -> (x: F, y: F) {
    let sx = a * j.dudx + c * j.dvdx, tx = b * j.dudx + d * j.dvdx
    let sy = a * j.dudy + c * j.dvdy, ty = b * j.dudy + d * j.dvdy
    return ((sx * sx + tx * tx).squareRoot(), (sy * sy + ty * ty).squareRoot())
  }

  /// The mipmap level of detail for a footprint of `texelsPerPixel` (`log2`, plus bias):
  /// at or below 0 the image is magnified and level 0 is sampled with the magnification
  /// filter; above 0 the minification filter applies.
  @inlinable @inline(__always) public static func levelOfDetail(texelsPerPixel: Float, bias: Float) -> Float {
    texelsPerPixel > 0 ? log2f(texelsPerPixel) + bias : 0
  }

  /// The two levels trilinear filtering blends at level of detail `lod` in a chain of
  /// `count` levels, and the weight of the second: `lod` clamped to `[0, count - 1]`, then
  /// split into its whole and fractional parts. Both levels are always valid.
  @inlinable @inline(__always)
  public static func mipLevels(lod: Float, count: Int) -> (Int, Int, Float) {
    let top = Float(max(count - 1, 0))
    let l = lod > 0 ? min(lod, top) : 0  // NaN too takes level 0
    let l0 = l.rounded(.down)
    let i0 = Int(l0)
    return (i0, min(i0 + 1, count - 1), l - l0)
  }
}

#if canImport(Glibc)
  import Glibc
#endif

/// Texel addressing shared by both backends (`Shaders/sampling.glsl` mirrors it).
///
/// Texel `i` covers `[i, i + 1)` with its centre at `i + 0.5`; addressing clamps to the
/// image edge, as `GL_CLAMP_TO_EDGE` does.
public enum Sampling {
  /// The nearest texel to coordinate `s` along an axis of `size` texels.
  @inlinable @inline(__always) public static func nearest(_ s: Float, size: Int32) -> Int32 {
    let i = s.isFinite ? Int32(max(min(s.rounded(.down), Float(size - 1)), 0)) : 0
    return i
  }

  /// The two texels that linear filtering blends at coordinate `s`, and the weight of the
  /// second: `(i0, i1, f)` with `value = t[i0]·(1 - f) + t[i1]·f`.
  @inlinable @inline(__always) public static func linear(_ s: Float, size: Int32) -> (Int32, Int32, Float) {
    let p = s - 0.5
    guard p.isFinite else { return (0, 0, 0) }
    let fl = p.rounded(.down)
    let f = p - fl
    let i = Int32(max(min(fl, Float(size)), -1))
    return (min(max(i, 0), size - 1), min(max(i + 1, 0), size - 1), f)
  }

  /// The mipmap level of detail for a footprint of `texelsPerPixel` (`log2`, plus bias).
  @inlinable @inline(__always) public static func levelOfDetail(texelsPerPixel: Float, bias: Float) -> Float {
    texelsPerPixel > 0 ? log2f(texelsPerPixel) + bias : 0
  }
}

#if canImport(Glibc)
  import Glibc
#endif

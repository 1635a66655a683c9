#if canImport(Glibc)
  import Glibc
#endif

/// Core Animation's gradients (`CAGradientLayer`), evaluated per pixel by both backends:
/// `Shaders/gradient.glsl` mirrors these functions line by line (`ShaderMirrorTests`).
///
/// Everything happens in unit space: `(x, y)` is the pixel's point with the layer's bounds
/// mapped to the unit square, and `start`, `end` are in the same units (so a gradient on a
/// wide layer is stretched, not recomputed). A degenerate geometry (start = end, a radius
/// of 0) paints the last colour. Colours are interpolated straight and then premultiplied:
/// white to clear (transparent black) passes through a grey, as in Core Animation.
public enum GradientMath {
  /// What the parameter of a degenerate gradient is: past every stop, so it pads to the
  /// last colour.
  public static let beyond: Float = 1e30

  /// The gradient parameter at unit point `(x, y)`: `kind` is `GradientPaint.Kind.code`
  /// (0 axial, 1 radial, 2 conic).
  ///
  /// - axial: the projection onto `start → end`, `dot(p − s, d) / dot(d, d)`.
  /// - radial: the elliptic distance from `start`, radii `|end.x − start.x|`, `|end.y − start.y|`.
  /// - conic: the angle from `start → end` to `start → p`, in turns, in `[0, 1)`.
  @inlinable
  public static func parameter(kind: Int32, x: Float, y: Float, start s: SIMD2<Float>, end e: SIMD2<Float>) -> Float {
    let px = x - s.x, py = y - s.y
    let dx = e.x - s.x, dy = e.y - s.y
    if kind == 0 {
      let dd = dx * dx + dy * dy
      if dd == 0 { return beyond }
      return (px * dx + py * dy) / dd
    }
    if kind == 1 {
      let rx = abs(dx), ry = abs(dy)
      if rx == 0 || ry == 0 { return beyond }
      let qx = px / rx, qy = py / ry
      return (qx * qx + qy * qy).squareRoot()
    }
    if dx == 0 && dy == 0 { return beyond }
    let turns = (atan2f(py, px) - atan2f(dy, dx)) * (1 / (2 * Float.pi))
    // A tiny negative turn leaves 1 after the subtraction: just before the seam.
    var t = min(turns - turns.rounded(.down), seamBelow)
    // On the seam's side of the centre, the side of the seam a point lies on (the sign of
    // the cross product) decides between the first colour and the last, where the two
    // arctangents, libm's here and the GPU's in gradient.glsl, could land either side of
    // it (strata-fuzz seeds 107928 and 119081: a seam pixel first on one backend, last on
    // the other). Away from the seam, and on the other side of the centre, it changes
    // nothing.
    if px * dx + py * dy > 0 {
      let side = dx * py - dy * px
      if side >= 0 && t > 0.5 {
        t = 0
      } else if side < 0 && t < 0.5 {
        t = seamBelow
      }
    }
    return t
  }

  /// The largest parameter below 1 (1 − 2^-24, `Float(1).nextDown`): a point just before
  /// the seam, in the last colour. A literal, so that the per-pixel loops read a constant.
  public static let seamBelow: Float = 0x1.fffffep-1

  /// The straight colour a fraction of the way from stop `(l0, c0)` to stop `(l1, c1)`,
  /// for `l0 <= t < l1`.
  @inlinable @inline(__always)
  public static func between(_ t: Float, _ l0: Float, _ c0: SIMD4<Float>, _ l1: Float, _ c1: SIMD4<Float>) -> SIMD4<Float> {
    let f = (t - l0) / (l1 - l0)
    return c0 + (c1 - c0) * f
  }

  /// The premultiplied colour (0…1) at parameter `t`: the first colour before the first
  /// location, the last from the last one on (pad), else interpolated between the two
  /// stops around `t` (at a hard stop, the later colour).
  @inlinable
  public static func color(at t: Float, locations: Span<Float>, colors: Span<SIMD4<Float>>) -> SIMD4<Float> {
    let n = locations.count
    var c = colors[n - 1]
    if t < locations[0] {
      c = colors[0]
    } else if t < locations[n - 1] {
      for i in 0..<(n - 1) where t >= locations[i] && t < locations[i + 1] {
        c = between(t, locations[i], colors[i], locations[i + 1], colors[i + 1])
        break
      }
    }
    return premultiplied(c)
  }

  @inlinable @inline(__always)
  public static func premultiplied(_ c: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
  }
}

import Strata

/// The device → layer-plane map as both backends evaluate it at a pixel: the layer point
/// and the Jacobian there. `Shaders/projection.glsl` mirrors it (checked by
/// `ShaderMirrorTests`).
///
/// The map's rows are `(m0, m1, m2)`, `(m3, m4, m5)`, `(m6, m7, m8)` (see `Homography`):
/// `u = (m0·x + m1·y + m2) / w`, `v = (m3·x + m4·y + m5) / w`, `w = m6·x + m7·y + m8`.
public enum Projection {
  /// The layer point `(u, v)` of device point `(x, y)` and its homogeneous `w`; nil where
  /// `w <= 0` (behind the eye, nothing to draw).
  @inlinable @inline(__always)
  public static func unproject<F: BinaryFloatingPoint>(
    _ m0: F, _ m1: F, _ m2: F, _ m3: F, _ m4: F, _ m5: F, _ m6: F, _ m7: F, _ m8: F, x: F, y: F
  ) -> (u: F, v: F, w: F)? {
    let w = m6 * x + m7 * y + m8
    guard w > 0 else { return nil }
    return ((m0 * x + m1 * y + m2) / w, (m3 * x + m4 * y + m5) / w, w)
  }

  /// How far the layer point moves per device pixel, `∂(u, v)/∂(x, y)`, at a pixel whose
  /// layer point is `(u, v)` with homogeneous `w` (the quotient rule on `unproject`):
  /// `∂u/∂x = (m0 − u·m6) / w` and so on. Constant (`m0`, `m1`, `m3`, `m4`) when the map is
  /// affine and normalised (`m6 = m7 = 0`, `w = 1`).
  @inlinable @inline(__always)
  public static func derivatives<F: BinaryFloatingPoint>(
    _ m0: F, _ m1: F, _ m3: F, _ m4: F, _ m6: F, _ m7: F, u: F, v: F, w: F
  ) -> (dudx: F, dudy: F, dvdx: F, dvdy: F) {
    ((m0 - u * m6) / w, (m1 - u * m7) / w, (m3 - v * m6) / w, (m4 - v * m7) / w)
  }

  /// `unproject` for a homography in double precision.
  @inlinable
  public static func unproject(_ h: Homography, x: Double, y: Double) -> (u: Double, v: Double, w: Double)? {
    let m = h.m
    return unproject(m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8, x: x, y: y)
  }

  /// `derivatives` for a homography in double precision.
  @inlinable
  public static func derivatives(_ h: Homography, u: Double, v: Double, w: Double) -> (dudx: Double, dudy: Double, dvdx: Double, dvdy: Double) {
    let m = h.m
    return derivatives(m.0, m.1, m.3, m.4, m.6, m.7, u: u, v: v, w: w)
  }
}

extension Coverage.Jacobian {
  /// The Jacobian of the device → layer map `m` (nine values, rows as in `Projection`) at a
  /// pixel whose layer point is `(u, v)` with homogeneous `w`.
  @inlinable @inline(__always)
  public init(_ m0: Float, _ m1: Float, _ m3: Float, _ m4: Float, _ m6: Float, _ m7: Float, u: Float, v: Float, w: Float) {
    let d = Projection.derivatives(m0, m1, m3, m4, m6, m7, u: u, v: v, w: w)
    self.init(dudx: d.dudx, dudy: d.dudy, dvdx: d.dvdx, dvdy: d.dvdy)
  }
}

extension PlaneMap {
  /// The device → layer map's nine values as the backends use them: divided by `m8` when
  /// the layer → device map is affine, so that `w` is exactly 1 everywhere and the
  /// Jacobian is the constant `(m0, m1, m3, m4)` (no rounding from dividing by w).
  public var normalizedInverse: [Double] { normalizedInverseMatrix.values }

  /// `normalizedInverse` as a matrix (no array: the GPU's instances read one a draw).
  public var normalizedInverseMatrix: Homography {
    let v = fromDevice.m
    guard toDevice.isAffine && v.8 != 0 else { return fromDevice }
    let s = 1 / v.8
    return Homography(v.0 * s, v.1 * s, v.2 * s, v.3 * s, v.4 * s, v.5 * s, v.6 * s, v.7 * s, v.8 * s)
  }
}

import Foundation

/// A 4x4 homogeneous transform with `CATransform3D`'s semantics.
///
/// Points are **row vectors** multiplied on the left: `p' = p · M`. Translation therefore
/// lives in `m41…m43`, and perspective comes from `m34 = -1/d` (the eye at distance `d` on
/// the +z axis). `a.concatenating(b)` means "first `a`, then `b`", like
/// `CATransform3DConcat(a, b)`.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
  public var m11: Double, m12: Double, m13: Double, m14: Double
  public var m21: Double, m22: Double, m23: Double, m24: Double
  public var m31: Double, m32: Double, m33: Double, m34: Double
  public var m41: Double, m42: Double, m43: Double, m44: Double

  public init(
    m11: Double, m12: Double, m13: Double, m14: Double,
    m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double,
    m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
    self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
    self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
    self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
  }

  /// Builds a transform from 16 numbers in `m11, m12, … m44` order.
  public init?(_ v: [Double]) {
    guard v.count == 16 else { return nil }
    self.init(
      m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
      m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
  }

  /// The 16 fields in `m11, m12, … m44` order.
  public var values: [Double] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  public static let identity = Transform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

  public var isIdentity: Bool { self == .identity }
  public var isFinite: Bool { values.allSatisfy(\.isFinite) }

  /// True when the transform maps the z = 0 plane affinely and keeps it flat, like
  /// `CATransform3DIsAffine`.
  public var isAffine: Bool {
    m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1
      && m34 == 0 && m43 == 0 && m44 == 1
  }

  // MARK: Makers (CATransform3DMake…)

  public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
    var t = identity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
  }

  public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
    var t = identity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
  }

  /// A rotation by `angle` radians about the axis `(x, y, z)`, like
  /// `CATransform3DMakeRotation`. A zero axis gives the identity. Positive angles about z
  /// turn +x towards +y, which is clockwise on screen because y grows downward.
  public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    let len = (x * x + y * y + z * z).squareRoot()
    guard len > 0, len.isFinite else { return identity }
    let (x, y, z) = (x / len, y / len, z / len)
    let c = cos(angle), s = sin(angle), t = 1 - c
    return Transform3D(
      m11: c + x * x * t, m12: x * y * t + z * s, m13: x * z * t - y * s, m14: 0,
      m21: y * x * t - z * s, m22: c + y * y * t, m23: y * z * t + x * s, m24: 0,
      m31: z * x * t + y * s, m32: z * y * t - x * s, m33: c + z * z * t, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// Perspective seen from distance `d`: the identity with `m34 = -1/d`.
  public static func perspective(_ d: Double) -> Transform3D {
    var t = identity
    t.m34 = -1 / d
    return t
  }

  // MARK: Composition (CATransform3DTranslate/Scale/Rotate/Concat)

  /// `self` followed by `other` (`CATransform3DConcat(self, other)`).
  public func concatenating(_ b: Transform3D) -> Transform3D {
    let a = self
    return Transform3D(
      m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
      m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
      m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
      m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
      m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
      m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
      m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
      m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
      m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
      m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
      m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
      m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
      m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
      m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
      m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
      m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
  }

  /// `CATransform3DTranslate(self, tx, ty, tz)`: the translation first, then `self`.
  public func translated(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
    Transform3D.translation(tx, ty, tz).concatenating(self)
  }

  /// `CATransform3DScale(self, sx, sy, sz)`: the scale first, then `self`.
  public func scaled(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
    Transform3D.scale(sx, sy, sz).concatenating(self)
  }

  /// `CATransform3DRotate(self, angle, x, y, z)`: the rotation first, then `self`.
  public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D.rotation(angle, x, y, z).concatenating(self)
  }

  /// The determinant of the full 4x4 matrix.
  public var determinant: Double {
    let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
    let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
    let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
    let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
    return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
  }

  /// The inverse, or `nil` when the matrix is singular (`CATransform3DInvert` returns the
  /// original matrix in that case; an optional makes the failure impossible to miss).
  public var inverted: Transform3D? {
    let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
    let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
    let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
    let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
    let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    guard det != 0, det.isFinite else { return nil }
    let i = 1 / det
    return Transform3D(
      m11: (m22 * c5 - m23 * c4 + m24 * c3) * i,
      m12: (-m12 * c5 + m13 * c4 - m14 * c3) * i,
      m13: (m42 * s5 - m43 * s4 + m44 * s3) * i,
      m14: (-m32 * s5 + m33 * s4 - m34 * s3) * i,
      m21: (-m21 * c5 + m23 * c2 - m24 * c1) * i,
      m22: (m11 * c5 - m13 * c2 + m14 * c1) * i,
      m23: (-m41 * s5 + m43 * s2 - m44 * s1) * i,
      m24: (m31 * s5 - m33 * s2 + m34 * s1) * i,
      m31: (m21 * c4 - m22 * c2 + m24 * c0) * i,
      m32: (-m11 * c4 + m12 * c2 - m14 * c0) * i,
      m33: (m41 * s4 - m42 * s2 + m44 * s0) * i,
      m34: (-m31 * s4 + m32 * s2 - m34 * s0) * i,
      m41: (-m21 * c3 + m22 * c1 - m23 * c0) * i,
      m42: (m11 * c3 - m12 * c1 + m13 * c0) * i,
      m43: (-m41 * s3 + m42 * s1 - m43 * s0) * i,
      m44: (m31 * s3 - m32 * s1 + m33 * s0) * i)
  }

  /// The same transform with its z output dropped: what flattening into the parent's
  /// plane does (a plain layer renders its sublayers into its own plane).
  public var flattened: Transform3D {
    var t = self
    t.m13 = 0; t.m23 = 0; t.m33 = 0; t.m43 = 0
    return t
  }

  /// Applies the transform to the homogeneous point `(x, y, z, 1)` and returns `(x, y, z, w)`.
  public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
    (x * m11 + y * m21 + z * m31 + m41,
     x * m12 + y * m22 + z * m32 + m42,
     x * m13 + y * m23 + z * m33 + m43,
     x * m14 + y * m24 + z * m34 + m44)
  }

  public var description: String {
    "[" + values.map { String($0) }.joined(separator: ", ") + "]"
  }
}

/// A 2D affine transform with `CGAffineTransform`'s semantics: `x' = a·x + c·y + tx`,
/// `y' = b·x + d·y + ty`.
public struct AffineTransform: Hashable, Sendable {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// `self` followed by `t`, like `CGAffineTransformConcat(self, t)`.
  public func concatenating(_ t: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * t.a + b * t.c, b: a * t.b + b * t.d,
      c: c * t.a + d * t.c, d: c * t.b + d * t.d,
      tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
  }

  public func apply(_ p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }

  /// The equivalent 3D transform (`CATransform3DMakeAffineTransform`).
  public var transform3D: Transform3D {
    Transform3D(
      m11: a, m12: b, m13: 0, m14: 0, m21: c, m22: d, m23: 0, m24: 0,
      m31: 0, m32: 0, m33: 1, m34: 0, m41: tx, m42: ty, m43: 0, m44: 1)
  }
}

extension Transform3D {
  /// The affine part, valid when `isAffine` (`CATransform3DGetAffineTransform`).
  public var affine: AffineTransform {
    AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
  }
}

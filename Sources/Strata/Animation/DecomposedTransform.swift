import Foundation

/// A unit quaternion `(x, y, z, w)`: a rotation about `(x, y, z)` by `2·acos(w)`.
public struct Quaternion: Hashable, Sendable {
  public var x: Double, y: Double, z: Double, w: Double

  public init(x: Double, y: Double, z: Double, w: Double) {
    self.x = x; self.y = y; self.z = z; self.w = w
  }

  public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

  func dot(_ b: Quaternion) -> Double { x * b.x + y * b.y + z * b.z + w * b.w }

  /// The rotation angle between two orientations, 0…π.
  func angle(to b: Quaternion) -> Double { 2 * acos(min(1, abs(dot(b)))) }

  /// Spherical linear interpolation along the shorter arc. At exactly 180 degrees
  /// (`dot == 0`) both arcs are equally short and the one from `a`'s sign is taken.
  public static func slerp(_ a: Quaternion, _ b0: Quaternion, _ t: Double) -> Quaternion {
    var b = b0
    var d = a.dot(b)
    if d < 0 {
      b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
      d = -d
    }
    let wa: Double, wb: Double
    if d > 0.9999995 {
      (wa, wb) = (1 - t, t)
    } else {
      let theta = acos(d), s = sin(theta)
      (wa, wb) = (sin((1 - t) * theta) / s, sin(t * theta) / s)
    }
    var q = Quaternion(x: a.x * wa + b.x * wb, y: a.y * wa + b.y * wb, z: a.z * wa + b.z * wb, w: a.w * wa + b.w * wb)
    let n = q.dot(q).squareRoot()
    if n > 0 { q = Quaternion(x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n) }
    return q
  }
}

/// A `Transform3D` taken apart as the CSS Transforms "unmatrix" algorithm (after Graphics
/// Gems II) does: perspective, translation, rotation, skew and scale. Interpolating these
/// parts and recomposing is how Core Animation animates `transform`, so a rotation stays a
/// rotation all the way instead of shrinking through a matrix blend.
///
/// Matrices are row-vector `CATransform3D`s; `m[i][j]` below is row i, column j.
public struct DecomposedTransform: Hashable, Sendable {
  public var translation: [Double] = [0, 0, 0]
  public var scale: [Double] = [1, 1, 1]
  /// xy, xz and yz shear factors.
  public var skew: [Double] = [0, 0, 0]
  public var perspective: [Double] = [0, 0, 0, 1]
  public var quaternion = Quaternion.identity

  public init() {}

  /// The parts of `t`, or nil for a singular matrix (which then interpolates as a matrix).
  public init?(_ t: Transform3D) {
    var m = [[t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24], [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44]]
    guard m[3][3] != 0 else { return nil }
    for i in 0..<4 { for j in 0..<4 { m[i][j] /= t.m44 } }
    var p = m
    for i in 0..<3 { p[i][3] = 0 }
    p[3][3] = 1
    let pt = Transform3D(p.flatMap { $0 })!
    guard pt.determinant != 0, let inv = pt.inverted else { return nil }
    if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
      let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
      let i = inv.values
      // rhs × transpose(inverse) as a column product: perspective[c] = Σ_k inv[c][k]·rhs[k].
      for c in 0..<4 {
        var sum = 0.0
        for k in 0..<4 { sum += i[c * 4 + k] * rhs[k] }
        perspective[c] = sum
      }
    }
    translation = [m[3][0], m[3][1], m[3][2]]
    var row = (0..<3).map { i in [m[i][0], m[i][1], m[i][2]] }
    scale[0] = Self.length(row[0]); row[0] = Self.normalized(row[0])
    skew[0] = Self.dot(row[0], row[1]); row[1] = Self.combine(row[1], row[0], 1, -skew[0])
    scale[1] = Self.length(row[1]); row[1] = Self.normalized(row[1]); skew[0] /= scale[1]
    skew[1] = Self.dot(row[0], row[2]); row[2] = Self.combine(row[2], row[0], 1, -skew[1])
    skew[2] = Self.dot(row[1], row[2]); row[2] = Self.combine(row[2], row[1], 1, -skew[2])
    scale[2] = Self.length(row[2]); row[2] = Self.normalized(row[2]); skew[1] /= scale[2]; skew[2] /= scale[2]
    guard scale.allSatisfy({ $0 != 0 && $0.isFinite }) else { return nil }
    // A mirror image: flip everything so that the rotation part is proper.
    if Self.dot(row[0], Self.cross(row[1], row[2])) < 0 {
      for i in 0..<3 {
        scale[i] = -scale[i]
        row[i] = row[i].map { -$0 }
      }
    }
    var q = Quaternion(
      x: 0.5 * max(1 + row[0][0] - row[1][1] - row[2][2], 0).squareRoot(),
      y: 0.5 * max(1 - row[0][0] + row[1][1] - row[2][2], 0).squareRoot(),
      z: 0.5 * max(1 - row[0][0] - row[1][1] + row[2][2], 0).squareRoot(),
      w: 0.5 * max(1 + row[0][0] + row[1][1] + row[2][2], 0).squareRoot())
    if row[2][1] > row[1][2] { q.x = -q.x }
    if row[0][2] > row[2][0] { q.y = -q.y }
    if row[1][0] > row[0][1] { q.z = -q.z }
    quaternion = q
  }

  /// The matrix again: perspective, then translation, rotation, skew and scale.
  public var transform: Transform3D {
    var m = [[1.0, 0, 0, 0], [0, 1.0, 0, 0], [0, 0, 1.0, 0], [0, 0, 0, 1.0]]
    for i in 0..<4 { m[i][3] = perspective[i] }
    // Translation before perspective: row 3 becomes t·P.
    for i in 0..<4 { for j in 0..<3 { m[3][i] += translation[j] * m[j][i] } }
    let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
    // The row-vector rotation matrix: the transpose of the usual column-vector one, so
    // that a positive z turns +x towards +y as `Transform3D.rotation` does.
    let r = [
      [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0],
      [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0],
      [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0],
      [0, 0, 0, 1],
    ]
    m = Self.multiply(r, m)
    if skew[2] != 0 { m = Self.multiply(Self.shear(2, 1, skew[2]), m) }
    if skew[1] != 0 { m = Self.multiply(Self.shear(2, 0, skew[1]), m) }
    if skew[0] != 0 { m = Self.multiply(Self.shear(1, 0, skew[0]), m) }
    for i in 0..<3 { for j in 0..<4 { m[i][j] *= scale[i] } }
    return Transform3D(m.flatMap { $0 })!
  }

  /// The parts `f` of the way from `a` to `b`: linear for all but the rotation, which
  /// slerps.
  public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ f: Double) -> DecomposedTransform {
    func lerp(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * f } }
    var r = DecomposedTransform()
    r.translation = lerp(a.translation, b.translation)
    r.scale = lerp(a.scale, b.scale)
    r.skew = lerp(a.skew, b.skew)
    r.perspective = lerp(a.perspective, b.perspective)
    r.quaternion = Quaternion.slerp(a.quaternion, b.quaternion, f)
    return r
  }

  private static func shear(_ i: Int, _ j: Int, _ v: Double) -> [[Double]] {
    var t = [[1.0, 0, 0, 0], [0, 1.0, 0, 0], [0, 0, 1.0, 0], [0, 0, 0, 1.0]]
    t[i][j] = v
    return t
  }

  static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i][j] += a[i][k] * b[k][j] } } }
    return r
  }
  static func length(_ v: [Double]) -> Double { dot(v, v).squareRoot() }
  static func normalized(_ v: [Double]) -> [Double] {
    let l = length(v)
    return l == 0 ? v : v.map { $0 / l }
  }
  static func dot(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).map(*).reduce(0, +) }
  static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
  }
  static func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
    zip(a, b).map { sa * $0 + sb * $1 }
  }
}

extension Transform3D {
  /// `a` to `b` by fraction `f`, through the decomposition; matrices that cannot be
  /// decomposed blend element by element.
  public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ f: Double) -> Transform3D {
    if f == 0 { return a }
    if f == 1 { return b }
    guard let da = DecomposedTransform(a), let db = DecomposedTransform(b) else {
      return Transform3D(zip(a.values, b.values).map { $0 + ($1 - $0) * f })!
    }
    return DecomposedTransform.interpolate(da, db, f).transform
  }
}

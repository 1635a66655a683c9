/// An affine map of the plane, laid out as `CGAffineTransform`:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// Paths are stroked in their own space and rasterised in device space; the transform
/// between the two also sets how finely curves are flattened (`maxScale`).
public struct PathTransform: Hashable, Sendable, CustomStringConvertible {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
  }

  public static let identity = PathTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
  public init(scaleX x: Double, y: Double) { self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
  /// A rotation by `angle` radians, from +x towards +y (clockwise on screen).
  public init(rotationAngle angle: Double) {
    let s = Math.sin(angle), c = Math.cos(angle)
    self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  /// `self` first, then `t` (as `CGAffineTransform.concatenating`).
  public func concatenating(_ t: PathTransform) -> PathTransform {
    PathTransform(
      a: a * t.a + b * t.c, b: a * t.b + b * t.d,
      c: c * t.a + d * t.c, d: c * t.b + d * t.d,
      tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
  }

  public var determinant: Double { a * d - b * c }

  /// The inverse, or nil when the map squashes the plane onto a line or a point.
  public func inverted() -> PathTransform? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let i = 1 / det
    let r = PathTransform(a: d * i, b: -b * i, c: -c * i, d: a * i, tx: (c * ty - d * tx) * i, ty: (b * tx - a * ty) * i)
    return r.isFinite ? r : nil
  }

  public var isIdentity: Bool { self == .identity }
  public var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }

  /// The largest factor by which the map stretches a length (its largest singular value):
  /// a tolerance of `t` device pixels is `t / maxScale` in path units.
  public var maxScale: Double {
    let s = a * a + b * b + c * c + d * d
    let det = determinant
    return ((s + max(s * s - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
  }

  @inlinable public func apply(_ p: PathPoint) -> PathPoint {
    PathPoint(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
  }

  /// The linear part only: how a vector (a tangent, an offset) maps.
  @inlinable public func applyToVector(_ v: PathPoint) -> PathPoint {
    PathPoint(a * v.x + c * v.y, b * v.x + d * v.y)
  }

  public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}

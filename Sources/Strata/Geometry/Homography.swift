/// A projective map of the plane, `(x, y, 1) ↦ (X, Y, W)`, column-vector convention:
/// `X = m[0]·x + m[1]·y + m[2]`, `Y = m[3]·x + m[4]·y + m[5]`, `W = m[6]·x + m[7]·y + m[8]`.
///
/// A flattened layer's plane (z = 0) maps to its parent's plane, and on to the canvas, by
/// such a map. Points with `W <= 0` lie behind the eye and are not visible.
public struct Homography: Hashable, Sendable {
  public var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

  public init(_ m0: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m4: Double,
              _ m5: Double, _ m6: Double, _ m7: Double, _ m8: Double) {
    m = (m0, m1, m2, m3, m4, m5, m6, m7, m8)
  }

  public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

  /// The map of the z = 0 plane that a row-vector `Transform3D` induces, keeping x, y and w.
  public init(_ t: Transform3D) {
    self.init(t.m11, t.m21, t.m41, t.m12, t.m22, t.m42, t.m14, t.m24, t.m44)
  }

  public var values: [Double] { [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] }

  public var isAffine: Bool { m.6 == 0 && m.7 == 0 && m.8 == 1 }
  /// Whether every entry is finite. (No array: the compiler checks 20000 planes a frame.)
  public var isFinite: Bool {
    m.0.isFinite && m.1.isFinite && m.2.isFinite && m.3.isFinite && m.4.isFinite && m.5.isFinite && m.6.isFinite
      && m.7.isFinite && m.8.isFinite
  }

  public func homogeneous(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
    (m.0 * x + m.1 * y + m.2, m.3 * x + m.4 * y + m.5, m.6 * x + m.7 * y + m.8)
  }

  /// The image of a point, or nil when it lies behind the eye (`W <= 0`).
  public func apply(_ p: Point) -> Point? {
    let h = homogeneous(p.x, p.y)
    guard h.w > 0 else { return nil }
    return Point(x: h.x / h.w, y: h.y / h.w)
  }

  /// `self` followed by `b`.
  public func concatenating(_ b: Homography) -> Homography {
    let a = m, c = b.m
    return Homography(
      c.0 * a.0 + c.1 * a.3 + c.2 * a.6, c.0 * a.1 + c.1 * a.4 + c.2 * a.7, c.0 * a.2 + c.1 * a.5 + c.2 * a.8,
      c.3 * a.0 + c.4 * a.3 + c.5 * a.6, c.3 * a.1 + c.4 * a.4 + c.5 * a.7, c.3 * a.2 + c.4 * a.5 + c.5 * a.8,
      c.6 * a.0 + c.7 * a.3 + c.8 * a.6, c.6 * a.1 + c.7 * a.4 + c.8 * a.7, c.6 * a.2 + c.7 * a.5 + c.8 * a.8)
  }

  public var determinant: Double {
    m.0 * (m.4 * m.8 - m.5 * m.7) - m.1 * (m.3 * m.8 - m.5 * m.6) + m.2 * (m.3 * m.7 - m.4 * m.6)
  }

  /// The inverse matrix (adjugate over determinant), or nil when singular. As a map of the
  /// plane it undoes `self`; whether a point lies in front of the eye is decided by the
  /// forward map's W, never by the inverse's.
  public var inverted: Homography? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let i = 1 / det
    return Homography(
      (m.4 * m.8 - m.5 * m.7) * i, (m.2 * m.7 - m.1 * m.8) * i, (m.1 * m.5 - m.2 * m.4) * i,
      (m.5 * m.6 - m.3 * m.8) * i, (m.0 * m.8 - m.2 * m.6) * i, (m.2 * m.3 - m.0 * m.5) * i,
      (m.3 * m.7 - m.4 * m.6) * i, (m.1 * m.6 - m.0 * m.7) * i, (m.0 * m.4 - m.1 * m.3) * i)
  }

  // Element by element, no arrays: caches compare and hash maps of every draw.
  public static func == (a: Homography, b: Homography) -> Bool {
    a.m.0 == b.m.0 && a.m.1 == b.m.1 && a.m.2 == b.m.2 && a.m.3 == b.m.3 && a.m.4 == b.m.4 && a.m.5 == b.m.5
      && a.m.6 == b.m.6 && a.m.7 == b.m.7 && a.m.8 == b.m.8
  }
  public func hash(into h: inout Hasher) {
    h.combine(m.0); h.combine(m.1); h.combine(m.2); h.combine(m.3); h.combine(m.4); h.combine(m.5)
    h.combine(m.6); h.combine(m.7); h.combine(m.8)
  }
}

#if canImport(Glibc)
  import Glibc
#endif
import Strata

/// Where on an emitter's shape a particle is born.
///
/// Practical mapping of Core Animation's one-line mode descriptions (README, "Rendering
/// semantics"): `points` are the shape's corners or ends (a circle's or sphere's centre,
/// the point itself); `outline` its perimeter (a cuboid's 12 edges, a sphere's surface);
/// `surface` a rectangle's or circle's inside, a cuboid's faces, a sphere's surface;
/// `volume` its inside. A line is horizontal, `emitterSize.width` long; a circle's and a
/// sphere's radius is `emitterSize.width`. All uniform over length, area or volume.
extension EmitterShape {
  /// The birth point (x, y, z) for `mode`, from the particle's shape streams.
  func sample(
    _ mode: EmitterMode, centre p: Point, z: Double, size: Size, depth: Double, _ r: ParticleRandom
  ) -> SIMD3<Double> {
    let u = r.uniform(.shapeU), v = r.uniform(.shapeV), w = r.uniform(.shapeW), pick = r.uniform(.shapePick)
    let c = SIMD3(p.x, p.y, z)
    let half = SIMD3(size.width / 2, size.height / 2, depth / 2)
    let radius = size.width
    func sign(_ bit: Int) -> Double { (Int(pick * 8) >> bit) & 1 == 0 ? -1 : 1 }
    switch (self, mode) {
    case (.point, _):
      return c
    case (.line, .points):
      return c + SIMD3(sign(0) * half.x, 0, 0)
    case (.line, _):
      return c + SIMD3((2 * u - 1) * half.x, 0, 0)
    case (.rectangle, .points):
      return c + SIMD3(sign(0) * half.x, sign(1) * half.y, 0)
    case (.rectangle, .outline):
      return c + Self.onRectangleOutline(half.x, half.y, u, pick)
    case (.rectangle, _):
      return c + SIMD3((2 * u - 1) * half.x, (2 * v - 1) * half.y, 0)
    case (.cuboid, .points):
      return c + SIMD3(sign(0) * half.x, sign(1) * half.y, sign(2) * half.z)
    case (.cuboid, .outline):
      // 12 edges, 4 along each axis, weighted by length.
      let lengths = [half.x, half.y, half.z].map { 4 * $0 }
      let total = lengths.reduce(0, +)
      guard total > 0 else { return c }
      var s = pick * total, axis = 0
      while axis < 2 && s >= lengths[axis] { s -= lengths[axis]; axis += 1 }
      var q = SIMD3(v < 0.5 ? -half.x : half.x, w < 0.5 ? -half.y : half.y, (v * 4).truncatingRemainder(dividingBy: 1) < 0.5 ? -half.z : half.z)
      q[axis] = (2 * u - 1) * half[axis]
      return c + q
    case (.cuboid, .surface):
      // 6 faces, area-weighted: the pair normal to axis a has area 4·(h_b·h_c) each.
      let areas = [half.y * half.z, half.x * half.z, half.x * half.y]
      let total = areas.reduce(0, +)
      guard total > 0 else { return c + SIMD3((2 * u - 1) * half.x, (2 * v - 1) * half.y, (2 * w - 1) * half.z) }
      var s = pick * total, axis = 0
      while axis < 2 && s >= areas[axis] { s -= areas[axis]; axis += 1 }
      var q = SIMD3((2 * u - 1) * half.x, (2 * v - 1) * half.y, (2 * w - 1) * half.z)
      q[axis] = s / max(areas[axis], .leastNonzeroMagnitude) < 0.5 ? -half[axis] : half[axis]
      return c + q
    case (.cuboid, .volume):
      return c + SIMD3((2 * u - 1) * half.x, (2 * v - 1) * half.y, (2 * w - 1) * half.z)
    case (.circle, .points), (.sphere, .points):
      return c
    case (.circle, .outline):
      let a = 2 * Double.pi * u
      return c + SIMD3(radius * cos(a), radius * sin(a), 0)
    case (.circle, _):
      let a = 2 * Double.pi * u, rr = radius * v.squareRoot()
      return c + SIMD3(rr * cos(a), rr * sin(a), 0)
    case (.sphere, .volume):
      return c + Self.onSphere(u, v) * (radius * cbrt(w))
    case (.sphere, _):
      return c + Self.onSphere(u, v) * radius
    }
  }

  /// Uniform on the perimeter of a rectangle of half sizes hx, hy.
  private static func onRectangleOutline(_ hx: Double, _ hy: Double, _ u: Double, _ pick: Double) -> SIMD3<Double> {
    let total = 4 * (hx + hy)
    guard total > 0 else { return .zero }
    var s = pick * total
    if s < 2 * hx { return SIMD3(s - hx, -hy, 0) }
    s -= 2 * hx
    if s < 2 * hy { return SIMD3(hx, s - hy, 0) }
    s -= 2 * hy
    if s < 2 * hx { return SIMD3(hx - s, hy, 0) }
    s -= 2 * hx
    return SIMD3(-hx, hy - s, 0)
  }

  /// A uniform unit vector.
  private static func onSphere(_ u: Double, _ v: Double) -> SIMD3<Double> {
    let z = 2 * u - 1, a = 2 * Double.pi * v, s = max(0, 1 - z * z).squareRoot()
    return SIMD3(s * cos(a), s * sin(a), z)
  }
}

/// Anti-aliased coverage of shapes, computed from signed distances in the layer plane and
/// converted to device pixels with the local Jacobian of the device → layer map.
///
/// Shared by both backends: `Shaders/coverage.glsl` mirrors these functions line by line.
/// Distances are positive inside. A straight edge's coverage is `clamp(0.5 + d / |∇|, 0, 1)`,
/// which is exact for a pixel-aligned edge and one pixel wide under any transform.
public enum Coverage {
  /// The Jacobian of the device → layer-plane map at one pixel: how far `u` and `v` move
  /// per device pixel in x and y.
  public struct Jacobian: Sendable {
    public var dudx: Float, dudy: Float, dvdx: Float, dvdy: Float

    @inlinable public init(dudx: Float, dudy: Float, dvdx: Float, dvdy: Float) {
      self.dudx = dudx; self.dudy = dudy; self.dvdx = dvdx; self.dvdy = dvdy
    }

    /// Layer units per device pixel across a line of constant `u` (a vertical edge).
    @inlinable public var uPerPixel: Float { (dudx * dudx + dudy * dudy).squareRoot() }
    /// Layer units per device pixel across a line of constant `v` (a horizontal edge).
    @inlinable public var vPerPixel: Float { (dvdx * dvdx + dvdy * dvdy).squareRoot() }

    /// Layer units per device pixel along the layer-plane direction `(nx, ny)` (unit).
    @inlinable public func perPixel(nx: Float, ny: Float) -> Float {
      let gx = nx * dudx + ny * dvdx, gy = nx * dudy + ny * dvdy
      return (gx * gx + gy * gy).squareRoot()
    }
  }

  /// How much earlier than a circular arc a continuous corner starts bending (in radii).
  public static let continuousExtent: Float = 1.528665
  /// The superellipse exponent of a continuous corner.
  public static let continuousExponent: Float = 5

  /// Coverage of a pixel whose centre lies `distance` device pixels inside an edge.
  @inlinable public static func ramp(_ distance: Float) -> Float {
    min(max(0.5 + distance, 0), 1)
  }

  /// The corner of the rectangle `[x0, x1] × [y0, y1]` nearest the layer point `(u, v)`
  /// (which half it lies in along each axis) and that corner's radius; radii are top-left,
  /// top-right, bottom-left, bottom-right.
  @inlinable @inline(__always)
  public static func corner(
    u: Float, v: Float, x0: Float, y0: Float, x1: Float, y1: Float, radii: SIMD4<Float>
  ) -> (left: Bool, top: Bool, radius: Float) {
    let left = u < (x0 + x1) * 0.5, top = v < (y0 + y1) * 0.5
    return (left, top, top ? (left ? radii[0] : radii[1]) : (left ? radii[2] : radii[3]))
  }

  /// Whether `(u, v)` lies inside the rounded rectangle (circular corners, no
  /// anti-aliasing): the hidden middle of a shadow that its opaque layer covers.
  @inlinable @inline(__always)
  public static func insideRoundedRect(
    u: Float, v: Float, x0: Float, y0: Float, x1: Float, y1: Float, radii: SIMD4<Float>
  ) -> Bool {
    guard u >= x0, u < x1, v >= y0, v < y1 else { return false }
    let (left, top, r) = corner(u: u, v: v, x0: x0, y0: y0, x1: x1, y1: y1, radii: radii)
    guard r > 0 else { return true }
    let cx = left ? x0 + r : x1 - r, cy = top ? y0 + r : y1 - r
    guard (left ? u < cx : u > cx) && (top ? v < cy : v > cy) else { return true }
    let dx = u - cx, dy = v - cy
    return dx * dx + dy * dy <= r * r
  }

  /// Coverage of the half-plane `nx·u + ny·v + c ≥ 0` (`edge` = `(nx, ny, c, soft)`, the
  /// normal a unit vector) at the layer-plane point `(u, v)`: a ramp one device pixel wide
  /// when `soft` is non-zero, else the pixel centre's side. A centre exactly on a hard edge
  /// goes to the side whose normal points towards +x (or +y when vertical): a neighbour
  /// sharing the edge has the exactly negated line (`ConvexPolygon`), so exactly one of
  /// the two takes it.
  @inlinable @inline(__always)
  public static func halfPlane(u: Float, v: Float, edge e: SIMD4<Float>, jacobian j: Jacobian) -> Float {
    let d = e.x * u + e.y * v + e.z
    if e.w != 0 { return ramp(d / j.perPixel(nx: e.x, ny: e.y)) }
    if d > 0 { return 1 }
    return d == 0 && (e.x > 0 || (e.x == 0 && e.y > 0)) ? 1 : 0
  }

  /// Coverage of a convex polygon given by its edges (`ConvexPolygon.floatEdges`): the
  /// least of its half-planes'.
  @inlinable @inline(__always)
  public static func convexPolygon(u: Float, v: Float, edges: Span<SIMD4<Float>>, jacobian j: Jacobian) -> Float {
    var c: Float = 1
    for i in edges.indices {
      c = min(c, halfPlane(u: u, v: v, edge: edges[i], jacobian: j))
      if c <= 0 { return 0 }
    }
    return c
  }

  /// Coverage of a rounded rectangle `[x0, x1] × [y0, y1]` at the layer-plane point
  /// `(u, v)`. Straight edges in `softEdges` (left, right, top, bottom bits as in
  /// `EdgeAntialiasingMask`) are anti-aliased, the others are sampled at the pixel centre;
  /// corners are always anti-aliased. Radii: top-left, top-right, bottom-left, bottom-right.
  @inlinable public static func roundedRect(
    u: Float, v: Float, x0: Float, y0: Float, x1: Float, y1: Float,
    radii: SIMD4<Float>, softEdges: UInt8, jacobian j: Jacobian, continuous: Bool = false
  ) -> Float {
    var c: Float = 1
    if softEdges == 0 {
      if !(u >= x0 && u < x1 && v >= y0 && v < y1) { return 0 }
    } else {
      let su = j.uPerPixel, sv = j.vPerPixel
      c = min(c, softEdges & 1 != 0 ? ramp((u - x0) / su) : (u >= x0 ? 1 : 0))
      c = min(c, softEdges & 2 != 0 ? ramp((x1 - u) / su) : (u < x1 ? 1 : 0))
      c = min(c, softEdges & 8 != 0 ? ramp((v - y0) / sv) : (v >= y0 ? 1 : 0))
      c = min(c, softEdges & 4 != 0 ? ramp((y1 - v) / sv) : (v < y1 ? 1 : 0))
      if c <= 0 { return 0 }
    }
    // Which corner's square the point is in, if any.
    let (left, top, radius) = corner(u: u, v: v, x0: x0, y0: y0, x1: x1, y1: y1, radii: radii)
    var r = radius
    if continuous && r > 0 {
      // The continuous corner bends over `continuousExtent` times the radius (clamped to
      // half the side), along a superellipse of exponent `continuousExponent`.
      r = min(r * continuousExtent, min(x1 - x0, y1 - y0) * 0.5)
      let cx = left ? x0 + r : x1 - r, cy = top ? y0 + r : y1 - r
      if (left ? u < cx : u > cx) && (top ? v < cy : v > cy) {
        let ax = abs(u - cx) / r, ay = abs(v - cy) / r
        let n = continuousExponent
        let px = powf(ax, n - 1), py = powf(ay, n - 1)
        let norm = powf(px * ax + py * ay, 1 / n)
        if norm > 0 {
          // f = r·(norm − 1); ∇f = (px, py) / norm^(n−1) (times the signs below).
          let g = powf(norm, n - 1)
          let gx = px / g, gy = py / g
          let glen = (gx * gx + gy * gy).squareRoot()
          if glen > 0 {
            let d = r * (1 - norm) / glen
            let nx = (left ? -gx : gx) / glen, ny = (top ? -gy : gy) / glen
            c = min(c, ramp(d / j.perPixel(nx: nx, ny: ny)))
          }
        }
      }
      return c
    }
    if r > 0 {
      let cx = left ? x0 + r : x1 - r, cy = top ? y0 + r : y1 - r
      if (left ? u < cx : u > cx) && (top ? v < cy : v > cy) {
        let dx = u - cx, dy = v - cy
        let len = (dx * dx + dy * dy).squareRoot()
        if len > 0 {
          let d = r - len
          c = min(c, ramp(d / j.perPixel(nx: dx / len, ny: dy / len)))
        }
      }
    }
    return c
  }
}

#if canImport(Glibc)
  import Glibc
#endif

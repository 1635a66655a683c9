#if canImport(Glibc)
  import Glibc
#endif

/// The analytic shadow of a rounded rectangle: the shape's coverage convolved with a
/// Gaussian, after Evan Wallace's "fast rounded rectangle shadows": exact along x (an error
/// function), integrated along y with four Gaussian-weighted samples. `Shaders/shadow.glsl`
/// mirrors it. Shadows of anything else are blurred for real (`Blur`).
public enum ShadowMath {
  /// Abramowitz–Stegun-style approximation of erf (max error about 5e-4).
  @inlinable @inline(__always) public static func erf(_ x: Float) -> Float {
    let s: Float = x < 0 ? -1 : 1
    let a = abs(x)
    var t = 1 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a
    t *= t
    return s - s / (t * t)
  }

  @inlinable @inline(__always) static func gaussian(_ x: Float, _ sigma: Float) -> Float {
    expf(-(x * x) / (2 * sigma * sigma)) / (2.5066283 * sigma)
  }

  /// The blurred coverage along x of the row at height `y` (relative to the centre).
  @inlinable @inline(__always)
  static func rowCoverage(_ x: Float, _ y: Float, _ sigma: Float, _ corner: Float, _ halfW: Float, _ halfH: Float) -> Float {
    let delta = min(halfH - corner - abs(y), 0)
    let curved = halfW - corner + max(0, corner * corner - delta * delta).squareRoot()
    let k: Float = 0.70710678 / sigma
    let a = 0.5 + 0.5 * erf((x - curved) * k)
    let b = 0.5 + 0.5 * erf((x + curved) * k)
    return b - a
  }

  /// Coverage (0…1) at `(px, py)` of the rounded rectangle `[x0, x1] × [y0, y1]` with
  /// corner radius `corner`, blurred with standard deviation `sigma` (same units).
  @inlinable public static func roundedBoxShadow(
    px: Float, py: Float, x0: Float, y0: Float, x1: Float, y1: Float, corner: Float, sigma: Float
  ) -> Float {
    let cx = (x0 + x1) * 0.5, cy = (y0 + y1) * 0.5
    let halfW = (x1 - x0) * 0.5, halfH = (y1 - y0) * 0.5
    let x = px - cx, y = py - cy
    guard sigma > 0.01 else {
      // No blur: the hard shape.
      return abs(x) <= halfW && abs(y) <= halfH ? rowCoverage(x, 0, 1e-3, corner, halfW, halfH) > 0.5 ? 1 : 0 : 0
    }
    let low = y - halfH, high = y + halfH
    let start = min(max(-3 * sigma, low), high), end = min(max(3 * sigma, low), high)
    let step = (end - start) * 0.25
    var t = start + step * 0.5
    var value: Float = 0
    for _ in 0..<4 {
      value += rowCoverage(x, y - t, sigma, corner, halfW, halfH) * gaussian(t, sigma) * step
      t += step
    }
    return min(max(value, 0), 1)
  }
}

import StrataPath
import Strata

/// Projects layer-plane rectangles to device space, cutting away what lies behind the eye.
public enum DevicePolygon {
  /// Points closer to the eye plane than this (in homogeneous w) are cut away, so that
  /// projected coordinates stay finite.
  public static let minimumW = 1e-6
  /// A guard band: the polygon is cut to |X|, |Y| <= this (device pixels) in homogeneous
  /// space, which keeps projected coordinates small without bending any edge (clamping the
  /// projected points instead would move them off their lines).
  static let guardBand = 1e5

  /// The device-space outline of `rect` under `map`: the part with `w > 0`, projected.
  /// Empty when the whole rectangle lies behind the eye.
  ///
  /// - Complexity: one allocation when no corner needs cutting.
  public static func project(_ rect: Rect, _ map: Homography) -> [Point] {
    if let c = projectedCorners(rect, map) { return [c.0, c.1, c.2, c.3] }
    let corners = [
      Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
      Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
    ]
    return project(corners, map)
  }

  /// `pixelBounds(project(rect, map), pad:, canvas:)`, with no array when no corner needs
  /// cutting (the GPU tests every instance's own pixels).
  public static func pixelBounds(of rect: Rect, _ map: Homography, pad: Int, canvas: PixelBounds) -> PixelBounds {
    guard let c = projectedCorners(rect, map) else { return pixelBounds(project(rect, map), pad: pad, canvas: canvas) }
    return pixelBounds(corners: c, pad: pad, canvas: canvas)
  }

  /// `pixelBounds` of the four corners `projectedCorners` returned, without an array.
  static func pixelBounds(corners c: (Point, Point, Point, Point), pad: Int, canvas: PixelBounds) -> PixelBounds {
    pixelBounds(
      x0: min(min(c.0.x, c.1.x), min(c.2.x, c.3.x)), y0: min(min(c.0.y, c.1.y), min(c.2.y, c.3.y)),
      x1: max(max(c.0.x, c.1.x), max(c.2.x, c.3.x)), y1: max(max(c.0.y, c.1.y), max(c.2.y, c.3.y)), pad: pad, canvas: canvas)
  }

  /// The four corners of `rect` projected in `project`'s order, or nil when one lies
  /// behind the eye or outside the guard band (then `project` cuts the outline).
  @inline(__always)
  static func projectedCorners(_ rect: Rect, _ map: Homography) -> (Point, Point, Point, Point)? {
    @inline(__always) func fit(_ x: Double, _ y: Double) -> Point? {
      let h = map.homogeneous(x, y)
      guard h.w - minimumW >= 0, h.x + guardBand * h.w >= 0, guardBand * h.w - h.x >= 0, h.y + guardBand * h.w >= 0,
        guardBand * h.w - h.y >= 0
      else { return nil }
      return Point(x: h.x / h.w, y: h.y / h.w)
    }
    guard let a = fit(rect.minX, rect.minY), let b = fit(rect.maxX, rect.minY), let c = fit(rect.maxX, rect.maxY),
      let d = fit(rect.minX, rect.maxY)
    else { return nil }
    return (a, b, c, d)
  }

  /// The device-space outline of the convex polygon `points` (of a plane) under `map`: the
  /// part with `w > 0`, projected. Empty when all of it lies behind the eye.
  ///
  /// - Complexity: O(points); one allocation when no point needs cutting (the common case:
  ///   20000 sprite layers compile 20000 of these a frame).
  public static func project(_ points: [Point], _ map: Homography) -> [Point] {
    // Fast path, the same arithmetic: every point in front of the eye and inside the guard
    // band, so no plane cuts anything.
    var fits = true
    var out: [Point] = []
    out.reserveCapacity(points.count)
    for p in points {
      let h = map.homogeneous(p.x, p.y)
      guard h.w - minimumW >= 0, h.x + guardBand * h.w >= 0, guardBand * h.w - h.x >= 0, h.y + guardBand * h.w >= 0,
        guardBand * h.w - h.y >= 0
      else {
        fits = false
        break
      }
      out.append(Point(x: h.x / h.w, y: h.y / h.w))
    }
    if fits { return out }
    var hs = points.map { p in map.homogeneous(p.x, p.y) }
    // Each plane keeps the points where the function is >= 0.
    let g = guardBand
    let planes: [((x: Double, y: Double, w: Double)) -> Double] = [
      { $0.w - minimumW }, { $0.x + g * $0.w }, { g * $0.w - $0.x }, { $0.y + g * $0.w }, { g * $0.w - $0.y },
    ]
    for plane in planes where hs.contains(where: { plane($0) < 0 }) {
      hs = clip(hs, plane)
      if hs.count < 3 { return [] }
    }
    return hs.map { h in Point(x: h.x / h.w, y: h.y / h.w) }
  }

  /// Sutherland–Hodgman against one plane, in homogeneous coordinates.
  static func clip(
    _ poly: [(x: Double, y: Double, w: Double)], _ f: ((x: Double, y: Double, w: Double)) -> Double
  ) -> [(x: Double, y: Double, w: Double)] {
    var out: [(x: Double, y: Double, w: Double)] = []
    for i in poly.indices {
      let a = poly[i], b = poly[(i + 1) % poly.count]
      let fa = f(a), fb = f(b)
      if fa >= 0 { out.append(a) }
      if (fa >= 0) != (fb >= 0) {
        let t = fa / (fa - fb)
        out.append((a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.w + t * (b.w - a.w)))
      }
    }
    return out
  }

  /// The whole pixels whose centres (or, with `pad`, whose neighbourhoods) the polygon
  /// can touch, within `canvas`.
  public static func pixelBounds(_ poly: [Point], pad: Int, canvas: PixelBounds) -> PixelBounds {
    guard let first = poly.first else { return PixelBounds(x0: 0, y0: 0, x1: 0, y1: 0) }
    var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
    for p in poly.dropFirst() {
      x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
    }
    return pixelBounds(x0: x0, y0: y0, x1: x1, y1: y1, pad: pad, canvas: canvas)
  }

  /// The whole pixels a box of device coordinates can touch, grown by `pad`, within `canvas`.
  static func pixelBounds(x0: Double, y0: Double, x1: Double, y1: Double, pad: Int, canvas: PixelBounds) -> PixelBounds {
    // A pixel i is sampled at i + 0.5: it can be inside when i + 0.5 >= x0 and i + 0.5 < x1.
    let b = PixelBounds(
      x0: Int(saturating: (x0 - 0.5).rounded(.up)) - pad, y0: Int(saturating: (y0 - 0.5).rounded(.up)) - pad,
      x1: Int(saturating: (x1 - 0.5).rounded(.up)) + pad, y1: Int(saturating: (y1 - 0.5).rounded(.up)) + pad)
    return b.intersection(canvas)
  }
}

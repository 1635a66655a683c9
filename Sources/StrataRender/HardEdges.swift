import Strata

/// Where both backends test pixel centres against a screen-aligned draw's hard edges.
///
/// A hard edge takes the pixels whose centres lie inside it, and a centre exactly on an
/// edge goes to the side at larger device coordinates (GL's rule, also when the layer's
/// axis points the other way: `DevicePolygon.pixelBounds`). Tested in the layer plane with
/// a single-precision inverse, such a centre could land either side: a sprite at scale
/// 0.36 whose top edge lay on the row of centres y = 42.5 had its centre at v = -2.4e-7
/// and lost the row on the CPU (strata-fuzz seed 2577), and a layer flipped by a negative
/// scale lost a row on the CPU because its two edges swap sides in device space
/// (`GLHardEdgeTests`). So each hard edge of a screen-aligned rectangle is moved, in
/// double precision, to the pixel boundary the rule puts it on; every centre then lies half
/// a pixel from every edge, where no rounding decides anything, neither the CPU's
/// single-precision inverse nor the GPU's snapping of vertices to its sub-pixel grid. (The
/// GPU's SIMPLE quads used to make this move in `draw.vert`, in single precision; the CPU
/// and the GPU's other builds now test the same rectangle, and the shader no longer moves
/// anything.)
public enum HardEdges {
  /// `rect` with each edge not in `softEdges` moved to the device pixel boundary the rule
  /// gives it (`ceil(E - 0.5)` for its device coordinate E), when `map` is screen-aligned
  /// as the GPU reads it (the single-precision forward map has no rotation, shear or
  /// perspective); otherwise `rect` unchanged.
  ///
  /// The rule is monotonic, so the result is a rectangle (possibly empty) with the same
  /// orientation, and two rectangles sharing an edge (an image's tiles) still share it.
  public static func snapped(_ rect: Rect, map: Homography, softEdges: EdgeAntialiasingMask) -> Rect {
    // No arrays: the compiler's 20000 sprites a frame each pass here.
    let m = map.m
    guard Float(m.1) == 0, Float(m.3) == 0, Float(m.6) == 0, Float(m.7) == 0, Float(m.8) == 1, Float(m.0) != 0,
      Float(m.4) != 0
    else { return rect }
    let r = rect.standardized
    guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return rect }
    // Device coordinate E = a·u + t; the boundary P = ceil(E − 0.5); back: (P − t) / a.
    func snap(_ u: Double, _ a: Double, _ t: Double) -> Double { ((a * u + t - 0.5).rounded(.up) - t) / a }
    let x0 = softEdges.contains(.layerLeftEdge) ? r.minX : snap(r.minX, m.0, m.2)
    let x1 = softEdges.contains(.layerRightEdge) ? r.maxX : snap(r.maxX, m.0, m.2)
    let y0 = softEdges.contains(.layerTopEdge) ? r.minY : snap(r.minY, m.4, m.5)
    let y1 = softEdges.contains(.layerBottomEdge) ? r.maxY : snap(r.maxY, m.4, m.5)
    guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return rect }
    return Rect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
  }
}

extension Draw {
  /// The rectangle the backends test this draw's hard edges against: `rect` (the draw's
  /// own, or one tile of it) snapped by `HardEdges.snapped` when the draw is a plain
  /// rectangle (a rounded one with zero radii included) not cut to a polygon; other shapes
  /// keep `rect` (their corners and cuts are decided in the layer plane on both backends).
  public func hardEdgeRect(_ rect: Rect, softEdges: EdgeAntialiasingMask) -> Rect {
    guard polygon == nil else { return rect.standardized }
    switch shape {
    case .rect: break
    case .roundedRect(let radii) where radii.isZero: break
    default: return rect.standardized
    }
    return HardEdges.snapped(rect, map: map.toDevice, softEdges: softEdges)
  }
}

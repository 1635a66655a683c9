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
    guard let r = screenAligned(rect, m) else { return rect }
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

extension HardEdges {
  /// `rect` standardized when `m` (a map's matrix) is screen-aligned as the GPU reads it
  /// (the single-precision forward map has no rotation, shear or perspective) and the
  /// rectangle is finite; nil otherwise, when neither `snapped` nor `nudged` moves edges.
  @inline(__always)
  static func screenAligned(
    _ rect: Rect, _ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
  ) -> Rect? {
    guard Float(m.1) == 0, Float(m.3) == 0, Float(m.6) == 0, Float(m.7) == 0, Float(m.8) == 1, Float(m.0) != 0,
      Float(m.4) != 0
    else { return nil }
    let r = rect.standardized
    guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
    return r
  }

  /// How close (device pixels) a rounded rectangle's hard edge must lie to a row or column
  /// of pixel centres to be `nudged`: well above the error of a single-precision layer
  /// point at device coordinates up to 16384 (a few times 2^-10), well below anything
  /// a scene means.
  static let nudgeWindow = 1.0 / 512
  /// How far off that row or column of centres a `nudged` edge goes.
  static let nudge = 1.0 / 256

  /// `rect` with each hard edge that lies within `nudgeWindow` of a row or column of
  /// device pixel centres moved to `nudge` from it, on the side that keeps the rule's
  /// answer for those centres (decided in double precision), when `map` is screen-aligned;
  /// otherwise `rect` unchanged. For rounded rectangles, whose corners must keep their
  /// place: `snapped` would move a straight edge up to half a pixel, and the corner arcs,
  /// which both backends anti-alias in the layer plane, with it; this moves them by at most
  /// 3/512 px, and only where an edge lies on centres, where the backends' single-precision
  /// tests could otherwise land either side (strata-fuzz seed 116492: a 19x9 layer with
  /// corner radius 1.9 whose top edge lay on the row y = 11.5; the CPU lost the row).
  public static func nudged(_ rect: Rect, map: Homography, softEdges: EdgeAntialiasingMask) -> Rect {
    let m = map.m
    guard let r = screenAligned(rect, m) else { return rect }
    // The device extent [low, high) of one axis; a centre c is inside when low <= c < high.
    func axis(_ u0: Double, _ u1: Double, _ a: Double, _ t: Double, hardLow: Bool, hardHigh: Bool) -> (Double, Double) {
      var low = min(a * u0 + t, a * u1 + t), high = max(a * u0 + t, a * u1 + t)
      func nearestCentre(_ e: Double) -> Double { (e - 0.5).rounded() + 0.5 }
      if hardLow {
        let c = nearestCentre(low)
        if abs(low - c) < nudgeWindow { low = c >= low ? c - nudge : c + nudge }
      }
      if hardHigh {
        let c = nearestCentre(high)
        if abs(high - c) < nudgeWindow { high = c < high ? c + nudge : c - nudge }
      }
      // Back to the layer's axis, its own orientation kept.
      let (b0, b1) = ((low - t) / a, (high - t) / a)
      return (min(b0, b1), max(b0, b1))
    }
    // Which layer edges lie at the low device side depends on the map's sign.
    let (leftLow, topLow) = (m.0 > 0, m.4 > 0)
    let hardLeft = !softEdges.contains(.layerLeftEdge), hardRight = !softEdges.contains(.layerRightEdge)
    let hardTop = !softEdges.contains(.layerTopEdge), hardBottom = !softEdges.contains(.layerBottomEdge)
    let (x0, x1) = axis(
      r.minX, r.maxX, m.0, m.2, hardLow: leftLow ? hardLeft : hardRight, hardHigh: leftLow ? hardRight : hardLeft)
    let (y0, y1) = axis(
      r.minY, r.maxY, m.4, m.5, hardLow: topLow ? hardTop : hardBottom, hardHigh: topLow ? hardBottom : hardTop)
    guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return rect }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

extension Draw {
  /// The rectangle the backends test this draw's hard edges against: `rect` (the draw's
  /// own, or one tile of it) snapped by `HardEdges.snapped` when the draw is a plain
  /// rectangle (a rounded one with zero radii included) not cut to a polygon, nudged off
  /// rows and columns of centres by `HardEdges.nudged` when it is a rounded one; other
  /// shapes keep `rect` (their corners and cuts are decided in the layer plane on both
  /// backends).
  public func hardEdgeRect(_ rect: Rect, softEdges: EdgeAntialiasingMask) -> Rect {
    guard polygon == nil else { return rect.standardized }
    switch shape {
    case .rect: break
    case .roundedRect(let radii) where radii.isZero: break
    case .roundedRect: return HardEdges.nudged(rect, map: map.toDevice, softEdges: softEdges)
    default: return rect.standardized
    }
    return HardEdges.snapped(rect, map: map.toDevice, softEdges: softEdges)
  }
}

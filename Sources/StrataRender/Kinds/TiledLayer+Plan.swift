import StrataPath
import Strata

/// What one frame of a tiled layer draws: the level of detail, and the tiles, found from
/// the part of the layer the frame can show. A pure function of the snapshot, the layer's
/// place on the canvas and the source's size, so it can be tested without decoding
/// anything, and the pixels do not depend on what earlier frames decoded.
public struct TilePlan: Sendable, Equatable {
  /// The source's level drawn (0 is full resolution).
  public var level: Int
  /// The layer's scale on the device that chose it: device pixels per point at the centre
  /// of the visible part, along the axis that is stretched most.
  public var deviceScale: Double
  /// The part of the layer drawn, in its coordinates: its bounds, cut to the picture and to
  /// what the clip (or the canvas) can show.
  public var visible: Rect
  /// The tiles drawn, those that meet `visible`, in reading order.
  public var drawn: [TileIndex]
  /// The tiles decoded, in reading order: the drawn ones and their neighbours within one
  /// texel and one device pixel of `visible`, whose edge texels linear filtering at the
  /// drawn tiles' edges reads.
  public var needed: [TileIndex]
  /// How many tiles the frame would need when that is more than `Limits.tilesPerFrame`
  /// (`drawn` and `needed` are then empty, and the frame is refused); else nil.
  public var tooManyTiles: Int? = nil
}

extension TiledLayer.Snapshot {
  /// The detail exponent `b` a frame draws at: the available scales are `contentsScale ·
  /// 2^b` for `b` in `levelsOfDetailBias − levelsOfDetail + 1 ... levelsOfDetailBias`
  /// (`levelsOfDetail` at least 1), and the smallest of them at or above `deviceScale`
  /// (pixels per point) is taken, clamped to that range. A scale within a billionth of a
  /// power of two counts as that power, so a zoom of exactly 1/2 takes the half level.
  public func detailExponent(forDeviceScale deviceScale: Double) -> Int {
    let levels = max(levelsOfDetail, 1)
    let top = levelsOfDetailBias, bottom = levelsOfDetailBias - levels + 1
    let ratio = deviceScale / (contentsScale > 0 ? contentsScale : 1)
    guard ratio.isFinite, ratio > 0 else { return ratio > 0 ? top : bottom }
    let b = (log2(ratio) - 1e-9).rounded(.up)
    return Int(min(max(b, Double(bottom)), Double(top)))
  }

  /// The source level drawn at `deviceScale`: `−b`, clamped to the levels the source has
  /// (a magnified level draws level 0; a coarser one than the source's coarsest draws that).
  public func sourceLevel(forDeviceScale deviceScale: Double, levelCount: Int) -> Int {
    min(max(-detailExponent(forDeviceScale: deviceScale), 0), max(levelCount - 1, 0))
  }

  /// The plan for a frame, or nil when nothing of the picture shows.
  ///
  /// - Parameters:
  ///   - map: the layer plane → device pixels.
  ///   - bounds: the layer's bounds, standardised.
  ///   - clipBounds: the device pixels the layer's clip (or the canvas) can keep.
  /// - Complexity: O(tiles needed).
  public func plan(source: any TileSource, map: PlaneMap, bounds: Rect, clipBounds: PixelBounds) -> TilePlan? {
    let cs = contentsScale > 0 ? contentsScale : 1
    let picture = Rect(x: 0, y: 0, width: Double(source.pixelWidth) / cs, height: Double(source.pixelHeight) / cs)
    guard !clipBounds.isEmpty, let shown = bounds.intersection(picture),
      let visible = Self.visiblePart(of: shown, map: map, clipBounds: clipBounds)
    else { return nil }
    let scale = Self.deviceScale(map, at: Point(x: visible.midX, y: visible.midY))
    let level = sourceLevel(forDeviceScale: scale, levelCount: source.levelCount)
    // One texel of the level, in points.
    let texel = Double(1 << level) / cs
    let margin = texel + (scale > 0 && scale.isFinite ? 1 / scale : 0)
    let grown = Rect(x: visible.minX - margin, y: visible.minY - margin, width: visible.width + 2 * margin, height: visible.height + 2 * margin)
    // Counted before the lists are made: 1-pixel tiles of a 64-megapixel picture, all in
    // view, would be 64 million of them.
    let count = Self.tileCount(meeting: grown, level: level, texel: texel, source: source)
    guard count <= Limits.tilesPerFrame else {
      return TilePlan(level: level, deviceScale: scale, visible: visible, drawn: [], needed: [], tooManyTiles: count)
    }
    return TilePlan(
      level: level, deviceScale: scale, visible: visible,
      drawn: Self.tiles(meeting: visible, level: level, texel: texel, source: source),
      needed: Self.tiles(meeting: grown, level: level, texel: texel, source: source))
  }

  /// The columns and rows of `level` whose tiles meet `r`'s inside.
  static func ranges(meeting r: Rect, level: Int, texel: Double, source: any TileSource) -> (ClosedRange<Int>, ClosedRange<Int>)? {
    let tw = Double(source.tileWidth) * texel, th = Double(source.tileHeight) * texel
    let cols = source.columns(level), rows = source.rows(level)
    func range(_ lo: Double, _ hi: Double, _ size: Double, _ count: Int) -> ClosedRange<Int>? {
      let a = max(0, Int(saturating: max(lo / size, -1).rounded(.down)))
      let b = min(count - 1, Int(saturating: min(hi / size, Double(count) + 1).rounded(.up)) - 1)
      return a <= b ? a...b : nil
    }
    guard let cr = range(r.minX, r.maxX, tw, cols), let rr = range(r.minY, r.maxY, th, rows) else { return nil }
    return (cr, rr)
  }

  /// How many tiles of `level` meet `r`'s inside.
  static func tileCount(meeting r: Rect, level: Int, texel: Double, source: any TileSource) -> Int {
    ranges(meeting: r, level: level, texel: texel, source: source).map { $0.0.count * $0.1.count } ?? 0
  }

  /// The tiles of `level` whose rectangles meet `r`'s inside, in reading order.
  static func tiles(meeting r: Rect, level: Int, texel: Double, source: any TileSource) -> [TileIndex] {
    guard let (cr, rr) = ranges(meeting: r, level: level, texel: texel, source: source) else { return [] }
    var out: [TileIndex] = []
    out.reserveCapacity(cr.count * rr.count)
    for row in rr {
      for column in cr { out.append(TileIndex(level: level, column: column, row: row)) }
    }
    return out
  }

  /// The part of `rect` (layer plane) whose image lies in `clipBounds`, grown by a device
  /// pixel: the layer rectangle projected, cut at the eye plane and to the pixels, and
  /// mapped back. Exact for a convex region under a homography (its corners map to
  /// corners), up to the bounding box taken at the end.
  static func visiblePart(of rect: Rect, map: PlaneMap, clipBounds c: PixelBounds) -> Rect? {
    var poly = DevicePolygon.project(rect, map.toDevice)
    let x0 = Double(c.x0) - 1, y0 = Double(c.y0) - 1, x1 = Double(c.x1) + 1, y1 = Double(c.y1) + 1
    for edge in [(1.0, 0.0, -x0), (-1.0, 0.0, x1), (0.0, 1.0, -y0), (0.0, -1.0, y1)] {
      poly = clip(poly) { edge.0 * $0.x + edge.1 * $0.y + edge.2 }
      if poly.count < 3 { return nil }
    }
    var lo = Point(x: Double.infinity, y: Double.infinity), hi = Point(x: -Double.infinity, y: -Double.infinity)
    for p in poly {
      guard let q = Self.unprojected(p, map) else { continue }
      lo = Point(x: min(lo.x, q.x), y: min(lo.y, q.y))
      hi = Point(x: max(hi.x, q.x), y: max(hi.y, q.y))
    }
    guard lo.x < hi.x, lo.y < hi.y else { return nil }
    return rect.intersection(Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y))
  }

  /// A device point (in front of the eye) mapped back into the plane. The inverse's w may
  /// be negative there (an inverse matrix carries the sign of its determinant), so it is
  /// divided by whatever its sign.
  private static func unprojected(_ p: Point, _ map: PlaneMap) -> Point? {
    let h = map.fromDevice.homogeneous(p.x, p.y)
    guard h.w != 0 else { return nil }
    return Point(x: h.x / h.w, y: h.y / h.w)
  }

  /// Sutherland–Hodgman against the half-plane `f ≥ 0`.
  private static func clip(_ poly: [Point], _ f: (Point) -> Double) -> [Point] {
    var out: [Point] = []
    for i in poly.indices {
      let a = poly[i], b = poly[(i + 1) % poly.count]
      let fa = f(a), fb = f(b)
      if fa >= 0 { out.append(a) }
      if (fa >= 0) != (fb >= 0) {
        let t = fa / (fa - fb)
        out.append(Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y)))
      }
    }
    return out
  }

  /// Device pixels per layer point at `p` along the more stretched of the layer's two axes:
  /// the longer column of the Jacobian of the layer → device map there.
  static func deviceScale(_ map: PlaneMap, at p: Point) -> Double {
    let m = map.toDevice.m
    let (x, y, w) = map.toDevice.homogeneous(p.x, p.y)
    guard w > 0 else { return 0 }
    let dxdu = (m.0 * w - x * m.6) / (w * w), dydu = (m.3 * w - y * m.6) / (w * w)
    let dxdv = (m.1 * w - x * m.7) / (w * w), dydv = (m.4 * w - y * m.7) / (w * w)
    let s = max((dxdu * dxdu + dydu * dydu).squareRoot(), (dxdv * dxdv + dydv * dydv).squareRoot())
    return s.isFinite ? s : 0
  }
}

#if canImport(Glibc)
  import Glibc
#endif

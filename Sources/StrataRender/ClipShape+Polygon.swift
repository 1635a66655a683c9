import Strata

extension ClipShape {
  /// A clip to the convex polygon `polygon` of the plane `map` (a piece of a plane split for
  /// 3D sorting, whose whole subtree is drawn once per piece), or nil when nothing of it
  /// lies in front of the eye, on the canvas and inside the parent.
  ///
  /// The clip's rectangle is the polygon's bounding rectangle grown by 2 device pixels
  /// (`Draw.grown`), so that its anti-aliased edges never cut into the polygon: only the
  /// polygon's own edges (hard ones at pixel centres, soft ones one pixel wide) decide.
  /// `deviceBounds` is the polygon's projected outline (one pixel wider when an edge is
  /// soft) within the canvas and `parentBounds`.
  ///
  /// - Parameters:
  ///   - parent: the enclosing clip's index, if any.
  ///   - parentBounds: that clip's `deviceBounds` (nil without a parent).
  public static func polygon(
    _ polygon: ConvexPolygon, map: PlaneMap, parent: Int?, parentBounds: PixelBounds?, canvas: PixelBounds
  ) -> ClipShape? {
    let outline = DevicePolygon.project(polygon.points, map.toDevice)
    guard outline.count >= 3 else { return nil }
    let soft = polygon.softEdges.contains(true)
    var bounds = DevicePolygon.pixelBounds(outline, pad: soft ? 1 : 0, canvas: canvas)
    if let p = parentBounds { bounds = bounds.intersection(p) }
    guard !bounds.isEmpty else { return nil }
    return ClipShape(
      map: map, rect: Draw.grown(polygon.boundingRect, map, pixels: 2), radii: .zero, curve: .circular, parent: parent,
      deviceBounds: bounds, isPixelAligned: false, polygon: polygon)
  }
}

import Strata

/// Making draws: the device outline and pixel bounds every draw carries are derived here,
/// once, for the compiler, the compile steps of layer kinds and sprite batches alike.
extension Draw {
  /// A draw of `rect` (cut to `polygon` when given) in the plane `map`, or nil when
  /// nothing of it lies in front of the eye, on the canvas and inside the clip.
  ///
  /// - Parameters:
  ///   - edges: the straight edges of `rect` that are anti-aliased.
  ///   - clipBounds: the pixels the draw's clip can keep (`ClipShape.deviceBounds`), or
  ///     the canvas when unclipped.
  public static func make(
    label: String, part: String, map: PlaneMap, rect: Rect, shape: DrawShape, paint: consuming Paint, opacity: Double,
    clip: Int?, edges: EdgeAntialiasingMask, occluder: Occluder? = nil, polygon: ConvexPolygon? = nil,
    canvas: PixelBounds, clipBounds: PixelBounds
  ) -> Draw? {
    let soft = !edges.isEmpty || polygon?.softEdges.contains(true) == true
    let pad = soft ? 1 : 0
    let deviceBounds: PixelBounds
    if polygon == nil, let corners = DevicePolygon.projectedCorners(rect, map.toDevice) {
      // The common case, without an array: no corner needs cutting, so the outline is the
      // four projected corners (`devicePolygon`, derived when a backend reads it).
      deviceBounds = DevicePolygon.pixelBounds(corners: corners, pad: pad, canvas: canvas)
    } else {
      let poly = polygon.map { DevicePolygon.project($0.points, map.toDevice) } ?? DevicePolygon.project(rect, map.toDevice)
      guard poly.count >= 3 else { return nil }
      deviceBounds = DevicePolygon.pixelBounds(poly, pad: pad, canvas: canvas)
    }
    let bounds = deviceBounds.intersection(clipBounds)
    guard !bounds.isEmpty else { return nil }
    return Draw(
      label: label, part: part, map: map, rect: rect, shape: shape, paint: paint, opacity: opacity, clip: clip,
      occluderBox: occluder.map(OccluderBox.init), edgeAntialiasing: edges, deviceBounds: bounds, polygon: polygon)
  }

  /// A draw of the coverage `mask`, filled with `paint` (usually a solid tint), or nil when
  /// none of it lies on the canvas inside the clip. Its plane is the mask's pixel grid.
  public static func makeMask(
    label: String, part: String, mask: DeviceMask, paint: consuming Paint, opacity: Double, clip: Int?,
    canvas: PixelBounds, clipBounds: PixelBounds
  ) -> Draw? {
    let translation = Homography(1, 0, Double(mask.originX), 0, 1, Double(mask.originY), 0, 0, 1)
    let rect = Rect(x: 0, y: 0, width: Double(mask.width), height: Double(mask.height))
    guard let map = PlaneMap(toDevice: translation) else { return nil }
    let bounds = mask.pixelBounds.intersection(canvas).intersection(clipBounds)
    guard !bounds.isEmpty else { return nil }
    return Draw(
      label: label, part: part, map: map, rect: rect, shape: .mask(mask), paint: paint, opacity: opacity, clip: clip,
      occluderBox: nil, edgeAntialiasing: [], deviceBounds: bounds)
  }

  /// `rect` grown by `pixels` device pixels (at least) on every side, in its plane: the
  /// largest layer distance per device pixel at its corners, times `pixels`. Room for the
  /// anti-aliasing ramps of a polygon whose edges lie on `rect`'s.
  public static func grown(_ rect: Rect, _ map: PlaneMap, pixels: Double) -> Rect {
    var most = 0.0
    for p in corners(rect) {
      guard let d = map.toDevice.apply(p), let (u, v, w) = Projection.unproject(map.fromDevice, x: d.x, y: d.y) else { continue }
      let j = Projection.derivatives(map.fromDevice, u: u, v: v, w: w)
      most = max(most, (j.dudx * j.dudx + j.dudy * j.dudy).squareRoot(), (j.dvdx * j.dvdx + j.dvdy * j.dvdy).squareRoot())
    }
    let m = most.isFinite ? most * pixels : 0
    return Rect(x: rect.minX - m, y: rect.minY - m, width: rect.width + 2 * m, height: rect.height + 2 * m)
  }

  static func corners(_ r: Rect) -> [Point] {
    [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
  }
}

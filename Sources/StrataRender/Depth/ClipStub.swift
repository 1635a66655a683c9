// TEMPORARY until h-clip lands.
extension ClipShape {
  static func polygon(_ polygon: ConvexPolygon, map: PlaneMap, parent: Int?, parentBounds: PixelBounds?, canvas: PixelBounds) -> ClipShape? {
    var b = DevicePolygon.pixelBounds(DevicePolygon.project(polygon.points, map.toDevice), pad: 0, canvas: canvas)
    if let p = parentBounds { b = b.intersection(p) }
    return b.isEmpty ? nil : ClipShape(map: map, rect: polygon.boundingRect, radii: .zero, curve: .circular, parent: parent, deviceBounds: b, isPixelAligned: false)
  }
}

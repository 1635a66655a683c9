import Strata

/// The identity of a rasterized layer's bitmap (`shouldRasterize`): everything its pixels
/// depend on. Backends keep the group's bitmap under this key and reuse it while it does
/// not change.
///
/// The bitmap lives in device space, so moving the layer on the canvas makes a new one
/// (Core Animation keeps it in layer space and only redraws when the content changes).
///
/// `contents` counts by `Image.id`, not by address: a cache keeps the key, not the image,
/// and a new image may be allocated where a freed one lived.
enum RasterizationKey {
  static func make(_ layer: LayerSnapshot, map: PlaneMap, bounds: PixelBounds) -> Int {
    var h = Hasher()
    h.combine(map.toDevice)
    h.combine(bounds)
    combine(layer, into: &h)
    return h.finalize()
  }

  static func combine(_ l: LayerSnapshot, into h: inout Hasher) {
    h.combine(l.typeName)
    h.combine(l.bounds); h.combine(l.position); h.combine(l.zPosition); h.combine(l.anchorPoint)
    h.combine(l.anchorPointZ); h.combine(l.transform); h.combine(l.sublayerTransform)
    h.combine(l.isGeometryFlipped); h.combine(l.isHidden); h.combine(l.opacity); h.combine(l.isDoubleSided)
    h.combine(l.masksToBounds); h.combine(l.backgroundColor); h.combine(l.cornerRadius)
    h.combine(l.maskedCorners); h.combine(l.cornerCurve); h.combine(l.borderWidth); h.combine(l.borderColor)
    h.combine(l.contents?.id); h.combine(l.contentsGravity); h.combine(l.contentsRect)
    h.combine(l.contentsCenter); h.combine(l.contentsScale); h.combine(l.minificationFilter)
    h.combine(l.magnificationFilter); h.combine(l.minificationFilterBias); h.combine(l.shadowColor)
    h.combine(l.shadowOpacity); h.combine(l.shadowOffset); h.combine(l.shadowRadius)
    h.combine(l.shadowPath)
    h.combine(l.allowsGroupOpacity); h.combine(l.allowsEdgeAntialiasing); h.combine(l.edgeAntialiasingMask)
    h.combine(l.compositingFilter); h.combine(l.filters); h.combine(l.backgroundFilters)
    h.combine(l.kindSnapshot.map { AnyHashable($0) })
    h.combine(l.mask != nil)
    h.combine(l.maskMode)
    if let m = l.mask { combine(m, into: &h) }
    h.combine(l.sublayers.count)
    for s in l.sublayers { combine(s, into: &h) }
    h.combine(l.delayedSublayers.count)
    for list in l.delayedSublayers {
      h.combine(list.count)
      for s in list { combine(s, into: &h) }
    }
  }
}

/// Where a backend keeps a group's bitmap or blurred shadow: the list's key
/// (`Group.rasterizationKey`, `GroupShadow.cacheKey`) and the device pixels the backend
/// drew, which the list's key does not fix (the group is cut to its parent's target).
public struct BitmapCacheKey: Hashable, Sendable {
  public var key: Int
  public var bounds: PixelBounds

  public init(_ key: Int, _ bounds: PixelBounds) {
    self.key = key
    self.bounds = bounds
  }
}

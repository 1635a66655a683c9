/// The transform formulas of Core Animation's layer geometry, shared by the model (frame,
/// conversion, hit testing) and the snapshot that renderers consume.
public enum LayerGeometry {
  /// The anchor point in the layer's own (bounds) coordinates.
  public static func anchorInBounds(bounds: Rect, anchorPoint: Point) -> Point {
    Point(x: bounds.origin.x + anchorPoint.x * bounds.width, y: bounds.origin.y + anchorPoint.y * bounds.height)
  }

  /// Maps the layer's coordinates into its superlayer's coordinates, before the
  /// superlayer's sublayer transform: the anchor point goes to `position`, and `transform`
  /// turns about the anchor point.
  public static func toSuperlayer(
    bounds: Rect, position: Point, zPosition: Double, anchorPoint: Point, anchorPointZ: Double,
    transform: Transform3D
  ) -> Transform3D {
    let a = anchorInBounds(bounds: bounds, anchorPoint: anchorPoint)
    // Most layers are not transformed: the product of the two translations, the same
    // values as the matrix products give (each entry adds only zeros besides), without them.
    if transform.isIdentity {
      return .translation(position.x - a.x, position.y - a.y, zPosition - anchorPointZ)
    }
    return Transform3D.translation(-a.x, -a.y, -anchorPointZ)
      .concatenating(transform)
      .concatenating(.translation(position.x, position.y, zPosition))
  }

  /// What a layer applies to its sublayers: the geometry flip, then `sublayerTransform`
  /// about the anchor point.
  public static func sublayerSpace(
    bounds: Rect, anchorPoint: Point, anchorPointZ: Double, sublayerTransform: Transform3D,
    isGeometryFlipped: Bool
  ) -> Transform3D {
    var t = Transform3D.identity
    if isGeometryFlipped {
      t = Transform3D.translation(0, -bounds.midY).concatenating(.scale(1, -1)).concatenating(.translation(0, bounds.midY))
    }
    if !sublayerTransform.isIdentity {
      let a = anchorInBounds(bounds: bounds, anchorPoint: anchorPoint)
      t = t.concatenating(.translation(-a.x, -a.y, -anchorPointZ))
        .concatenating(sublayerTransform)
        .concatenating(.translation(a.x, a.y, anchorPointZ))
    }
    return t
  }
}

extension Layer {
  /// This layer's plane mapped into its superlayer's plane, sublayer transform and
  /// flattening included.
  var planeToSuperlayer: Homography {
    var t = LayerGeometry.toSuperlayer(
      bounds: bounds, position: position, zPosition: zPosition, anchorPoint: anchorPoint,
      anchorPointZ: anchorPointZ, transform: transform)
    if let s = superlayer {
      t = t.concatenating(
        LayerGeometry.sublayerSpace(
          bounds: s.bounds, anchorPoint: s.anchorPoint, anchorPointZ: s.anchorPointZ,
          sublayerTransform: s.sublayerTransform, isGeometryFlipped: s.isGeometryFlipped))
    }
    return Homography(t)
  }

  /// This layer's plane mapped into the coordinate space in which the root's position is
  /// given.
  var planeToRootSpace: Homography {
    var h = Homography.identity
    var l: Layer? = self
    while let c = l {
      h = h.concatenating(c.planeToSuperlayer)
      l = c.superlayer
    }
    return h
  }

  /// The frame in the superlayer's coordinates: the bounding box of the transformed bounds.
  /// Setting it sets `position` and the bounds size, as Core Animation does for an identity
  /// transform.
  public var frame: Rect {
    get {
      if transform.isIdentity {
        let a = LayerGeometry.anchorInBounds(bounds: Rect(origin: .zero, size: bounds.size), anchorPoint: anchorPoint)
        return Rect(x: position.x - a.x, y: position.y - a.y, width: bounds.width, height: bounds.height).standardized
      }
      let h = Homography(
        LayerGeometry.toSuperlayer(
          bounds: bounds, position: position, zPosition: zPosition, anchorPoint: anchorPoint,
          anchorPointZ: anchorPointZ, transform: transform))
      let corners = [
        Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
        Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY),
      ].compactMap { h.apply($0) }
      guard let first = corners.first else { return .zero }
      return corners.dropFirst().reduce(Rect(origin: first, size: .zero)) { r, p in r.union(Rect(origin: p, size: .zero)) }
    }
    set {
      let f = newValue.standardized
      bounds.size = f.size
      position = Point(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height)
    }
  }

  /// Converts a point from `layer`'s coordinates (nil: the root's superlayer space) to this
  /// layer's. Returns nil when the point has no image (it lies behind the eye).
  public func convert(_ p: Point, from layer: Layer?) -> Point? {
    let from = layer?.planeToRootSpace ?? .identity
    guard let toInv = planeToRootSpace.inverted, let q = from.apply(p) else { return nil }
    return toInv.apply(q)
  }

  /// Converts a point from this layer's coordinates to `layer`'s (nil: the root's
  /// superlayer space).
  public func convert(_ p: Point, to layer: Layer?) -> Point? {
    guard let q = planeToRootSpace.apply(p) else { return nil }
    guard let l = layer else { return q }
    guard let inv = l.planeToRootSpace.inverted else { return nil }
    return inv.apply(q)
  }

  /// Converts a rectangle from `layer`'s coordinates: the bounding box of its converted
  /// corners.
  public func convert(_ r: Rect, from layer: Layer?) -> Rect? {
    boundingBox(r) { convert($0, from: layer) }
  }

  /// Converts a rectangle to `layer`'s coordinates: the bounding box of its converted corners.
  public func convert(_ r: Rect, to layer: Layer?) -> Rect? {
    boundingBox(r) { convert($0, to: layer) }
  }

  private func boundingBox(_ r: Rect, _ f: (Point) -> Point?) -> Rect? {
    let pts = [
      Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
      Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY),
    ].map(f)
    let ok = pts.compactMap { $0 }
    guard ok.count == 4 else { return nil }
    return ok.dropFirst().reduce(Rect(origin: ok[0], size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
  }

  /// The farthest descendant (or self) that contains `p`, given in the superlayer's
  /// coordinates, with Core Animation's rules: hidden layers are skipped, a higher
  /// `zPosition` wins over a later sibling, and `masksToBounds` limits hits to the bounds.
  public func hitTest(_ p: Point) -> Layer? {
    guard !isHidden, let local = planeToSuperlayer.inverted?.apply(p) else { return nil }
    let inside = contains(local)
    if masksToBounds && !inside { return nil }
    for s in sublayersInDrawingOrder.reversed() {
      if let hit = s.hitTest(local) { return hit }
    }
    return inside ? self : nil
  }
}

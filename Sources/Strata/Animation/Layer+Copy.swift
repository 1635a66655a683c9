extension Layer {
  /// The stored properties of `Layer` that `copyLayerProperties(from:)` copies, by name
  /// (`copiedPropertyNames` of the plain layer). A test compares this list with
  /// `Mirror(reflecting: Layer())`, so a property added to `Layer` without being copied
  /// here fails it.
  static let layerCopiedProperties: Set<String> = [
    "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
    "isGeometryFlipped", "isHidden", "opacity", "isDoubleSided", "masksToBounds", "backgroundColor",
    "cornerRadius", "maskedCorners", "cornerCurve", "borderWidth", "borderColor", "contents",
    "contentsGravity", "contentsRect", "contentsCenter", "contentsScale", "minificationFilter",
    "magnificationFilter", "minificationFilterBias", "mask", "shadowColor", "shadowOpacity", "shadowOffset",
    "shadowRadius", "shadowPath", "shouldRasterize", "rasterizationScale", "allowsGroupOpacity", "allowsEdgeAntialiasing",
    "edgeAntialiasingMask", "compositingFilter", "filters", "backgroundFilters", "name",
    // Not copied: the tree links, the animation state (handled by the callers), and the
    // layer's identity (a copy is another layer).
    "sublayers", "superlayer", "animationState", "serial",
  ]

  /// Copies `Layer`'s own model properties from `l`: everything but the tree links, the
  /// mask (the callers copy it as they need) and the animation state. Kinds copy theirs
  /// in their `copyProperties(from:)` override.
  final func copyLayerProperties(from l: Layer) {
    bounds = l.bounds
    position = l.position
    zPosition = l.zPosition
    anchorPoint = l.anchorPoint
    anchorPointZ = l.anchorPointZ
    transform = l.transform
    sublayerTransform = l.sublayerTransform
    isGeometryFlipped = l.isGeometryFlipped
    isHidden = l.isHidden
    opacity = l.opacity
    isDoubleSided = l.isDoubleSided
    masksToBounds = l.masksToBounds
    backgroundColor = l.backgroundColor
    cornerRadius = l.cornerRadius
    maskedCorners = l.maskedCorners
    cornerCurve = l.cornerCurve
    borderWidth = l.borderWidth
    borderColor = l.borderColor
    contents = l.contents
    contentsGravity = l.contentsGravity
    contentsRect = l.contentsRect
    contentsCenter = l.contentsCenter
    contentsScale = l.contentsScale
    minificationFilter = l.minificationFilter
    magnificationFilter = l.magnificationFilter
    minificationFilterBias = l.minificationFilterBias
    shadowColor = l.shadowColor
    shadowOpacity = l.shadowOpacity
    shadowOffset = l.shadowOffset
    shadowRadius = l.shadowRadius
    shadowPath = l.shadowPath
    shouldRasterize = l.shouldRasterize
    rasterizationScale = l.rasterizationScale
    allowsGroupOpacity = l.allowsGroupOpacity
    allowsEdgeAntialiasing = l.allowsEdgeAntialiasing
    edgeAntialiasingMask = l.edgeAntialiasingMask
    compositingFilter = l.compositingFilter
    filters = l.filters
    backgroundFilters = l.backgroundFilters
    name = l.name
  }

  /// A copy of the whole subtree (mask included) with its timing and animations, sharing
  /// images: the old state a transition keeps.
  public func deepCopy() -> Layer {
    let c = type(of: self).init()
    c.copyProperties(from: self)
    c.animationState.timing = animationState.timing
    // Copies, so that a render tree starting the original's animations leaves these be.
    c.animationState.animations = animationState.animations.map { ($0.key, $0.animation.copy()) }
    c.animationState.actions = animationState.actions
    c.mask = mask?.deepCopy()
    for s in sublayers {
      let sc = s.deepCopy()
      c.sublayers.append(sc)
      sc.superlayer = c
    }
    return c
  }
}

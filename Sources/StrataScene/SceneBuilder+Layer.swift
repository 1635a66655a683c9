import Strata

extension SceneBuilder {
  /// Every key a layer object may have: `CALayer`'s property names, plus the `is…`-less
  /// spellings of the boolean ones (`hidden` for `isHidden`, as in Objective-C).
  static let layerKeys = [
    "type", "name", "bounds", "frame", "position", "zPosition", "anchorPoint", "anchorPointZ",
    "transform", "sublayerTransform", "hidden", "isHidden", "opacity", "doubleSided", "isDoubleSided",
    "geometryFlipped", "isGeometryFlipped", "masksToBounds", "backgroundColor", "cornerRadius",
    "maskedCorners", "cornerCurve", "borderWidth", "borderColor", "contents", "contentsGravity",
    "contentsRect", "contentsCenter", "contentsScale", "minificationFilter", "magnificationFilter",
    "minificationFilterBias", "mask", "maskMode", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
    "shadowPath", "shouldRasterize", "rasterizationScale", "allowsGroupOpacity", "allowsEdgeAntialiasing",
    "edgeAntialiasingMask", "compositingFilter", "filters", "backgroundFilters", "sublayers",
  ] + layerTimingKeys

  /// Builds a layer and its sublayers and mask from a layer object.
  ///
  /// Properties are applied in a fixed order, not the order written, wherever one depends
  /// on another: `bounds`, then `anchorPoint`, then `frame` (which sets `position` and the
  /// bounds size through the anchor point, as `CALayer.frame` does).
  func layer(_ field: Field) throws(SceneError) -> Layer {
    try countLayer(field)
    // The kind first: its section adds keys to the plain layer's.
    let kind = try self.kind(field.value["type"].map { field.child("type", $0) })
    let section = kind as? any SceneLayerKind.Type
    let m = try field.members(known: Self.layerKeys + (section?.sceneKeys ?? []))
    let layer = kind.init()

    if let f = m["name"] { layer.name = f.isNull ? nil : try f.string() }
    try applyGeometry(m, to: layer)
    if let f = m["transform"] { layer.transform = try f.transform() }
    if let f = m["sublayerTransform"] { layer.sublayerTransform = try f.transform() }

    if let f = try alias(m, "hidden", "isHidden") { layer.isHidden = try f.bool() }
    if let f = m["opacity"] { layer.opacity = try f.number(in: 0...1) }
    if let f = try alias(m, "doubleSided", "isDoubleSided") { layer.isDoubleSided = try f.bool() }
    if let f = try alias(m, "geometryFlipped", "isGeometryFlipped") { layer.isGeometryFlipped = try f.bool() }
    if let f = m["masksToBounds"] { layer.masksToBounds = try f.bool() }
    if let f = m["backgroundColor"] { layer.backgroundColor = f.isNull ? nil : try f.color() }
    if let f = m["cornerRadius"] { layer.cornerRadius = try f.nonNegative() }
    if let f = m["maskedCorners"] { layer.maskedCorners = try options(f, Self.cornerNames) }
    if let f = m["cornerCurve"] { layer.cornerCurve = try f.name(CornerCurve.self) }
    if let f = m["borderWidth"] { layer.borderWidth = try f.nonNegative() }
    if let f = m["borderColor"] { layer.borderColor = try f.color() }

    if let f = m["contents"] { layer.contents = f.isNull ? nil : try image(f) }
    if let f = m["contentsGravity"] { layer.contentsGravity = try f.name(ContentsGravity.self) }
    if let f = m["contentsRect"] { layer.contentsRect = try f.rect() }
    if let f = m["contentsCenter"] { layer.contentsCenter = try f.rect() }
    if let f = m["contentsScale"] { layer.contentsScale = try f.positive() }
    if let f = m["minificationFilter"] { layer.minificationFilter = try f.name(ContentsFilter.self) }
    if let f = m["magnificationFilter"] { layer.magnificationFilter = try f.name(ContentsFilter.self) }
    if let f = m["minificationFilterBias"] { layer.minificationFilterBias = try f.number() }

    if let f = m["mask"] { layer.mask = f.isNull ? nil : try self.layer(f) }
    if let f = m["maskMode"] { layer.maskMode = try f.name(MaskMode.self) }
    if let f = m["shadowColor"] { layer.shadowColor = try f.color() }
    if let f = m["shadowOpacity"] { layer.shadowOpacity = try f.number(in: 0...1) }
    if let f = m["shadowOffset"] { layer.shadowOffset = try f.size() }
    if let f = m["shadowRadius"] { layer.shadowRadius = try f.nonNegative() }
    if let f = m["shadowPath"] { layer.shadowPath = f.isNull ? nil : try f.shapePath() }
    if let f = m["shouldRasterize"] { layer.shouldRasterize = try f.bool() }
    if let f = m["rasterizationScale"] { layer.rasterizationScale = try f.positive() }
    if let f = m["allowsGroupOpacity"] { layer.allowsGroupOpacity = try f.bool() }
    if let f = m["allowsEdgeAntialiasing"] { layer.allowsEdgeAntialiasing = try f.bool() }
    if let f = m["edgeAntialiasingMask"] { layer.edgeAntialiasingMask = try options(f, Self.edgeNames) }
    if let f = m["compositingFilter"] { layer.compositingFilter = try compositingFilter(f) }
    if let f = m["filters"] { layer.filters = try filters(f) }
    if let f = m["backgroundFilters"] { layer.backgroundFilters = try filters(f) }
    if let k = layer as? any SceneLayerKind { try k.configure(from: m, in: self) }

    if let f = m["sublayers"] {
      for item in try f.array() { Self.adopt(try self.layer(item), into: layer) }
    }
    try applyAnimations(m, layerField: field, to: layer)
    return layer
  }

  private func applyGeometry(_ m: [String: Field], to layer: Layer) throws(SceneError) {
    if let f = m["bounds"] { layer.bounds = try f.rect() }
    if let f = m["anchorPoint"] { layer.anchorPoint = try f.point() }
    if let f = m["anchorPointZ"] { layer.anchorPointZ = try f.number() }
    if let f = m["frame"] {
      // Two ways of giving the position would make one silently win.
      if let p = m["position"] { throw p.error("give either \"frame\" or \"position\", not both") }
      layer.frame = try f.rect()
      guard layer.position.isFinite else { throw f.error("the frame is too large: its position overflows") }
    }
    if let f = m["position"] { layer.position = try f.point() }
    if let f = m["zPosition"] { layer.zPosition = try f.number() }
  }

  /// The one of two spellings of a property that is present; both at once is an error.
  private func alias(_ m: [String: Field], _ a: String, _ b: String) throws(SceneError) -> Field? {
    if m[a] != nil, let second = m[b] {
      throw second.error("\"\(a)\" and \"\(b)\" are the same property; give one")
    }
    return m[a] ?? m[b]
  }

  static let cornerNames: [(String, CornerMask)] = [
    ("minXMinY", .layerMinXMinYCorner), ("maxXMinY", .layerMaxXMinYCorner),
    ("minXMaxY", .layerMinXMaxYCorner), ("maxXMaxY", .layerMaxXMaxYCorner),
    ("layerMinXMinYCorner", .layerMinXMinYCorner), ("layerMaxXMinYCorner", .layerMaxXMinYCorner),
    ("layerMinXMaxYCorner", .layerMinXMaxYCorner), ("layerMaxXMaxYCorner", .layerMaxXMaxYCorner),
  ]

  static let edgeNames: [(String, EdgeAntialiasingMask)] = [
    ("left", .layerLeftEdge), ("right", .layerRightEdge), ("bottom", .layerBottomEdge), ("top", .layerTopEdge),
    ("layerLeftEdge", .layerLeftEdge), ("layerRightEdge", .layerRightEdge),
    ("layerBottomEdge", .layerBottomEdge), ("layerTopEdge", .layerTopEdge),
  ]

  /// An option set from an array of names; `[]` is the empty set.
  private func options<O: OptionSet>(_ field: Field, _ names: [(String, O)]) throws(SceneError) -> O where O.Element == O {
    var set: O = []
    for item in try field.array() {
      let name = try item.string()
      guard let option = names.first(where: { $0.0 == name })?.1 else {
        let short = names.prefix(4).map { "\"\($0.0)\"" }.joined(separator: ", ")
        throw item.error(Suggestion.message("unknown name \"\(name)\"", name, names.map(\.0)) + " (known: \(short))")
      }
      set.insert(option)
    }
    return set
  }
}

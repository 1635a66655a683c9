import Strata

/// `EmitterLayer`'s scene-file section: `"type": "emitter"` with Core Animation's
/// property names, and `"emitterCells": [ {…cell…} ]`, each cell with `CAEmitterCell`'s
/// names (`contents` an image path, angles in radians or `"90deg"`, timing keys as for
/// animations, nested `emitterCells`). Animations address cells by name:
/// `"emitterCells.fire.birthRate"`.
extension EmitterLayer: SceneLayerKind {
  static var sceneKeys: [String] {
    [
      "emitterCells", "birthRate", "lifetime", "velocity", "scale", "spin", "emitterPosition", "emitterZPosition",
      "emitterSize", "emitterDepth", "emitterShape", "emitterMode", "renderMode", "preservesDepth", "seed",
      "maximumLiveParticles",
    ]
  }

  func configure(from m: [String: Field], in builder: SceneBuilder) throws(SceneError) {
    if let f = m["emitterCells"] { emitterCells = try builder.emitterCells(f) }
    if let f = m["birthRate"] { birthRate = try f.nonNegative() }
    if let f = m["lifetime"] { lifetime = try f.nonNegative() }
    if let f = m["velocity"] { velocity = try f.number() }
    if let f = m["scale"] { scale = try f.number() }
    if let f = m["spin"] { spin = try f.number() }
    if let f = m["emitterPosition"] { emitterPosition = try f.point() }
    if let f = m["emitterZPosition"] { emitterZPosition = try f.number() }
    if let f = m["emitterSize"] { emitterSize = try f.size() }
    if let f = m["emitterDepth"] { emitterDepth = try f.number() }
    if let f = m["emitterShape"] { emitterShape = try f.name(EmitterShape.self) }
    if let f = m["emitterMode"] { emitterMode = try f.name(EmitterMode.self) }
    if let f = m["renderMode"] { renderMode = try f.name(EmitterRenderMode.self) }
    if let f = m["preservesDepth"] { preservesDepth = try f.bool() }
    if let f = m["seed"] { seed = UInt32(try f.number(in: 0...Double(UInt32.max)).rounded(.down)) }
    if let f = m["maximumLiveParticles"] { maximumLiveParticles = Int(try f.number(in: 0...1e9).rounded(.down)) }
  }
}

extension SceneBuilder {
  /// The keys of a cell object.
  static let emitterCellKeys = [
    "name", "enabled", "birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude",
    "emissionRange", "velocity", "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale",
    "scaleRange", "scaleSpeed", "spin", "spinRange", "color", "redRange", "greenRange", "blueRange", "alphaRange",
    "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "contents", "contentsRect", "contentsScale",
    "minificationFilter", "magnificationFilter", "minificationFilterBias", "beginTime", "duration", "speed",
    "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode", "emitterCells",
  ]

  /// An array of cells.
  func emitterCells(_ f: Field) throws(SceneError) -> [EmitterCell] {
    var out: [EmitterCell] = []
    for item in try f.array() { out.append(try emitterCell(item)) }
    return out
  }

  func emitterCell(_ f: Field) throws(SceneError) -> EmitterCell {
    let m = try f.members(known: Self.emitterCellKeys, what: "emitter cell property")
    var c = EmitterCell()
    if let f = m["name"] { c.name = try f.string() }
    if let f = m["enabled"] { c.isEnabled = try f.bool() }
    let nonNegative: Set<String> = ["birthRate", "lifetime", "contentsScale"]
    for (key, kp, isAngle) in EmitterCell.sceneNumbers {
      guard let f = m[key] else { continue }
      c[keyPath: kp] = isAngle ? try f.angle() : nonNegative.contains(key) ? try f.nonNegative() : try f.number()
    }
    if let f = m["color"] { c.color = try f.color() }
    if let f = m["contents"] { c.contents = f.isNull ? nil : try image(f) }
    if let f = m["contentsRect"] { c.contentsRect = try f.rect() }
    if let f = m["minificationFilter"] { c.minificationFilter = try f.name(ContentsFilter.self) }
    if let f = m["magnificationFilter"] { c.magnificationFilter = try f.name(ContentsFilter.self) }
    if let f = m["minificationFilterBias"] { c.minificationFilterBias = try f.number() }
    c.timing = try timing(m, c.timing)
    if let f = m["emitterCells"] { c.emitterCells = try emitterCells(f) }
    return c
  }
}

import Strata

/// Layer timing keys and the `animations` object of scene files (docs/SceneFormat.md,
/// "Animations"). Values use Core Animation's units: radians for rotations (or an angle
/// string such as `"90deg"`), seconds for times.
extension SceneBuilder {
  /// The layer keys this file handles.
  static let layerTimingKeys = [
    "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
    "fillMode", "animations",
  ]

  static let timingKeys = [
    "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    "removedOnCompletion", "isRemovedOnCompletion", "timingFunction",
  ]
  static let propertyKeys = ["keyPath", "additive", "isAdditive", "cumulative", "isCumulative"]
  static let animationKeys: [String: [String]] = [
    "basic": ["fromValue", "toValue", "byValue"],
    "spring": ["fromValue", "toValue", "byValue", "mass", "stiffness", "damping", "initialVelocity", "perceptualDuration", "bounce"],
    "keyframe": [
      "values", "path", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues",
      "biasValues", "rotationMode",
    ],
    "group": ["animations"],
    "transition": ["transitionType", "subtype", "startProgress", "endProgress", "from"],
  ]

  /// The layer's timing keys and its animations. `field` is the whole layer object: a
  /// transition's old state is that object with the transition's `from` members on top.
  func applyAnimations(_ m: [String: Field], layerField field: Field, to layer: Layer) throws(SceneError) {
    layer.timing = try timing(m, layer.timing)
    guard let f = m["animations"], buildsAnimations else { return }
    guard case .object(let members) = f.value else { throw f.typeError("an object of named animations") }
    for (key, value) in members {
      layer.add(try animation(f.child(key, value), layerField: field, layer: layer), forKey: key)
    }
  }

  /// - Parameter layer: the layer it animates, whose kind must have the key path.
  func animation(_ field: Field, layerField: Field, layer: Layer) throws(SceneError) -> Animation {
    guard case .object = field.value else { throw field.typeError("an animation object") }
    guard let typeField = field.value["type"].map({ field.child("type", $0) }) else {
      throw field.error("missing \"type\" (\(Self.animationKeys.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))")
    }
    let type = try typeField.string()
    guard let specific = Self.animationKeys[type] else {
      throw typeField.error(Suggestion.message("unknown animation type \"\(type)\"", type, Array(Self.animationKeys.keys.sorted())))
    }
    animationNesting += 1
    defer { animationNesting -= 1 }
    guard animationNesting <= limits.maxAnimationNesting else {
      throw field.error(
        "animations nested more than \(limits.maxAnimationNesting) deep (groups in groups, transitions in transitions' \"from\"); that is the limit (SceneLimits.maxAnimationNesting)")
    }
    let isProperty = type == "basic" || type == "spring" || type == "keyframe"
    let m = try field.members(known: ["type"] + Self.timingKeys + (isProperty ? Self.propertyKeys : []) + specific)
    let a: Animation
    switch type {
    case "basic": a = try basic(m, field, layer)
    case "spring": a = try spring(m, field, layer)
    case "keyframe": a = try keyframe(m, field, layer)
    case "group":
      guard let list = m["animations"] else { throw field.error("a group needs \"animations\"") }
      var children: [Animation] = []
      switch list.value {
      case .object(let members):
        for (k, v) in members { children.append(try animation(list.child(k, v), layerField: layerField, layer: layer)) }
      default:
        for item in try list.array() { children.append(try animation(item, layerField: layerField, layer: layer)) }
      }
      a = AnimationGroup(children)
    default: a = try transition(m, layerField: layerField)
    }
    a.timing = try timing(m, a.timing)
    if let f = m["timingFunction"] { a.timingFunction = try timingFunction(f) }
    if let f = try eitherSpelling(m, "removedOnCompletion", "isRemovedOnCompletion") { a.isRemovedOnCompletion = try f.bool() }
    return a
  }

  // MARK: Kinds

  private func keyPath(_ m: [String: Field], _ field: Field, _ layer: Layer) throws(SceneError) -> AnimatableKeyPath {
    guard let f = m["keyPath"] else { throw field.error("missing \"keyPath\" (the property to animate, e.g. \"position.x\")") }
    let s = try f.string()
    guard let k = AnimatableKeyPath(s) else {
      throw f.error(Suggestion.message("unknown key path \"\(s)\"", s, AnimatableKeyPath.all))
    }
    // A kind's property on a layer of another kind would animate nothing.
    guard k.applies(to: layer) else {
      throw f.error("\"\(s)\" is not a property of a layer of type \"\(type(of: layer).typeName)\"")
    }
    return k
  }

  private func propertyFlags(_ m: [String: Field], _ a: PropertyAnimation) throws(SceneError) {
    if let f = try eitherSpelling(m, "additive", "isAdditive") { a.isAdditive = try f.bool() }
    if let f = try eitherSpelling(m, "cumulative", "isCumulative") { a.isCumulative = try f.bool() }
  }

  private func basic(_ m: [String: Field], _ field: Field, _ layer: Layer) throws(SceneError) -> BasicAnimation {
    let k = try keyPath(m, field, layer)
    let a = BasicAnimation(
      keyPath: k, from: try m["fromValue"].map { f throws(SceneError) in try value(f, k) },
      to: try m["toValue"].map { f throws(SceneError) in try value(f, k) },
      by: try m["byValue"].map { f throws(SceneError) in try value(f, k) })
    try propertyFlags(m, a)
    return a
  }

  private func spring(_ m: [String: Field], _ field: Field, _ layer: Layer) throws(SceneError) -> SpringAnimation {
    let b = try basic(m, field, layer)
    let s: SpringAnimation
    if let d = m["perceptualDuration"] {
      s = SpringAnimation(keyPath: b.keyPath, perceptualDuration: try d.positive(), bounce: try m["bounce"]?.number(in: -1...1) ?? 0)
    } else {
      if let f = m["bounce"] { throw f.error("\"bounce\" goes with \"perceptualDuration\"") }
      s = SpringAnimation(keyPath: b.keyPath)
      if let f = m["mass"] { s.mass = try f.positive() }
      if let f = m["stiffness"] { s.stiffness = try f.positive() }
      if let f = m["damping"] { s.damping = try f.nonNegative() }
    }
    if let f = m["initialVelocity"] { s.initialVelocity = try f.number() }
    (s.fromValue, s.toValue, s.byValue) = (b.fromValue, b.toValue, b.byValue)
    (s.isAdditive, s.isCumulative) = (b.isAdditive, b.isCumulative)
    // A scene-file convenience: without a duration, the spring runs until it settles.
    if m["duration"] == nil { s.duration = s.settlingDuration }
    return s
  }

  private func keyframe(_ m: [String: Field], _ field: Field, _ layer: Layer) throws(SceneError) -> KeyframeAnimation {
    let k = try keyPath(m, field, layer)
    let a = KeyframeAnimation(keyPath: k)
    if let f = m["path"] {
      guard k.kind == .point else { throw f.error("a path animates a point key path such as \"position\", not \(k.kind) \"\(k.path)\"") }
      a.path = try path(f)
    } else if let f = m["values"] {
      let items = try f.array()
      var values: [AnimationValue] = []
      values.reserveCapacity(items.count)
      for item in items { values.append(try value(item, k)) }
      guard !values.isEmpty else { throw f.error("expected at least one value") }
      a.keyframeValues = values
    } else {
      throw field.error("a keyframe animation needs \"values\" or \"path\"")
    }
    if let f = m["keyTimes"] {
      let times = try f.numbers(0...Int.max, "key times") { g throws(SceneError) in try g.number(in: 0...1) }
      guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else { throw f.error("key times must not decrease") }
      a.keyTimes = times
    }
    if let f = m["timingFunctions"] {
      var list: [TimingFunction] = []
      for item in try f.array() { list.append(try timingFunction(item)) }
      a.timingFunctions = list
    }
    if let f = m["calculationMode"] { a.calculationMode = try f.name(KeyframeAnimation.CalculationMode.self) }
    if let f = m["rotationMode"] { a.rotationMode = try f.name(KeyframeAnimation.RotationMode.self) }
    if let f = m["tensionValues"] { a.tensionValues = try f.numbers(0...Int.max, "numbers") }
    if let f = m["continuityValues"] { a.continuityValues = try f.numbers(0...Int.max, "numbers") }
    if let f = m["biasValues"] { a.biasValues = try f.numbers(0...Int.max, "numbers") }
    try propertyFlags(m, a)
    return a
  }

  private func transition(_ m: [String: Field], layerField: Field) throws(SceneError) -> Transition {
    let t = Transition()
    if let f = m["transitionType"] { t.type = try f.name(Transition.Kind.self) }
    if let f = m["subtype"] { t.subtype = try f.name(Transition.Direction.self) }
    if let f = m["startProgress"] { t.startProgress = try f.number(in: 0...1) }
    if let f = m["endProgress"] { t.endProgress = try f.number(in: 0...1) }
    guard let from = m["from"] else {
      throw layerField.error("a transition needs \"from\": the layer's properties before the change")
    }
    guard case .object(let layerMembers) = layerField.value, case .object(let changes) = from.value else {
      throw from.typeError("an object of layer properties")
    }
    // Checked where it is written, as a layer of the same kind, so that errors name the
    // transition's path…
    let kind = layerMembers.first { $0.key == "type" }
    let sameKind = changes.contains { $0.key == "type" } || kind == nil ? changes : [kind!] + changes
    _ = try layer(Field(value: .object(sameKind), path: from.path, file: from.file))
    // …then built as the layer object with those properties replaced.
    var merged = layerMembers.filter { $0.key != "animations" && changes.map(\.key).contains($0.key) == false }
    merged += changes
    // Without animations: the old state shows its model values, and its subtree's
    // transitions would each be built twice more (2^n for n nested).
    let builds = buildsAnimations
    buildsAnimations = false
    defer { buildsAnimations = builds }
    t.oldState = try layer(Field(value: .object(merged), path: from.path, file: from.file))
    return t
  }
}

extension SceneBuilder {
  /// The one of two spellings of a key that is present (`additive` or `isAdditive`); both
  /// at once is an error.
  fileprivate func eitherSpelling(_ m: [String: Field], _ a: String, _ b: String) throws(SceneError) -> Field? {
    if m[a] != nil, let second = m[b] { throw second.error("\"\(a)\" and \"\(b)\" are the same property; give one") }
    return m[a] ?? m[b]
  }
}

import Strata

/// A layer kind's scene-file section: the keys its layer objects have beyond a plain
/// layer's, and how they set the kind's properties. A kind conforms in its own file,
/// `StrataScene/Kinds/<Kind>+Scene.swift`; the loader finds the kind by `"type"` in the
/// one table of kinds, `LayerKinds`, and its section by this conformance
/// (docs/AddingALayerKind.md).
protocol SceneLayerKind: Layer {
  /// The kind's own keys (`"fillColor"`, `"colors"`…); any other key is an error with a
  /// suggestion, as for a plain layer.
  static var sceneKeys: [String] { get }

  /// Sets the kind's own properties from the layer object's members (all of them; the
  /// kind reads its own keys). Called after the plain layer's properties are set, before
  /// the sublayers and animations.
  func configure(from members: [String: Field], in builder: SceneBuilder) throws(SceneError)
}

extension SceneBuilder {
  /// The kind a layer object's `"type"` names (a plain layer without one).
  func kind(_ field: Field?) throws(SceneError) -> Layer.Type {
    guard let field else { return Layer.self }
    let name = try field.string()
    if let kind = LayerKinds.named(name) { return kind }
    let names = LayerKinds.all.map(\.typeName)
    let known = names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
    throw field.error(Suggestion.message("unknown layer type \"\(name)\"", name, names) + " (known types: \(known))")
  }
}

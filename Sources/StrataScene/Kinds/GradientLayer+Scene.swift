import Strata

/// `GradientLayer`'s scene-file section: `"type": "gradient"` with Core Animation's
/// property names, except `type` itself, which names the layer kind in scene files: the
/// gradient's shape is `"gradientType"` there.
extension GradientLayer: SceneLayerKind {
  static var sceneKeys: [String] { ["colors", "locations", "startPoint", "endPoint", "gradientType"] }

  func configure(from m: [String: Field], in builder: SceneBuilder) throws(SceneError) {
    if let f = m["colors"] { colors = try f.colors() }
    if let f = m["locations"] { locations = f.isNull ? nil : try f.numberList() }
    if let f = m["startPoint"] { startPoint = try f.point() }
    if let f = m["endPoint"] { endPoint = try f.point() }
    if let f = m["gradientType"] { type = try f.name(GradientLayerType.self) }
  }
}

extension Field {
  /// An array of colours of any length (`colors`), each in any colour form.
  func colors() throws(SceneError) -> [Color] {
    var out: [Color] = []
    for item in try array() { out.append(try item.color()) }
    return out
  }

  /// An array of numbers of any length (`locations`).
  func numberList() throws(SceneError) -> [Double] {
    var out: [Double] = []
    for item in try array() { out.append(try item.number()) }
    return out
  }
}

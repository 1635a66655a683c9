import Strata

extension SceneBuilder {
  /// `filters` / `backgroundFilters`: a list of one-key objects, `{"gaussianBlur": radius}`
  /// (`CIGaussianBlur`'s inputRadius, the Gaussian's sigma in points; `CIGaussianBlur` is
  /// accepted as the key too) or
  /// `{"colorMatrix": [20 numbers]}` (`CIColorMatrix`: rows R, G, B, A of
  /// `r g b a bias`, on straight colour).
  func filters(_ field: Field) throws(SceneError) -> [LayerFilter] {
    var out: [LayerFilter] = []
    for item in try field.array() {
      // Core Image's filter names are accepted too.
      let m = try item.members(known: ["gaussianBlur", "colorMatrix", "CIGaussianBlur", "CIColorMatrix"], what: "filter")
      guard m.count == 1 else {
        throw item.error("a filter is an object with one key: {\"gaussianBlur\": 4} or {\"colorMatrix\": [20 numbers]}")
      }
      if let f = m["gaussianBlur"] ?? m["CIGaussianBlur"] { out.append(.gaussianBlur(radius: try f.nonNegative())) }
      if let f = m["colorMatrix"] ?? m["CIColorMatrix"] { out.append(.colorMatrix(try f.numbers(20...20, "a colour matrix"))) }
    }
    return out
  }

  /// `compositingFilter`: one of Core Animation's filter names (`CompositingFilter`'s raw
  /// values), or an older spelling (`compositingFilterAliases`).
  func compositingFilter(_ field: Field) throws(SceneError) -> CompositingFilter? {
    if field.isNull { return nil }
    let name = try field.string()
    guard let filter = CompositingFilter(rawValue: name) ?? Self.compositingFilterAliases[name] else {
      let known = CompositingFilter.allCases.map(\.rawValue)
      throw field.error(Suggestion.message("unknown compositing filter \"\(name)\"", name, known) + " (known: \(known.joined(separator: ", ")))")
    }
    return filter
  }

  /// Spellings scene files have always accepted besides Core Animation's names: the blend
  /// modes without the `BlendMode` suffix (`"multiply"`), `"sourceOver"` and `"plusLighter"`
  /// (with or without the suffix).
  static let compositingFilterAliases: [String: CompositingFilter] = {
    var aliases: [String: CompositingFilter] = [
      "sourceOver": .normalBlendMode, "sourceOverBlendMode": .normalBlendMode,
      "plusLighter": .plusL, "plusLighterBlendMode": .plusL,
    ]
    for f in CompositingFilter.allCases where f != .normalBlendMode && f.rawValue.hasSuffix("BlendMode") {
      aliases[String(f.rawValue.dropLast("BlendMode".count))] = f
    }
    return aliases
  }()
}

import Strata
import StrataText

/// `TextLayer`'s keys in scene files (`"type": "text"`), with Core Animation's names.
/// `string` is a string or an array of attributed runs; a font is a family or PostScript
/// name, or a font file relative to the scene file when it ends in `.ttf`, `.otf` or `.ttc`
/// or contains a `/`. Fonts are found and opened while the scene loads, so a missing or
/// unreadable font is an error at its JSON path before anything is drawn.
extension TextLayer: SceneLayerKind {
  static var sceneKeys: [String] { ["string", "font", "fontSize", "foregroundColor", "alignmentMode", "isWrapped", "truncationMode"] }

  func configure(from m: [String: Field], in builder: SceneBuilder) throws(SceneError) {
    if let f = m["string"] { string = f.isNull ? nil : try builder.textString(f) }
    if let f = m["font"] {
      font = try builder.font(f)
    } else if let type = m["type"] {
      // The default font is looked up too: without it the layer could not draw.
      let layer = Field(value: .null, path: JSONPath(type.path.components.dropLast()), file: type.file)
      do {
        _ = try FontLibrary.shared.face(named: "Helvetica")
      } catch {
        throw layer.error("the default font, Helvetica: \(error.reason); install fonts-urw-base35 or fonts-liberation2, or set \"font\"")
      }
    }
    if let f = m["fontSize"] { fontSize = try f.positive() }
    if let f = m["foregroundColor"] { foregroundColor = f.isNull ? nil : try f.color() }
    if let f = m["alignmentMode"] { alignmentMode = try f.name(AlignmentMode.self) }
    if let f = m["isWrapped"] { isWrapped = try f.bool() }
    if let f = m["truncationMode"] { truncationMode = try f.name(TruncationMode.self) }
  }
}

extension SceneBuilder {
  /// A font: a file (ends in .ttf, .otf or .ttc, or has a `/`), relative to the scene file's
  /// directory unless absolute, or a family or PostScript name; opened now.
  func font(_ f: Field) throws(SceneError) -> TextFont {
    let name = try f.string()
    guard !name.isEmpty else { throw f.error("expected a font name or file, got an empty string") }
    let lower = name.lowercased()
    if name.contains("/") || [".ttf", ".otf", ".ttc"].contains(where: { lower.hasSuffix($0) }) {
      let path = name.hasPrefix("/") || baseDirectory.isEmpty ? name : baseDirectory + "/" + name
      do {
        _ = try FontLibrary.shared.face(file: path)
      } catch {
        throw f.error("\(Excerpt.of(name)): \(error.reason)")
      }
      return .file(path)
    }
    do {
      _ = try FontLibrary.shared.face(named: name)
    } catch {
      throw f.error(error.description)
    }
    return .named(name)
  }

  /// A text layer's string: a JSON string, or an array of runs
  /// `{"text", "font", "fontSize", "foregroundColor", "kerning", "underline"}`.
  func textString(_ f: Field) throws(SceneError) -> TextString {
    if case .string(let s) = f.value { return .plain(s) }
    guard case .array = f.value else { throw f.typeError("a string or an array of runs") }
    var runs: [TextRun] = []
    for item in try f.array() {
      let m = try item.members(known: ["text", "font", "fontSize", "foregroundColor", "kerning", "underline"], what: "run key")
      guard let text = m["text"] else { throw item.error("a run needs \"text\"") }
      var run = TextRun(try text.string())
      if let g = m["font"] { run.font = try font(g) }
      if let g = m["fontSize"] { run.fontSize = try g.positive() }
      if let g = m["foregroundColor"] { run.foregroundColor = try g.color() }
      if let g = m["kerning"] { run.kerning = try g.number() }
      if let g = m["underline"] { run.underline = try g.bool() }
      runs.append(run)
    }
    return .attributed(runs)
  }
}

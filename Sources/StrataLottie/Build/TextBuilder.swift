import Strata
import StrataPath
import StrataText

/// Builds a text layer's content as lottie-ios's Core Animation engine draws it (its
/// `TextLayer` hands the first text document to a `CoreTextRenderLayer`): the text's glyph
/// outlines, set by `TextSetter`, as one shape layer filled with `fc` and one stroked with
/// `sc` (its width `sw` percent of the font size, as Core Text's stroke width), the stroke
/// above the fill when `of` says so, below it otherwise.
///
/// The glyphs come from the file's `chars` when it has every character of the text in the
/// document's font (they are the outlines of the font the author used, so the text looks
/// the same whatever is installed); otherwise from the font `fonts.list` names, found
/// through fontconfig by family and style. A font that is not installed is drawn with a
/// metric-compatible alias when fontconfig knows one (Nimbus Sans for Helvetica), else, as
/// Core Text does for lottie-ios, with Helvetica (its alias) in its regular style; a
/// warning names the font used.
///
/// The layers hold static values only: the engine draws neither later documents nor text
/// animators (warned about when decoding).
struct TextBuilder {
  let assets: TextAssets
  let context: DecodeContext
  let layerName: String?
  /// The text layer's place in the document, for warnings.
  let path: String

  /// The layers of `text`, bottom first (none when it draws nothing).
  func layers(_ text: TextModel) throws(LottieError) -> [Layer] {
    let d = text.document.first
    let strokeWidth = d.strokeWidth * d.size / 100
    let fill = d.fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
    let stroke = d.strokeColor.flatMap { $0.alpha > 0 && strokeWidth > 0 ? $0 : nil }
    guard !d.text.isEmpty, d.size > 0, fill != nil || stroke != nil else { return [] }
    guard let glyphs = try glyphs(for: d) else { return [] }
    let outlines = TextSetter(document: d, glyphs: glyphs, fillAndStroke: fill != nil && stroke != nil).outlines()
    guard !outlines.isEmpty else { return [] }
    var out: [Layer] = []
    if let fill {
      let layer = ShapeLayer()
      layer.anchorPoint = .zero
      layer.name = "text fill"
      layer.path = outlines
      layer.fillColor = fill
      out.append(layer)
    }
    if let stroke {
      let layer = ShapeLayer()
      layer.anchorPoint = .zero
      layer.name = "text stroke"
      layer.path = outlines
      layer.fillColor = nil
      layer.strokeColor = stroke
      layer.lineWidth = strokeWidth
      // A Core Graphics context's defaults, which Core Text strokes glyphs with.
      layer.lineJoin = .miter
      layer.miterLimit = 10
      out.insert(layer, at: d.strokeOverFill ? out.count : 0)
    }
    try context.countLayers(out.count, at: path)
    return out
  }

  /// Where the glyphs of `d` come from; nil when no font can be opened at all.
  private func glyphs(for d: TextDocument) throws(LottieError) -> TextSetter.Glyphs? {
    let entry = assets.fonts[d.fontName]
    if let entry, let chars = assets.glyphs(for: d.text, in: entry) {
      return .chars(chars, metrics: FontChoice.resolve(entry: entry, name: d.fontName).face)
    }
    let choice = FontChoice.resolve(entry: entry, name: d.fontName)
    if let warning = choice.warning {
      try context.warn(entry?.path ?? path, layer: entry == nil ? layerName : nil, warning)
    }
    return choice.face.map { .font($0) }
  }
}

/// The face a Lottie font is drawn with, and what to tell the user when it is not the one
/// named.
struct FontChoice {
  var face: FontFace?
  var warning: String?

  /// The stand-in for a font that is not installed: Core Text gives lottie-ios Helvetica
  /// (regular, whatever style was asked for) for a font name it does not know, and
  /// Helvetica is Core Animation's default text font.
  static let standIn = (family: "Helvetica", style: "Regular")

  /// The face for the document font `name`: its `fonts.list` entry's family and style,
  /// else `name` as a PostScript or family name, else the stand-in.
  static func resolve(entry: TextAssets.Font?, name: String, library: FontLibrary = .shared) -> FontChoice {
    let asked = entry.map { "\"\(name)\" (\($0.family)\($0.style.isEmpty ? "" : " " + $0.style))" } ?? "\"\(name)\""
    var found: FontFace? = nil
    if let entry {
      found = try? library.face(family: entry.family, style: entry.style)
      if let f = found, f.familyName.lowercased() == entry.family.lowercased() { return FontChoice(face: f) }
    } else if !name.isEmpty {
      found = try? library.face(named: name)
      if let f = found, [f.postScriptName, f.familyName].contains(where: { $0.lowercased() == name.lowercased() }) {
        return FontChoice(face: f)
      }
    }
    if let found {
      return FontChoice(face: found, warning: "font \(asked) is not installed: drawn with \(describe(found)), metric-compatible")
    }
    guard let face = (try? library.face(family: standIn.family, style: standIn.style)) ?? (try? library.face(named: "DejaVu Sans"))
    else {
      return FontChoice(face: nil, warning: "font \(asked) is not installed, nor a stand-in: the text is not drawn")
    }
    return FontChoice(face: face, warning: "font \(asked) is not installed: drawn with \(describe(face)) in its place")
  }

  /// "Nimbus Sans Bold".
  static func describe(_ face: FontFace) -> String {
    face.styleName.isEmpty ? face.familyName : "\(face.familyName) \(face.styleName)"
  }
}

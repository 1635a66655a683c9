import StrataPath

/// What a file gives its text layers besides their documents: the fonts (`fonts.list`) a
/// document's `f` names, and the glyph outlines of its characters (`chars`), which After
/// Effects exports so that the text does not depend on installed fonts.
struct TextAssets: Sendable {
  /// One entry of `fonts.list`.
  struct Font: Sendable {
    /// `fName`, what documents name (`AvenirNext-Medium`).
    var name: String
    /// `fFamily` and `fStyle` (`Avenir Next`, `Medium`).
    var family: String
    var style: String
    /// Where it is in the file, for warnings.
    var path: String
  }

  /// A glyph of `chars`: its outline in a 100-unit em (y down, the baseline at 0, the pen
  /// at x = 0) and its advance in the same units (`w`).
  struct Glyph: Sendable {
    var outline: StrataPath.Path
    var advance: Double
  }

  /// A glyph is the character `ch` in a font's family and style.
  struct GlyphKey: Hashable, Sendable {
    var character: String
    var family: String
    var style: String
  }

  var fonts: [String: Font] = [:]
  var glyphs: [GlyphKey: Glyph] = [:]

  /// The glyphs of `text` set in `font`, nil unless `chars` has every character that
  /// draws (line breaks aside).
  func glyphs(for text: String, in font: Font) -> [Character: Glyph]? {
    var out: [Character: Glyph] = [:]
    for c in text where !TextAssets.isLineBreak(c) && out[c] == nil {
      guard let g = glyphs[GlyphKey(character: String(c), family: font.family, style: font.style)] else { return nil }
      out[c] = g
    }
    return out
  }

  /// The characters that end a line of a Lottie text: `\r` (After Effects' paragraph
  /// break), `\n`, and `\u{3}` (its line break in some exports).
  static func isLineBreak(_ c: Character) -> Bool { c == "\r" || c == "\n" || c == "\r\n" || c == "\u{3}" }
}

extension TextAssets {
  /// Reads `fonts.list` and `chars` of the root object.
  init(root: Node) throws(LottieError) {
    if let list = root["fonts"]?["list"] {
      for entry in try list.array() {
        let e = try entry.object()
        let name = try e.required("fName").string()
        guard fonts[name] == nil else { continue }
        fonts[name] = Font(
          name: name, family: try e.string("fFamily") ?? name, style: try e.string("fStyle") ?? "", path: entry.path.description)
      }
    }
    guard let chars = root["chars"] else { return }
    for entry in try chars.array() {
      let e = try entry.object()
      let key = GlyphKey(
        character: try e.required("ch").string(), family: try e.string("fFamily") ?? "", style: try e.string("style") ?? "")
      let advance = try e.number("w", default: 0)
      var outline = StrataPath.Path()
      if let shapes = e["data"]?["shapes"] {
        Self.append(try shapes.shapeItems(layer: nil), .identity, to: &outline)
      }
      if glyphs[key] == nil { glyphs[key] = Glyph(outline: outline, advance: advance) }
    }
  }

  /// The paths of `items` (groups included, mapped by their transforms) at frame 0.
  private static func append(_ items: [ShapeItem], _ transform: PathTransform, to path: inout StrataPath.Path) {
    for item in items {
      switch item {
      case .path(let p): p.bezier(at: 0).append(to: &path, transform)
      case .group(let g): append(g.items, g.transform.matrix(at: 0).concatenating(transform), to: &path)
      default: break
      }
    }
  }
}

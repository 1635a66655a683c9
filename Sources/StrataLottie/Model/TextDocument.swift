import Strata
import StrataPath

/// A text layer's document at one keyframe (`t.d.k[i].s`): the text and how it is set.
///
/// Documents do not blend: a keyframed text jumps from one document to the next at its
/// keyframe (After Effects holds text keyframes).
struct TextDocument: Interpolating, Sendable, Equatable {
  /// `j`: 0 left, 1 right, 2 centre (the codes lottie-ios knows).
  enum Justification: Int, Sendable {
    case left = 0, right = 1, center = 2
  }

  /// `t`; lines break at `\r`, `\n` and `\u{3}`.
  var text: String
  /// `f`: a font's `fName` in the file's `fonts.list`.
  var fontName: String
  /// `s`: points per em.
  var size: Double
  var justification: Justification = .left
  /// `tr`: thousandths of an em added after every character.
  var tracking: Double = 0
  /// `lh`: the distance between baselines, points; nil when the file has none.
  var lineHeight: Double? = nil
  /// `ls`: the baseline shift, points (decoded; lottie-ios's Core Animation engine does not
  /// draw it).
  var baselineShift: Double = 0
  /// `fc`, `sc`: nil draws no fill or no stroke.
  var fillColor: Color? = nil
  var strokeColor: Color? = nil
  /// `sw`: the stroke's width as lottie-ios hands it to Core Text, in percent of the font
  /// size (`NSAttributedString.Key.strokeWidth`).
  var strokeWidth: Double = 0
  /// `of`: the stroke is drawn over the fill (otherwise under it).
  var strokeOverFill: Bool = false
  /// `ps` and `sz`: box text, its top-left corner and size in points; lines wrap at its width.
  var boxPosition: PathPoint? = nil
  var boxSize: PathPoint? = nil

  /// `tracking` in points.
  var trackingPoints: Double { size * tracking / 1000 }

  func interpolated(to other: TextDocument, _ u: Double) -> TextDocument { u < 1 ? self : other }
}

/// A text layer's `t`: its document (keyframed) and what it asks for that is not drawn.
struct TextModel: Sendable {
  var document: Animated<TextDocument>
}

extension Node {
  /// A text layer's `t`: the document keyframes of `d`, and warnings for what lottie-ios's
  /// Core Animation engine does not draw either: documents after the first (it shows the
  /// first throughout), text animators (`a`), text on a path (`p.m`) and baseline shifts.
  func textModel(layer: String?) throws(LottieError) -> TextModel {
    let o = try object()
    let d = try o.required("d")
    let document = try d.animated(layer: layer) { (n) throws(LottieError) in try n.textDocument(layer: layer) }
    if document.keys.count > 1 {
      try context.warn(
        d.path, layer: layer,
        "text keyframes after the first are not shown (lottie-ios's Core Animation engine shows the first text throughout)")
    }
    if document.keys.contains(where: { $0.value.baselineShift != 0 }) {
      try context.warn(d.path, layer: layer, "baseline shift (ls) is not drawn, as in lottie-ios's Core Animation engine")
    }
    if let animators = o["a"] {
      for animator in try animators.array() {
        let a = try animator.object()
        let properties = try a["a"].map { (n) throws(LottieError) in try n.object() }
        let names: [String] =
          if case .object(let members) = properties?.value { members.map { Self.animatedTextProperties[$0.key] ?? $0.key } } else { [] }
        let label = try a.string("nm").map { "\"\($0)\" " } ?? ""
        try context.warn(
          animator.path, layer: layer,
          "text animator \(label)(\(names.joined(separator: ", "))) is not drawn, as in lottie-ios's Core Animation engine")
      }
    }
    if let p = o["p"], p["m"] != nil {
      try context.warn(p.path, layer: layer, "text on a path is not supported (drawn in lines)")
    }
    return TextModel(document: document)
  }

  /// The properties a text animator can animate, by key, for warnings.
  static let animatedTextProperties = [
    "p": "position", "a": "anchor", "s": "scale", "sk": "skew", "sa": "skew axis", "r": "rotation", "rx": "x rotation",
    "ry": "y rotation", "o": "opacity", "fo": "fill opacity", "so": "stroke opacity", "fc": "fill colour",
    "fh": "fill hue", "fs": "fill saturation", "fb": "fill brightness", "sc": "stroke colour", "sw": "stroke width",
    "t": "tracking", "ls": "line spacing", "bl": "blur",
  ]

  /// The most characters a text document may have: far beyond titles and captions, small
  /// enough that its glyph outlines stay a few megabytes.
  static let maxTextLength = 20_000

  /// One text document (`s` of a keyframe of `t.d`).
  func textDocument(layer: String?) throws(LottieError) -> TextDocument {
    let o = try object()
    let size = try o.number("s", default: 10)
    guard size >= 0, size <= 100_000 else { throw try o.required("s").error("expected a font size in 0...100000, got \(size)") }
    let text = try o.string("t") ?? ""
    guard text.unicodeScalars.count <= Self.maxTextLength else {
      throw try o.required("t").error("a text of more than \(Self.maxTextLength) characters")
    }
    var doc = TextDocument(text: text, fontName: try o.string("f") ?? "", size: size)
    let j = try o.int("j", default: 0)
    if let justification = TextDocument.Justification(rawValue: j) {
      doc.justification = justification
    } else {
      try context.warn(try o.required("j").path, layer: layer, "justification \(j) is drawn left-aligned")
    }
    doc.tracking = try o.number("tr", default: 0)
    guard abs(doc.tracking) <= 100_000 else { throw try o.required("tr").error("expected a tracking within ±100000, got \(doc.tracking)") }
    if let lh = o["lh"] { doc.lineHeight = try lh.number() }
    doc.baselineShift = try o.number("ls", default: 0)
    doc.fillColor = try o["fc"]?.textColor()
    doc.strokeColor = try o["sc"]?.textColor()
    doc.strokeWidth = max(try o.number("sw", default: 0), 0)
    guard doc.strokeWidth <= 10_000 else { throw try o.required("sw").error("expected a stroke width in 0...10000, got \(doc.strokeWidth)") }
    doc.strokeOverFill = try o.bool("of")
    func point(_ key: String) throws(LottieError) -> PathPoint? {
      guard let n = o[key] else { return nil }
      let v = try n.numbers()
      guard v.count >= 2, v[0].isFinite, v[1].isFinite else { throw n.error("expected [x, y]") }
      return PathPoint(v[0], v[1])
    }
    doc.boxPosition = try point("ps")
    doc.boxSize = try point("sz")
    if let lh = doc.lineHeight, !(abs(lh) <= 100_000) { throw try o.required("lh").error("expected a line height in points, got \(lh)") }
    return doc
  }

  /// A text colour: `[r, g, b(, a)]` in 0…1 (older files 0…255, told by a component above
  /// 1), or `"#rrggbb"`. Its alpha is kept: lottie-ios hands the whole colour to Core Text.
  func textColor() throws(LottieError) -> Color {
    if case .string = value { return try hexColor() }
    var c = try numbers()
    guard c.count >= 3, c.allSatisfy(\.isFinite) else { throw error("expected a colour [r, g, b] or [r, g, b, a]") }
    if c.prefix(3).contains(where: { $0 > 1 }) { c = c.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element } }
    func unit(_ x: Double) -> Double { min(max(x, 0), 1) }
    return Color(unit(c[0]), unit(c[1]), unit(c[2]), c.count > 3 ? unit(c[3]) : 1)
  }
}

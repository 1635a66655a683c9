import StrataPath
import StrataText

/// Sets a text document in lines of glyph outlines where lottie-ios's `CoreTextRenderLayer`
/// has Core Text draw them in a text layer:
///
/// - Point text (no `sz`): the first line's baseline runs through the layer's origin (or
///   `ps`); a left-justified line starts there, a right-justified one ends there, a centred
///   one is centred on it.
/// - Box text (`sz`, at `ps`): lines wrap at the box's width and are justified within it;
///   the first baseline lies the font's cap height below the box's top (the box's top is
///   the capitals' top), and a line whose baseline falls below the box's bottom is not
///   drawn.
/// - Each further line's baseline lies `lh` below the one before (the font's own line
///   height when the document has none); tracking (`tr`) adds `tr / 1000` em after every
///   character, and turns the font's kerning off, as Core Text's kern attribute does.
///
/// Text with both fill and stroke sits a little higher: the render layer grows its bounds
/// by `sw` after placing its anchor (as a fraction of the bounds), which lifts the text by
/// `ascent × sw / height` (0.75 point for 50-point text with `sw` 1).
///
/// Glyphs come from a font (shaped by HarfBuzz, wrapped and ordered by StrataText's
/// layout) or from the file's `chars` (advances `w`, wrapped after spaces).
struct TextSetter {
  /// Where glyphs come from.
  enum Glyphs {
    case font(FontFace)
    /// `chars`' glyphs of every character of the text; `metrics` gives the line height,
    /// ascent and cap height.
    case chars([Character: TextAssets.Glyph], metrics: FontFace?)
  }

  /// One line: its glyphs' outlines in points relative to its start on its baseline (y
  /// down), and its advance (trailing spaces left out).
  struct Line {
    var path = StrataPath.Path()
    var width = 0.0
  }

  let document: TextDocument
  let glyphs: Glyphs
  /// Whether the text is both filled and stroked (its bounds then grow by `sw`).
  var fillAndStroke = false

  /// The outlines of every line drawn, in the text layer's points.
  func outlines() -> StrataPath.Path {
    let d = document
    let lines: [Line] =
      switch glyphs {
      case .font(let face): fontLines(face)
      case .chars(let g, _): charLines(g)
      }
    let face: FontFace? =
      switch glyphs {
      case .font(let f): f
      case .chars(_, let m): m
      }
    let em = d.size / (face?.unitsPerEm ?? 1)
    let ascent = face.map { $0.metrics.ascender * em } ?? d.size * 0.8
    let descent = face.map { $0.metrics.descender * em } ?? d.size * 0.2
    let natural = ascent + descent + (face.map { $0.metrics.lineGap * em } ?? 0)
    let pitch = d.lineHeight.flatMap { $0 > 0 ? $0 : nil } ?? natural
    let grow = fillAndStroke ? d.strokeWidth : 0
    // The render layer's frame (width, height), the anchor in it (the origin's place), and
    // the horizontal compensation Core Text's lines are moved by.
    let frame: (width: Double, height: Double), anchor: (x: Double, y: Double), shift: Double
    let origin = d.boxPosition ?? .zero
    if let box = d.boxSize {
      let cap = capHeight(face: face, em: em)
      frame = (box.x, box.y + ascent - cap + descent)
      anchor = (0, ascent - cap)
      shift = 0
    } else {
      let padding = d.size * 0.2
      let widest = lines.map(\.width).max() ?? 0
      let exact = widest + 2 * padding
      // Apple's renders put the anchor at the unrounded width's middle or end, as here.
      frame = (exact, (natural + Double(max(lines.count - 1, 0)) * pitch).rounded(.up))
      switch d.justification {
      case .left: (anchor, shift) = ((padding, ascent), padding)
      case .right: (anchor, shift) = ((exact - padding, ascent), -padding)
      case .center: (anchor, shift) = ((exact / 2, ascent), 0)
      }
    }
    let bounds = (width: frame.width + grow, height: frame.height + grow)
    let left = frame.width > 0 ? -anchor.x / frame.width * bounds.width : 0
    let top = frame.height > 0 ? -anchor.y / frame.height * bounds.height : 0
    var out = StrataPath.Path()
    for (k, line) in lines.enumerated() {
      let baseline = top + ascent + Double(k) * pitch
      // Core Text sets only the lines whose box fits the frame.
      if d.boxSize != nil, baseline + descent > top + bounds.height + 1e-9 { break }
      let x: Double =
        switch d.justification {
        case .left: 0
        case .right: bounds.width - line.width
        case .center: (bounds.width - line.width) / 2
        }
      guard !line.path.isEmpty else { continue }
      out.addPath(line.path.applying(PathTransform(translationX: origin.x + left + shift + x, y: origin.y + baseline)))
    }
    return out
  }

  /// Where box text wraps: the box's width (grown as its bounds are).
  private var wrapWidth: Double? { document.boxSize.map { $0.x + (fillAndStroke ? document.strokeWidth : 0) } }

  /// Capital letters' height: an "H" of `chars` when it has one, else the font's.
  private func capHeight(face: FontFace?, em: Double) -> Double {
    if case .chars(let g, _) = glyphs, let h = g["H"], let top = h.outline.controlPointBounds?.minY, top < 0 {
      return -top * document.size / 100
    }
    if let face { return face.metrics.capHeight * em }
    return document.size * 0.7
  }

  /// The lines StrataText sets: shaped with HarfBuzz (fallback fonts for characters the
  /// face lacks), in visual order, wrapped at the box's width.
  private func fontLines(_ face: FontFace) -> [Line] {
    let d = document
    let text = String(d.text.map { $0 == "\u{3}" ? "\r" : $0 })
    let style = TextStyle(face: face, size: d.size, kerning: d.trackingPoints)
    let input = TextLayoutInput(
      spans: [TextSpan(text, style: style)], width: wrapWidth ?? .infinity, height: .infinity, alignment: .left,
      isWrapped: wrapWidth != nil)
    let layout = TextLayout(input)
    return layout.lines.map { line in
      var out = Line(width: line.width)
      for g in layout.glyphs[line.glyphs] {
        let outline = g.face.outline(g.id)
        guard !outline.isEmpty else { continue }
        let k = g.size / g.face.unitsPerEm
        out.path.addPath(outline.applying(PathTransform(a: k, b: 0, c: 0, d: -k, tx: g.x - line.x, ty: g.y - line.baseline)))
      }
      return out
    }
  }

  /// The lines of `chars`' glyphs: each character advances by its `w` plus the tracking;
  /// box text breaks after spaces, and inside a word only where the word alone is wider
  /// than the box.
  private func charLines(_ glyphs: [Character: TextAssets.Glyph]) -> [Line] {
    let d = document
    let scale = d.size / 100
    var paragraphs: [[Character]] = [[]]
    for c in d.text {
      if TextAssets.isLineBreak(c) { paragraphs.append([]) } else { paragraphs[paragraphs.count - 1].append(c) }
    }
    var lines: [Line] = []
    for p in paragraphs {
      let advance = p.map { (glyphs[$0]?.advance ?? 0) * scale + d.trackingPoints }
      for range in Self.wrap(p, advance, width: wrapWidth) {
        var line = Line()
        var pen = 0.0
        for i in range {
          if let g = glyphs[p[i]], !g.outline.isEmpty {
            line.path.addPath(g.outline.applying(PathTransform(a: scale, b: 0, c: 0, d: scale, tx: pen, ty: 0)))
          }
          pen += advance[i]
        }
        var end = range.upperBound
        while end > range.lowerBound, p[end - 1].isWhitespace { end -= 1 }
        line.width = advance[range.lowerBound..<end].reduce(0, +)
        lines.append(line)
      }
    }
    return lines
  }

  /// Greedy lines of `p` no wider than `width` (trailing spaces hang): each ends after the
  /// last space that keeps it within the width, or, when even its first word is wider,
  /// after the last character that fits (one at least). Without a width, one line.
  static func wrap(_ p: [Character], _ advance: [Double], width: Double?) -> [Range<Int>] {
    guard let width, !p.isEmpty else { return [0..<p.count] }
    var out: [Range<Int>] = []
    var start = 0
    while start < p.count {
      var end = start
      var lastBreak: Int? = nil
      var w = 0.0, visible = 0.0
      while end < p.count {
        w += advance[end]
        if !p[end].isWhitespace { visible = w }
        if visible > width + 1e-9, end > start { break }
        end += 1
        if end < p.count, p[end - 1].isWhitespace, !p[end].isWhitespace { lastBreak = end }
      }
      if end < p.count, let b = lastBreak { end = b }
      out.append(start..<end)
      start = end
    }
    return out
  }
}

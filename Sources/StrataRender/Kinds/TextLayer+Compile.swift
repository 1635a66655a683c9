import Strata
import StrataText

/// `TextLayer`'s compile step: the text laid out in points (`TextLayoutCache`), then one
/// coverage mask of device pixels per colour (`TextMaskCache`), each tinted with its colour,
/// above the layer's contents and below its sublayers, clipped to the bounds.
///
/// Fonts are found by name or file (`FontLibrary`); a font that cannot be found falls back
/// to the layer's font, then to Helvetica, and text with none draws nothing (scene files
/// report a missing font when they load).
extension TextLayer.Snapshot: LayerKindCompiling {
  public func compile(into context: inout LayerKindContext) {
    guard let input = layoutInput(width: context.bounds.width, height: context.bounds.height) else { return }
    let layout = TextLayoutCache.shared.layout(input)
    guard !layout.glyphs.isEmpty || !layout.underlines.isEmpty else { return }
    // One mask per colour: the runs (tags) of equal colour together, in run order.
    let runs = string?.runs ?? []
    var groups: [(color: Color, tags: [Int])] = []
    for (tag, run) in runs.enumerated() {
      guard let c = run.foregroundColor ?? foregroundColor, c.alpha > 0 else { continue }
      if let i = groups.firstIndex(where: { $0.color == c }) { groups[i].tags.append(tag) } else { groups.append((c, [tag])) }
    }
    for g in groups {
      guard
        let mask = TextMaskCache.shared.mask(
          layout, input: input, tags: g.tags, map: context.map, bounds: context.bounds, clip: context.clipBounds)
      else { continue }
      context.fill(mask, color: g.color.premultiplied, part: "text")
    }
  }

  /// What the layout depends on, fonts opened; nil when there is nothing to draw.
  public func layoutInput(width: Double, height: Double) -> TextLayoutInput? {
    guard let string, width > 0, height > 0, fontSize.isFinite else { return nil }
    let library = FontLibrary.shared
    func face(_ f: TextFont) -> FontFace? {
      switch f {
      case .named(let n): try? library.face(named: n)
      case .file(let p): try? library.face(file: p)
      }
    }
    guard let layerFace = face(font) ?? face(.helvetica) else { return nil }
    var spans: [TextSpan] = []
    for (tag, run) in string.runs.enumerated() {
      let f = run.font.flatMap(face) ?? layerFace
      let size = max(run.fontSize ?? fontSize, 0)
      spans.append(TextSpan(run.text, style: TextStyle(face: f, size: size, kerning: run.kerning, underline: run.underline), tag: tag))
    }
    let alignment: TextAlignment =
      switch alignmentMode {
      case .natural: .natural
      case .left: .left
      case .right: .right
      case .center: .center
      case .justified: .justified
      }
    let truncation: TextTruncation =
      switch truncationMode {
      case .none: .none
      case .start: .start
      case .middle: .middle
      case .end: .end
      }
    return TextLayoutInput(spans: spans, width: width, height: height, alignment: alignment, isWrapped: isWrapped, truncation: truncation)
  }
}

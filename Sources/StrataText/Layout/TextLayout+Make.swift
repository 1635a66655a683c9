extension TextLayout {
  /// Sets `input`'s text in lines (see `TextLayout`): shaped per paragraph, wrapped when
  /// asked, cut where it no longer fits when truncating, then aligned and placed.
  ///
  /// Lines that fit are kept; with truncation the last line that fits the height (the
  /// first line at least) ends with "…" when text is left over, and the lines after it
  /// are dropped; without, they are laid out below and clipped by the caller. Lines wider
  /// than the bounds are truncated too (the only truncation when not wrapped and the text
  /// fits the height).
  public init(_ input: TextLayoutInput, library: FontLibrary = .shared) {
    self.init()
    let spans = input.spans
    guard !spans.isEmpty else { return }
    var paragraphs: [ShapedParagraph] = []
    var pending: [PendingLine] = []
    for (k, p) in Self.paragraphs(of: spans).enumerated() {
      let shaped = ShapedParagraph(
        text: p.text, span: p.span, origin: p.origin, spans: spans, rightToLeft: nil, library: library)
      paragraphs.append(shaped)
      let ranges = Self.lineRanges(shaped, width: input.width, wrapped: input.isWrapped)
      for (j, r) in ranges.enumerated() {
        pending.append(PendingLine(paragraph: k, range: r, endsParagraph: j == ranges.count - 1))
      }
    }
    // An empty string draws nothing, as an empty paragraph at the end of a text does not.
    if spans.allSatisfy({ $0.text.isEmpty }) { return }
    var top = 0.0
    for (k, line) in pending.enumerated() {
      var p = paragraphs[line.paragraph]
      var range = line.range
      var truncated = false
      let (a, d, l) = Self.metrics(p, range, spans: spans, fallback: 0)
      let fitsBelow = k + 1 < pending.count && {
        let next = pending[k + 1]
        let (na, nd, _) = Self.metrics(paragraphs[next.paragraph], next.range, spans: spans, fallback: 0)
        return top + a + d + l + na + nd <= input.height + 1e-9
      }()
      if input.truncation != .none {
        let last = k + 1 < pending.count && !fitsBelow
        if last || p.width(range) > input.width + 1e-9 {
          let rest = last ? Self.rest(after: k, pending, paragraphs) : nil
          if let t = Self.truncate(p, range, rest: rest, mode: input.truncation, width: input.width, spans: spans, library: library) {
            p = t
            range = 0..<t.text.count
            truncated = true
          }
        }
      }
      let (ta, td, tl) = truncated ? Self.metrics(p, range, spans: spans, fallback: 0) : (a, d, l)
      place(
        p, range, top: top, ascent: ta, descent: td, leading: tl, width: input.width, alignment: input.alignment,
        justify: input.alignment == .justified && !line.endsParagraph && !truncated, truncated: truncated, spans: spans)
      top += ta + td + tl
      if input.truncation != .none && k + 1 < pending.count && !fitsBelow { break }
      // Lines wholly below the bounds are clipped away: not set.
      if input.truncation == .none && top >= input.height { break }
    }
  }

  /// The text after line `k` to its paragraph's end and through the paragraphs after it,
  /// each separator as a space: what a start or middle truncation of the last visible line
  /// shows the end of.
  static func rest(after k: Int, _ pending: [PendingLine], _ paragraphs: [ShapedParagraph]) -> (text: [UInt32], span: [Int], origin: [Int]) {
    let line = pending[k]
    var text: [UInt32] = [], span: [Int] = [], origin: [Int] = []
    for q in line.paragraph..<paragraphs.count {
      let p = paragraphs[q]
      let from = q == line.paragraph ? line.range.upperBound : 0
      if q > line.paragraph, let s = p.span.first ?? span.last {
        text.append(0x20)
        span.append(s)
        origin.append(-1)
      }
      text += p.text[from...]
      span += p.span[from...]
      origin += p.origin[from...]
    }
    return (text, span, origin)
  }
}

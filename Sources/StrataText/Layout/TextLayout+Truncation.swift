extension TextLayout {
  /// The ellipsis truncation puts where it cuts (U+2026).
  static let ellipsis: UInt32 = 0x2026

  /// `p[range]` truncated to `width` with "…" (`rest`: the text after the line, when the
  /// line is the last that fits and text is left over), as a paragraph of its own, shaped
  /// anew in the paragraph's direction; nil when nothing needs cutting.
  ///
  /// Clusters are kept greedily in logical order: `end` keeps the line's start, `start`
  /// the text's end, `middle` the line's start up to half the width and the text's end in
  /// the rest; spaces next to the ellipsis go. The ellipsis takes the style of the text it
  /// replaces the end (or, for `start`, the start) of. When even the ellipsis does not fit,
  /// the line is the ellipsis alone (clipped).
  static func truncate(
    _ p: ShapedParagraph, _ range: Range<Int>, rest: (text: [UInt32], span: [Int], origin: [Int])?, mode: TextTruncation,
    width: Double, spans: [TextSpan], library: FontLibrary
  ) -> ShapedParagraph? {
    guard mode != .none, !range.isEmpty || rest != nil else { return nil }
    // What may be shown: the line, and for start and middle the text after it too.
    var text = Array(p.text[range]), span = Array(p.span[range]), origin = Array(p.origin[range])
    if let rest, mode != .end {
      text += rest.text
      span += rest.span
      origin += rest.origin
    }
    guard !text.isEmpty else { return nil }
    let whole = ShapedParagraph(text: text, span: span, origin: origin, spans: spans, rightToLeft: p.rightToLeft, library: library)
    if rest == nil, whole.width(0..<text.count) <= width + 1e-9 { return nil }
    let clusters = (0..<text.count).filter { whole.clusterStart[$0] } + [text.count]
    var (head, tail) = (0, clusters.count - 1)  // head: clusters kept from the start; tail: index of the first kept from the end
    func w(_ a: Int, _ b: Int) -> Double { (clusters[a]..<clusters[b]).reduce(0) { $0 + whole.advance[$1] } }
    let ellipsisSpan: (Int, Int) -> Int = { h, t in
      mode == .start ? (t < clusters.count - 1 ? span[clusters[t]] : span.last!) : (h > 0 ? span[clusters[h] - 1] : span[0])
    }
    func choose(_ e: Double) {
      let budget = width - e
      head = 0
      tail = clusters.count - 1
      switch mode {
      case .end:
        while head < clusters.count - 1, w(0, head + 1) <= budget + 1e-9 { head += 1 }
      case .start:
        while tail > 0, w(tail - 1, clusters.count - 1) <= budget + 1e-9 { tail -= 1 }
      case .middle, .none:
        while head < clusters.count - 1, w(0, head + 1) <= budget / 2 + 1e-9 { head += 1 }
        while tail > head, w(0, head) + w(tail - 1, clusters.count - 1) <= budget + 1e-9 { tail -= 1 }
      }
    }
    // The ellipsis's style depends on where the cut falls: choose, then again with it.
    choose(Self.ellipsisWidth(spans[ellipsisSpan(head, tail)].style, library: library))
    choose(Self.ellipsisWidth(spans[ellipsisSpan(head, tail)].style, library: library))
    while true {
      let made = make(head, tail)
      if made.width(0..<made.text.count) <= width + 1e-9 { return made }
      // Shaped anew (kerning next to the ellipsis) it came out wider: cut one more cluster.
      if mode == .start, tail < clusters.count - 1 {
        tail += 1
      } else if head > 0 {
        head -= 1
      } else if tail < clusters.count - 1 {
        tail += 1
      } else {
        return made  // the ellipsis alone
      }
    }

    func make(_ h: Int, _ t: Int) -> ShapedParagraph {
      var a = clusters[h], b = clusters[t]
      while a > 0, LineBreaks.isSpace(text[a - 1]) { a -= 1 }
      while b < text.count, LineBreaks.isSpace(text[b]) { b += 1 }
      let s = ellipsisSpan(h, t)
      let nt = Array(text[0..<a]) + [Self.ellipsis] + Array(text[b...])
      let ns = Array(span[0..<a]) + [s] + Array(span[b...])
      let no = Array(origin[0..<a]) + [-1] + Array(origin[b...])
      return ShapedParagraph(text: nt, span: ns, origin: no, spans: spans, rightToLeft: p.rightToLeft, library: library)
    }
  }

  /// The advance of "…" in `style` (its face's, or a fallback's).
  static func ellipsisWidth(_ style: TextStyle, library: FontLibrary) -> Double {
    let span = TextSpan("\u{2026}", style: style)
    let p = ShapedParagraph(text: [ellipsis], span: [0], origin: [-1], spans: [span], rightToLeft: false, library: library)
    return p.advance.reduce(0, +)
  }
}

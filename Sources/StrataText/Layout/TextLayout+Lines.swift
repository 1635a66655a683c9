extension TextLayout {
  /// One line before placement: a range of a paragraph's characters, or a paragraph of its
  /// own (a truncated line, made anew with its ellipsis).
  struct PendingLine {
    var paragraph: Int
    var range: Range<Int>
    /// Whether it ends its paragraph (the last line is not justified).
    var endsParagraph: Bool
  }

  /// The layout's text as code points with their spans and indices, tabs as spaces and
  /// other controls as word joiners (drawn as nothing), cut into paragraphs at `\n`,
  /// `\r`, `\r\n`, U+2028 and U+2029 (each separator leaves its paragraph).
  static func paragraphs(of spans: [TextSpan]) -> [(text: [UInt32], span: [Int], origin: [Int])] {
    var out: [(text: [UInt32], span: [Int], origin: [Int])] = []
    var text: [UInt32] = [], span: [Int] = [], origin: [Int] = []
    var index = 0
    var previousCR = false
    for (s, sp) in spans.enumerated() {
      for u in sp.text.unicodeScalars {
        defer { index += 1 }
        let c = u.value
        if c == 0x0A && previousCR {
          previousCR = false
          continue
        }
        previousCR = c == 0x0D
        if c == 0x0A || c == 0x0D || c == 0x2028 || c == 0x2029 {
          out.append((text, span, origin))
          text = []
          span = []
          origin = []
          continue
        }
        text.append(c == 0x09 ? 0x20 : c < 0x20 || c == 0x7F ? 0x2060 : c)
        span.append(s)
        origin.append(index)
      }
    }
    out.append((text, span, origin))
    return out
  }

  /// The lines of `p`: the whole paragraph when not wrapped; otherwise greedy, each line
  /// ending at the last break opportunity that fits `width` (trailing spaces hang), and a
  /// word longer than the width broken between clusters (at least one per line).
  ///
  /// - Complexity: O(n × opportunities per line).
  static func lineRanges(_ p: ShapedParagraph, width: Double, wrapped: Bool) -> [Range<Int>] {
    let n = p.text.count
    guard wrapped, n > 0 else { return [0..<n] }
    let breaks = LineBreaks.opportunities(p.text)
    let limit = width + 1e-9
    var out: [Range<Int>] = []
    var start = 0
    while start < n {
      var end: Int? = nil
      var w = 0.0  // advance of start..<i
      var i = start
      var spaces = 0.0  // trailing space advance within start..<i
      while i < n {
        let next = p.nextCluster(after: i)
        for k in i..<next {
          w += p.advance[k]
          spaces = LineBreaks.isSpace(p.text[k]) ? spaces + p.advance[k] : 0
        }
        i = next
        guard breaks[i] || i == n else { continue }
        if w - spaces <= limit { end = i } else { break }
      }
      if end == nil {
        // No opportunity fits: break between clusters, at least one.
        var e = p.nextCluster(after: start)
        while e < n, p.width(start..<p.nextCluster(after: e)) <= limit { e = p.nextCluster(after: e) }
        end = e
      }
      out.append(start..<end!)
      start = end!
    }
    return out
  }

  /// The line's ascent, descent and leading: the largest of its characters' fonts at their
  /// sizes (an empty line takes its paragraph's first style, or `fallback`).
  static func metrics(_ p: ShapedParagraph, _ range: Range<Int>, spans: [TextSpan], fallback: Int) -> (Double, Double, Double) {
    var a = 0.0, d = 0.0, l = 0.0
    var any = false
    for i in range {
      let m = p.faces[i].metrics, s = spans[p.span[i]].style.size / p.faces[i].unitsPerEm
      a = max(a, m.ascender * s)
      d = max(d, m.descender * s)
      l = max(l, m.lineGap * s)
      any = true
    }
    if !any {
      let st = spans[p.span.first ?? fallback].style
      let m = st.face.metrics, s = st.size / st.face.unitsPerEm
      (a, d, l) = (m.ascender * s, m.descender * s, m.lineGap * s)
    }
    return (a, d, l)
  }
}

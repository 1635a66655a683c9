extension TextLayout {
  /// Places `p[range]` as the line at `top`: its runs in visual order (UAX #9's rule L2,
  /// run by run: HarfBuzz gives a right-to-left run's glyphs in visual order already),
  /// trailing spaces left out, aligned in `width` (natural follows the paragraph's
  /// direction), justified by widening its spaces (or, without spaces, the gaps between
  /// its clusters) when asked; then its underlines.
  mutating func place(
    _ p: ShapedParagraph, _ range: Range<Int>, top: Double, ascent: Double, descent: Double, leading: Double,
    width: Double, alignment: TextAlignment, justify: Bool, truncated: Bool, spans: [TextSpan]
  ) {
    let end = p.trimmedEnd(range)
    let visible = range.lowerBound..<end
    // The runs' pieces on this line, in logical order.
    var pieces: [(run: Int, glyphs: [ShapedGlyph])] = []
    for (r, run) in p.runs.enumerated() where run.range.overlaps(visible) {
      let g = run.glyphs.filter { visible.contains($0.cluster) }
      if !g.isEmpty { pieces.append((r, g)) }
    }
    let order = Self.visualOrder(pieces.map { p.runs[$0.run].level })
    let natural = p.width(visible)
    var extra = 0.0, spaces = 0, gaps = 0
    if justify, natural < width {
      spaces = visible.filter { p.clusterStart[$0] && Self.isJustifiable(p.text[$0]) }.count
      gaps = spaces > 0 ? 0 : max(visible.filter { p.clusterStart[$0] }.count - 1, 0)
      if spaces + gaps > 0 { extra = (width - natural) / Double(spaces + gaps) }
    }
    let lineWidth = extra > 0 ? width : natural
    let x0: Double =
      switch alignment {
      case .left: 0
      case .right: width - lineWidth
      case .center: (width - lineWidth) / 2
      case .natural, .justified: p.rightToLeft ? width - lineWidth : 0
      }
    let baseline = top + ascent
    let first = glyphs.count
    var pen = x0
    var underline: (x: Double, tag: Int, style: TextStyle, face: FontFace)? = nil
    func closeUnderline(at x: Double) {
      guard let u = underline else { return }
      let s = u.style.size / u.face.unitsPerEm
      let m = u.face.metrics
      underlines.append(
        Underline(x: u.x, y: baseline - m.underlinePosition * s, width: x - u.x, height: m.underlineThickness * s, tag: u.tag))
      underline = nil
    }
    // The last logical cluster of the line gets no gap when gaps are widened.
    let lastCluster = visible.last { p.clusterStart[$0] } ?? -1
    for i in order {
      let run = p.runs[pieces[i].run]
      let style = spans[run.span].style
      let s = style.size / run.face.unitsPerEm
      let tag = spans[run.span].tag
      if style.underline {
        if let u = underline, u.tag != tag || u.face != run.face || u.style.size != style.size { closeUnderline(at: pen) }
        if underline == nil { underline = (pen, tag, style, run.face) }
      } else {
        closeUnderline(at: pen)
      }
      var seen = Set<Int>()
      for g in pieces[i].glyphs {
        glyphs.append(
          Glyph(
            face: run.face, id: g.glyph, size: style.size, x: pen + Double(g.xOffset) * s,
            y: baseline - Double(g.yOffset) * s, tag: tag, cluster: p.origin[g.cluster]))
        pen += Double(g.xAdvance) * s
        if seen.insert(g.cluster).inserted {
          pen += style.kerning ?? 0
          if spaces > 0, Self.isJustifiable(p.text[g.cluster]) { pen += extra }
          if gaps > 0, g.cluster != lastCluster { pen += extra }
        }
      }
    }
    closeUnderline(at: pen)
    lines.append(
      Line(
        top: top, baseline: baseline, ascent: ascent, descent: descent, leading: leading, x: x0, width: pen - x0,
        glyphs: first..<glyphs.count, isRightToLeft: p.rightToLeft, isTruncated: truncated))
  }

  /// Spaces that justification widens.
  static func isJustifiable(_ c: UInt32) -> Bool { c == 0x20 || c == 0xA0 || c == 0x3000 }

  /// The visual order of runs of `levels` (UAX #9, L2): from the highest level down to the
  /// lowest odd one, every maximal sequence of runs at that level or above is reversed.
  static func visualOrder(_ levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let high = levels.max(), let low = levels.min() else { return order }
    let lowestOdd = low | 1
    guard high >= lowestOdd else { return order }
    for level in stride(from: high, through: lowestOdd, by: -1) {
      var i = 0
      while i < order.count {
        guard levels[order[i]] >= level else {
          i += 1
          continue
        }
        var j = i
        while j < order.count, levels[order[j]] >= level { j += 1 }
        order[i..<j].reverse()
        i = j
      }
    }
    return order
  }
}

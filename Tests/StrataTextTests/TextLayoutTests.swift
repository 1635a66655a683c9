import Testing

@testable import StrataText

@Suite struct TextLayoutTests {
  /// The characters each line holds, in logical order (glyph clusters), as a string.
  static func lineTexts(_ layout: TextLayout, _ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    return layout.lines.map { line in
      var seen = Set<Int>(), out = String.UnicodeScalarView()
      for g in layout.glyphs[line.glyphs] where g.cluster < 0 || seen.insert(g.cluster).inserted {
        out.append(g.cluster < 0 ? "…" : scalars[g.cluster])
      }
      return String(out)
    }
  }

  @Test func wrapsAtSpacesWithTrailingSpacesHanging() {
    let text = "one two three four"
    let ref = HarfBuzzReference(path: TestFonts.sansPath, size: 20)
    let width = ref.advance("one two") + 1
    let layout = TestFonts.layout(text, size: 20, width: width, wrapped: true)
    #expect(Self.lineTexts(layout, text) == ["one two", "three", "four"])
    #expect(layout.lines.count == 3)
    for l in layout.lines { #expect(l.width <= width + 1e-9) }
    #expect(abs(layout.lines[0].width - ref.advance("one two")) < 0.1)
  }

  @Test func wrapsAfterHyphensAndBetweenIdeographs() {
    #expect(LineBreaks.opportunities(Array("well-known".unicodeScalars.map(\.value))) == [false, false, false, false, false, true, false, false, false, false, true])
    // No break before "-5" or inside a number.
    #expect(!LineBreaks.opportunities(Array("a -5".unicodeScalars.map(\.value)))[3])
    // Between ideographs, but never before closing punctuation or after opening punctuation.
    let cjk = Array("漢字。「かな」".unicodeScalars.map(\.value))
    #expect(LineBreaks.opportunities(cjk) == [false, true, false, true, false, true, false, true])
    // Not before a combining mark, not around a no-break space.
    #expect(LineBreaks.opportunities(Array("e\u{301} a\u{A0}b".unicodeScalars.map(\.value))) == [false, false, false, true, false, false, true])
  }

  @Test func aWordLongerThanTheLineBreaksBetweenCharacters() {
    let layout = TestFonts.layout("abcdefghij", size: 20, width: 45, wrapped: true)
    #expect(layout.lines.count > 1)
    for l in layout.lines { #expect(l.width <= 45 + 1e-9) }
    #expect(layout.glyphs.count == 10)
  }

  @Test func newlinesStartLinesAndUnwrappedLinesDoNotWrap() {
    let layout = TestFonts.layout("a long line that is wider than the bounds\nb\r\nc", size: 20, width: 50)
    #expect(layout.lines.count == 3)
    #expect(layout.lines[0].width > 50)
  }

  @Test(arguments: TextAlignment.allCases)
  func alignment(_ mode: TextAlignment) {
    let layout = TestFonts.layout("short\nthe longer one here", size: 20, width: 400, alignment: mode)
    let l = layout.lines[0]
    switch mode {
    case .left, .natural, .justified: #expect(l.x == 0)  // justified: the last line of a paragraph is not
    case .right: #expect(abs(l.x + l.width - 400) < 1e-9)
    case .center: #expect(abs(l.x + l.width / 2 - 200) < 1e-9)
    }
  }

  @Test func justifiedLinesFillTheWidthExceptEachParagraphsLast() {
    let text = "The quick brown fox jumps over the lazy dog and keeps running far away\nEnd"
    let layout = TestFonts.layout(text, size: 16, width: 150, alignment: .justified, wrapped: true)
    #expect(layout.lines.count >= 4)
    for l in layout.lines.dropLast(2) { #expect(abs(l.x) < 1e-9 && abs(l.width - 150) < 1e-6, "\(l.width)") }
    #expect(layout.lines[layout.lines.count - 2].width < 150 - 1)  // the paragraph's last line
    #expect(layout.lines.last!.width < 150 - 1)
  }

  @Test func rightToLeftRunsAreInVisualOrder() {
    let hebrew = "שלום"
    let layout = TestFonts.layout(hebrew, size: 20, width: 300)
    // Right to left: the first character is rightmost.
    let xs = layout.glyphs.map(\.x), clusters = layout.glyphs.map(\.cluster)
    #expect(xs == xs.sorted())
    #expect(clusters == [3, 2, 1, 0])
    #expect(layout.lines[0].isRightToLeft)
    // Natural alignment of a right-to-left paragraph is to the right.
    #expect(abs(layout.lines[0].x + layout.lines[0].width - 300) < 1e-9)

    let mixed = "abc שלום def"
    let m = TestFonts.layout(mixed, size: 20, width: 300)
    #expect(!m.lines[0].isRightToLeft)
    #expect(m.glyphs.map(\.cluster) == [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11])
    #expect(m.glyphs.map(\.x) == m.glyphs.map(\.x).sorted())
  }

  @Test func arabicJoinsAndReadsRightToLeft() {
    let text = "مرحبا"
    let layout = TestFonts.layout(text, size: 20)
    let ref = HarfBuzzReference(path: TestFonts.sansPath, size: 20).shape(text, rightToLeft: true)
    #expect(layout.glyphs.map(\.id) == ref.map(\.glyph))  // joining forms, as HarfBuzz shapes them
    #expect(layout.glyphs.map(\.cluster) == [4, 3, 2, 1, 0])
    // The joining forms are not the isolated letters.
    let isolated = text.unicodeScalars.map { TestFonts.sans.glyph(for: $0)! }
    #expect(Set(layout.glyphs.map(\.id)) != Set(isolated))
  }

  @Test func combiningMarksSitOnTheirBase() {
    let layout = TestFonts.layout("x\u{323}q\u{301}", size: 40)
    #expect(layout.glyphs.count == 4)
    let ref = HarfBuzzReference(path: TestFonts.sansPath, size: 40).shape("x\u{323}")
    let base = layout.glyphs[0], mark = layout.glyphs[1]
    #expect(base.cluster == 0 && mark.cluster == 0)
    #expect(mark.x >= base.x && mark.x < base.x + ref[0].advance)
    // One cluster per base: the q starts after the x's advance only.
    #expect(abs(layout.glyphs[2].x - ref[0].advance) < 1.0 / 32)
  }

  @Test func ligaturesMakeOneGlyph() {
    let layout = TestFonts.layout("office", size: 30)
    let ref = HarfBuzzReference(path: TestFonts.sansPath, size: 30).shape("office")
    #expect(layout.glyphs.count == ref.count)
    #expect(layout.glyphs.count == 4)  // o, ffi, c, e
  }

  @Test func truncationModes() {
    let text = "The quick brown fox jumps"
    let width = 120.0
    let ellipsis = TestFonts.sans.glyph(for: "…")!
    for mode in [TextTruncation.end, .start, .middle] {
      let layout = TestFonts.layout(text, size: 20, width: width, truncation: mode)
      let line = try! #require(layout.lines.first)
      #expect(line.isTruncated)
      #expect(line.width <= width + 1e-9)
      let ids = layout.glyphs.map(\.id)
      let at = try! #require(ids.firstIndex(of: ellipsis), "\(mode): no ellipsis")
      let texts = Self.lineTexts(layout, text)[0]
      switch mode {
      case .end:
        #expect(at == ids.count - 1)
        #expect(texts.hasPrefix("The quick") && texts.hasSuffix("…"))
      case .start:
        #expect(at == 0)
        #expect(texts.hasPrefix("…") && text.hasSuffix(texts.dropFirst()) && texts.count > 5, "\(texts)")
      default:
        #expect(at > 0 && at < ids.count - 1)
        let parts = texts.split(separator: "…")
        #expect(parts.count == 2 && text.hasPrefix(parts[0]) && text.hasSuffix(parts[1]), "\(texts)")
      }
    }
    // Text that fits is not truncated.
    #expect(!TestFonts.layout("fits", size: 20, width: width, truncation: .end).lines[0].isTruncated)
  }

  @Test func wrappedTruncationCutsTheLastLineThatFits() {
    let text = "one two three four five six seven eight nine ten"
    let e = HarfBuzzReference(path: TestFonts.sansPath, size: 20).extents
    let lineHeight = e.ascender + e.descender + e.lineGap
    // Room for two lines and a half.
    let layout = TestFonts.layout(text, size: 20, width: 110, height: lineHeight * 2.5, wrapped: true, truncation: .end)
    #expect(layout.lines.count == 2)
    #expect(!layout.lines[0].isTruncated && layout.lines[1].isTruncated)
    #expect(layout.glyphs.last!.cluster == -1)
    // Start truncation shows the text's end on that line.
    let start = TestFonts.layout(text, size: 20, width: 110, height: lineHeight * 2.5, wrapped: true, truncation: .start)
    #expect(Self.lineTexts(start, text)[1].hasSuffix("ten"))
    // Without truncation the lines go on below, clipped by the caller.
    let none = TestFonts.layout(text, size: 20, width: 110, height: lineHeight * 2.5, wrapped: true)
    #expect(none.lines.count == 3)
  }

  @Test func underlinesFollowTheirRuns() {
    let face = TestFonts.sans
    let spans = [
      TextSpan("plain ", style: TextStyle(face: face, size: 20), tag: 0),
      TextSpan("under", style: TextStyle(face: face, size: 20, underline: true), tag: 1),
    ]
    let layout = TextLayout(TextLayoutInput(spans: spans, width: 500, height: 100))
    #expect(layout.underlines.count == 1)
    let u = layout.underlines[0]
    let ref = HarfBuzzReference(path: TestFonts.sansPath, size: 20)
    #expect(abs(u.x - ref.advance("plain ")) < 0.05)
    #expect(abs(u.width - ref.advance("under")) < 0.05)
    #expect(u.tag == 1)
    // Its top below the baseline by the post table's position (the subset's: -40 units, 90
    // thick, of 2048; FreeType puts the stroke's centre at -85).
    #expect(abs(u.y - (layout.lines[0].baseline + 40 * 20 / 2048.0)) < 1e-9)
    #expect(abs(u.height - 90 * 20 / 2048.0) < 1e-9)
  }

  @Test func emptyTextHasNoLines() {
    #expect(TestFonts.layout("").lines.isEmpty)
    #expect(TestFonts.layout("a\n").lines.count == 2)
  }
}

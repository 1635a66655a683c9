import StrataTestRandom
import Testing

@testable import StrataText

/// Random texts (Latin, Hebrew, Arabic, marks, CJK the font lacks, spaces, hyphens,
/// newlines, controls) in random boxes with every mode: layout never traps, and what it
/// promises holds: truncated lines fit the width, lines stay in order, glyph ranges tile.
@Suite struct TextLayoutRobustnessTests {
  typealias Random = SplitMix64

  static let pieces = [
    "word", "a", "The", "office", "well-known", " ", "  ", "\n", "\r\n", "\t", "שלום", "عالم", "x\u{323}", "\u{301}",
    "漢字", "。", "(", ")", "…", "-", "123", "\u{200B}", "\u{0007}", "AVAV", "e\u{302}\u{301}",
  ]

  @Test func randomLayoutsKeepTheirPromises() {
    var r = Random(state: 0x5EED)
    let face = TestFonts.sans
    for _ in 0..<1000 {
      var text = ""
      for _ in 0..<Int(r.next() % 24) { text += r.pick(Self.pieces) }
      let width = Double(r.next() % 200), height = Double(r.next() % 80)
      let truncation = r.pick(TextTruncation.allCases), alignment = r.pick(TextAlignment.allCases)
      let wrapped = r.next() % 2 == 0
      let spans = [
        TextSpan(text, style: TextStyle(face: face, size: Double(4 + r.next() % 30))),
        TextSpan(r.pick(Self.pieces), style: TextStyle(face: face, size: 9, kerning: r.next() % 2 == 0 ? nil : 1, underline: true), tag: 1),
      ]
      let layout = TextLayout(TextLayoutInput(spans: spans, width: width, height: height, alignment: alignment, isWrapped: wrapped, truncation: truncation))
      var glyph = 0
      var top = -1.0
      for line in layout.lines {
        #expect(line.glyphs.lowerBound == glyph)
        glyph = line.glyphs.upperBound
        #expect(line.top > top)
        top = line.top
        // A truncated line fits, unless it is the ellipsis alone (which may not).
        let alone = line.glyphs.count == 1 && layout.glyphs[line.glyphs.lowerBound].cluster == -1
        if line.isTruncated, !alone { #expect(line.width <= width + 1e-6, "\(text.debugDescription) \(width) \(truncation)") }
        if truncation != .none, wrapped, width > 40 { #expect(line.width <= width + 1e-6, "\(text.debugDescription)") }
      }
      #expect(glyph == layout.glyphs.count)
    }
  }
}

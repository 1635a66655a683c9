import Testing

@testable import StrataText

/// Layout's numbers against HarfBuzz's own, computed in the test at the size (26.6).
@Suite struct TextMetricsTests {
  @Test(arguments: [12.0, 36.0, 50.5])
  func advanceOfAStringEqualsHarfBuzzs(_ size: Double) {
    let text = "Hello, World AVATAR office"
    let layout = TestFonts.layout(text, size: size)
    let reference = HarfBuzzReference(path: TestFonts.sansPath, size: size).advance(text)
    let line = try! #require(layout.lines.first)
    // HarfBuzz rounds each advance to 1/64 point at this scale; layout keeps font units.
    #expect(abs(line.width - reference) <= Double(text.count) / 128 + 1e-9, "\(line.width) vs HarfBuzz \(reference)")
    // The kerned pair and the ligature came through: fewer glyphs than characters.
    #expect(layout.glyphs.count == HarfBuzzReference(path: TestFonts.sansPath, size: size).shape(text).count)
    #expect(layout.glyphs.count < text.count)
  }

  @Test(arguments: [12.0, 36.0])
  func lineHeightIsAscentPlusDescentPlusLineGap(_ size: Double) {
    let layout = TestFonts.layout("first\nsecond\nthird", size: size)
    let e = HarfBuzzReference(path: TestFonts.sansPath, size: size).extents
    #expect(layout.lines.count == 3)
    let height = e.ascender + e.descender + e.lineGap
    for (a, b) in zip(layout.lines, layout.lines.dropFirst()) {
      #expect(abs((b.top - a.top) - height) <= 1.0 / 64, "\(b.top - a.top) vs \(height)")
    }
    // The first line's top is the bounds' top; its baseline is an ascent below.
    #expect(layout.lines[0].top == 0)
    #expect(abs(layout.lines[0].baseline - e.ascender) <= 1.0 / 64)
    // DejaVu Sans: ascender 1901, descender 483, no line gap, of 2048 units per em.
    #expect(abs(height - size * (1901 + 483) / 2048) <= 1.0 / 64)
  }

  @Test func glyphOriginsFollowTheAdvances() {
    let text = "Type"
    let layout = TestFonts.layout(text, size: 40)
    let ref = HarfBuzzReference(path: TestFonts.sansPath, size: 40).shape(text)
    var x = 0.0
    for (g, r) in zip(layout.glyphs, ref) {
      #expect(g.id == r.glyph)
      #expect(abs(g.x - x) <= 4.0 / 64)
      x += r.advance
    }
  }

  @Test func kerningOffAndTrackingAddPerCharacter() {
    let face = TestFonts.sans
    func width(_ kerning: Double?) -> Double {
      let l = TextLayout(
        TextLayoutInput(spans: [TextSpan("AVAV", style: TextStyle(face: face, size: 20, kerning: kerning))], width: 500, height: 100))
      return l.lines[0].width
    }
    let kerned = width(nil), plain = width(0), tracked = width(3)
    #expect(kerned < plain)  // AV kerns in DejaVu Sans
    #expect(abs(tracked - plain - 4 * 3) < 1e-9)
  }
}

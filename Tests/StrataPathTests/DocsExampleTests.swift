import StrataPath
import Testing

/// The example at the top of docs/Paths.md, as written there (DocumentationTests finds it).
@Suite struct DocsExampleTests {
  @Test func theHeartExample() throws {
    // A heart from SVG path data, filled and stroked within 100 × 100 device pixels.
    let heart = try Path(svgPathData: "M50 88 C20 65 5 45 20 28 A15 15 0 0 1 50 28 A15 15 0 0 1 80 28 C95 45 80 65 50 88 Z")
    var rasterizer = Rasterizer()
    let clip = PixelRect(x: 0, y: 0, width: 100, height: 100)
    let fill = rasterizer.fill(heart, rule: .nonZero, clip: clip)
    let outline = rasterizer.stroke(heart, style: StrokeStyle(lineWidth: 4, lineJoin: .round), clip: clip)
    // One byte per pixel at a whole-pixel offset: 255 inside, 0 outside, exact area between.
    let inside = fill[50, 50]

    #expect(inside == 255 && fill[50, 95] == 0)
    #expect(fill.bounds.minY == 13 && fill.bounds.maxY == 88)  // arcs of radius 15 above y = 28
    #expect(outline[50, 88] == 255 && outline[50, 50] == 0)
  }
}

import Strata
import Testing

/// Containment of rectangles, which decides whether a mask's image lies inside its layer
/// (`addTintedMask`).
@Suite struct RectTests {
  @Test func containsARectWithItsEdges() {
    let r = Rect(0, 0, 32, 32)
    #expect(r.contains(Rect(0, 0, 32, 32)))
    #expect(r.contains(Rect(4, 4, 8, 8)))
    #expect(!r.contains(Rect(-4, 0, 24, 16)))
    #expect(!r.contains(Rect(30, 30, 4, 1)))
    // A negative size covers the same area as its standardized form.
    #expect(r.contains(Rect(32, 32, -32, -32)))
    #expect(!r.contains(Rect(0, 0, .nan, 4)))
  }
}

import CFreeType
import Foundation
import Strata
import StrataPath
import StrataText
import Testing

@testable import StrataRender

/// A text layer compiles to one tinted coverage mask per colour; a layer moved by whole
/// device pixels gets the same mask again; glyph bitmaps are reused across layouts; the
/// two routes to coverage (cached glyph bitmaps, one outline path) agree, and with
/// FreeType's own rasteriser.
@Suite struct TextCompileTests {
  static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fonts")
  static let sansPath = fonts.appendingPathComponent("DejaVuSans-Subset.ttf").path
  static var sans: FontFace { try! FontLibrary.shared.face(file: sansPath) }

  static func draws(_ layer: Layer) -> [(part: String, mask: DeviceMask, color: PremultipliedColor)] {
    let root = Layer(frame: Rect(0, 0, 300, 200))
    try! root.addSublayer(layer)
    let list = RenderListCompiler(width: 300, height: 200).compile(root.snapshot())
    return list.commands.compactMap { c in
      guard case .draw(let d) = c, case .mask(let m) = d.shape, case .solid(let color) = d.paint else { return nil }
      return (d.part, m, color)
    }
  }

  static func text(at p: Point, _ s: TextString = "Strata text") -> TextLayer {
    let t = TextLayer(frame: Rect(p.x, p.y, 200, 40))
    t.string = s
    t.font = .file(sansPath)
    t.fontSize = 24
    return t
  }

  @Test func oneMaskPerColourInRunOrder() {
    let red = Color(1, 0, 0)
    let d = Self.draws(Self.text(at: Point(10, 10), .attributed([TextRun("red ", foregroundColor: red), TextRun("white "), TextRun("red", foregroundColor: red)])))
    #expect(d.map(\.part) == ["text", "text"])
    #expect(d.map(\.color) == [red.premultiplied, Color.white.premultiplied])
    #expect(Self.draws(Self.text(at: Point(10, 10), "")).isEmpty)
    let none = Self.text(at: Point(10, 10))
    none.foregroundColor = nil
    #expect(Self.draws(none).isEmpty)
  }

  @Test func aLayerMovedByWholePixelsKeepsItsMask() throws {
    let a = try #require(Self.draws(Self.text(at: Point(20.25, 30.5))).first?.mask)
    let b = try #require(Self.draws(Self.text(at: Point(57.25, 71.5))).first?.mask)
    #expect(b.contentID == a.contentID && b.bytes == a.bytes)
    #expect(b.originX - a.originX == 37 && b.originY - a.originY == 41)
    // The same contentID: the bytes were not made again (a new mask would have a new one).
    // A fractional move is another mask.
    let c = try #require(Self.draws(Self.text(at: Point(20.5, 30.5))).first?.mask)
    #expect(c.contentID != a.contentID)
  }

  static func input(_ s: String, width: Double = 300) -> TextLayoutInput {
    TextLayoutInput(spans: [TextSpan(s, style: TextStyle(face: sans, size: 24))], width: width, height: 40)
  }

  static func translation(_ x: Double, _ y: Double, scale: Double = 1) -> PlaneMap {
    PlaneMap(toDevice: Homography(Transform3D.scale(scale, scale).concatenating(.translation(x, y, 0))))!
  }

  /// The glyph cache: a second mask of the same glyphs at the same quarter-pixel offsets
  /// rasterises no glyph.
  @Test func glyphBitmapsAreReused() throws {
    let glyphs = GlyphBitmapCache()
    let input = Self.input("abcabc")
    let layout = TextLayout(input)
    let bounds = Rect(0, 0, 300, 40), clip = PixelBounds(x0: 0, y0: 0, x1: 400, y1: 200)
    _ = try #require(TextMaskCache(glyphs: glyphs).mask(layout, input: input, tags: [0], map: Self.translation(3, 4), bounds: bounds, clip: clip))
    let first = glyphs.statistics
    #expect(first.misses <= 6 && first.misses >= 3)
    _ = try #require(TextMaskCache(glyphs: glyphs).mask(layout, input: input, tags: [0], map: Self.translation(50, 9), bounds: bounds, clip: clip))
    #expect(glyphs.statistics.misses == first.misses)
    #expect(glyphs.statistics.hits == first.hits + 6)
    // Another size is another bitmap.
    _ = TextMaskCache(glyphs: glyphs).mask(layout, input: input, tags: [0], map: Self.translation(3, 4, scale: 2), bounds: bounds, clip: clip)
    #expect(glyphs.statistics.misses > first.misses)
  }

  /// Upright text composed from glyph bitmaps equals its outlines rasterised as one path
  /// (the route rotated and tilted text takes) where glyphs sit at whole pixels.
  @Test func bothRoutesGiveTheSameCoverage() {
    let cache = TextMaskCache(glyphs: GlyphBitmapCache())
    let layout = TextLayout(Self.input("H"))
    let region = PixelRect(x: 0, y: 0, width: 60, height: 40)
    var composed = [UInt8](repeating: 0, count: 60 * 40), outlined = composed
    // The baseline (an ascent, 1901 of 2048 units per em, below the top) on a pixel edge.
    let ty = 23 - 1901 * 24 / 2048.0
    _ = cache.compose(layout, tags: [0], bounds: Rect(0, 0, 60, 40), scale: 1, tx: 5, ty: ty, region: region, into: &composed)
    cache.outlines(layout, tags: [0], bounds: Rect(0, 0, 60, 40), map: [1, 0, 5, 0, 1, ty, 0, 0, 1], region: region, into: &outlined)
    #expect(composed.contains { $0 > 0 })
    let diff = zip(composed, outlined).map { abs(Int($0) - Int($1)) }.max()!
    #expect(diff <= 1, "largest difference \(diff)")
  }

  /// Text far larger than a glyph bitmap is kept for (`GlyphBitmapCache.largestPixelSize`)
  /// takes the outline route, rasterised only where it shows: a fontSize of 1e9 trapped in
  /// the rasteriser (a glyph bitmap wider than 2^21 pixels), and a 1000-point "H" seen
  /// through the canvas covers the pixels inside the H's stem, wholly.
  @Test func hugeTextIsRasterisedWhereItShows() throws {
    let huge = Self.text(at: Point(10, 10), "H")
    huge.fontSize = 1e9
    _ = Self.draws(huge)  // must not trap; nothing of the glyph reaches the bounds
    let big = Self.text(at: Point(0, 0), "H")
    big.fontSize = 1000
    // A 200 x 400 layer from y = -150 on the 300 x 200 canvas: the H's top (about 200
    // points below the first line's top) and its left stem (about 100 to 200 points from
    // the left) show in the canvas's lower part.
    big.frame = Rect(0, -150, 200, 400)
    let d = try #require(Self.draws(big).first?.mask)
    #expect(d.width <= 200 && d.height <= 200, "\(d.width) x \(d.height)")
    #expect(d.bytes.contains(255))
  }

  /// StrataPath's exact-area coverage of a glyph against FreeType's own rasteriser
  /// (`FT_Render_Glyph`, unhinted, at the same pixel size): both compute the area each
  /// pixel covers, and the ink agrees within 0.2%. Some pixels on curves differ by up to
  /// 12 levels (measured at 40 px: a 9, g 12, S 6, & 11; 2 to 21 pixels of 290 to 400 by
  /// more than 4), ours the larger on convex curves: FreeType subdivides curves into
  /// coarser chords than StrataPath's 0.05 px, and chords cut inside a convex curve.
  /// Flattening ours finer does not bring the two closer (0.005 px: up to 17), coarser
  /// makes it worse (0.2 px: up to 49), as two different chord approximations do.
  @Test(arguments: ["a", "g", "S", "&"])
  func glyphCoverageMatchesFreeTypes(_ character: String) throws {
    let face = Self.sans
    let glyph = try #require(face.glyph(for: character.unicodeScalars.first!))
    let size = 40.0
    let ours = try #require(GlyphBitmapCache.rasterize(face, glyph, pixelSize: size, dx: 0, dy: 0))
    var lib: FT_Library? = nil
    FT_Init_FreeType(&lib)
    defer { FT_Done_FreeType(lib) }
    var ftFace: FT_Face? = nil
    #expect(FT_New_Face(lib, Self.sansPath, 0, &ftFace) == 0)
    defer { FT_Done_Face(ftFace) }
    FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(size * 64), 72, 72)
    #expect(FT_Load_Glyph(ftFace, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0)
    let slot = ftFace!.pointee.glyph!
    #expect(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0)
    let bm = slot.pointee.bitmap
    let left = Int(slot.pointee.bitmap_left), top = -Int(slot.pointee.bitmap_top)
    var worst = 0, over4 = 0, inked = 0, sumOurs = 0, sumTheirs = 0
    for y in min(top, ours.originY)..<max(top + Int(bm.rows), ours.originY + ours.height) {
      for x in min(left, ours.originX)..<max(left + Int(bm.width), ours.originX + ours.width) {
        let i = x - ours.originX, j = y - ours.originY
        let a = i >= 0 && j >= 0 && i < ours.width && j < ours.height ? Int(ours.bytes[j * ours.width + i]) : 0
        let u = x - left, v = y - top
        let b = u >= 0 && v >= 0 && u < Int(bm.width) && v < Int(bm.rows) ? Int(bm.buffer[v * Int(bm.pitch) + u]) : 0
        worst = max(worst, abs(a - b))
        if abs(a - b) > 4 { over4 += 1 }
        if a > 0 || b > 0 { inked += 1 }
        sumOurs += a
        sumTheirs += b
      }
    }
    print("\(character): largest difference from FreeType \(worst), \(over4) of \(inked) pixels over 4, ink \(sumOurs) vs \(sumTheirs)")
    #expect(worst <= 12, "\(character): \(worst)")
    #expect(abs(sumOurs - sumTheirs) * 500 <= sumTheirs, "ink \(sumOurs) vs FreeType's \(sumTheirs)")
  }
}

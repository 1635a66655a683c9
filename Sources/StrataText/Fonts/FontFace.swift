import StrataPath
import StrataSync
import Synchronization

/// A font's vertical metrics in font units (y up), as HarfBuzz reads them.
public struct FontMetrics: Hashable, Sendable {
  /// Above the baseline, positive.
  public var ascender: Double
  /// Below the baseline, positive (the font's negative descender, negated).
  public var descender: Double
  /// The extra space the font asks for between lines.
  public var lineGap: Double
  /// The underline's top, y up (negative: below the baseline), and its thickness.
  public var underlinePosition: Double
  public var underlineThickness: Double
  /// The height of capital letters above the baseline: the font's own figure, else the
  /// top of its "H", else 0.7 em.
  public var capHeight: Double
}

/// One face of a font file, opened: what layout shapes with and what glyph outlines come
/// from. Made (and kept) by `FontLibrary`; compared by identity (`id`), so it can key
/// caches.
///
/// Shaping uses HarfBuzz's OpenType functions in font units; outlines come from FreeType
/// unscaled and unhinted (`FT_LOAD_NO_SCALE`) and are cached per glyph. Both are safe to
/// use from any thread: FreeType's face is used under a lock.
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
  /// A number no other face in the process has.
  public let id: UInt64
  /// The file and the face's index in it.
  public let file: String
  public let index: Int
  public let familyName: String
  public let styleName: String
  public let postScriptName: String
  /// Font units per em: a glyph at size s points has s / unitsPerEm points per unit.
  public let unitsPerEm: Double
  public let metrics: FontMetrics
  /// Whether the font has colour glyphs (emoji); they are drawn from their outlines, if
  /// any, in the text's colour.
  public let hasColorGlyphs: Bool

  let shaper: HarfBuzzFont
  private let freeType: Locked<FreeTypeFace>
  private let outlines = Locked<[UInt32: StrataPath.Path]>([:])

  /// Opens face `index` of the file at `path` (no cache: `FontLibrary.face(file:)` keeps
  /// one face per file).
  init(path: String, index: Int) throws(FontError) {
    let ft = try FreeTypeFace(path: path, index: index)
    let hb = try HarfBuzzFont(path: path, index: index)
    id = Self.counter.wrappingAdd(1, ordering: .relaxed).oldValue
    file = path
    self.index = index
    familyName = ft.familyName
    styleName = ft.styleName
    postScriptName = ft.postScriptName
    hasColorGlyphs = ft.hasColorGlyphs
    unitsPerEm = Double(max(hb.unitsPerEm, 1))
    let e = hb.extents
    let u = hb.underline ?? (position: Int32(-unitsPerEm * 0.1), thickness: Int32(max(unitsPerEm * 0.05, 1)))
    var capHeight = hb.capHeight.map(Double.init)
    if capHeight == nil, let h = hb.nominalGlyph(0x48), let top = ft.outline(glyph: h)?.controlPointBounds?.maxY, top > 0 {
      capHeight = top
    }
    metrics = FontMetrics(
      ascender: Double(e.ascender), descender: Double(-e.descender), lineGap: Double(e.lineGap),
      underlinePosition: Double(u.position), underlineThickness: Double(u.thickness),
      capHeight: capHeight ?? unitsPerEm * 0.7)
    shaper = hb
    freeType = Locked(ft)
  }

  /// The glyph the font has for `scalar`, nil when it has none.
  public func glyph(for scalar: Unicode.Scalar) -> UInt32? { shaper.nominalGlyph(scalar.value) }

  /// The outline of `glyph` in font units, y up (empty for a glyph without one: a space).
  ///
  /// - Complexity: a dictionary lookup after the first call for a glyph.
  public func outline(_ glyph: UInt32) -> StrataPath.Path {
    if let p = outlines.withLock({ $0[glyph] }) { return p }
    let p = freeType.withLock { $0.outline(glyph: glyph) } ?? StrataPath.Path()
    outlines.withLock { $0[glyph] = p }
    return p
  }

  public var description: String { "\(postScriptName.isEmpty ? familyName : postScriptName) (\(file))" }

  public static func == (a: FontFace, b: FontFace) -> Bool { a.id == b.id }
  public func hash(into h: inout Hasher) { h.combine(id) }

  private static let counter = Atomic<UInt64>(1)
}

import StrataPath
import StrataText
import StrataSync

/// Coverage bitmaps of single glyphs at a pixel size and a quarter-pixel offset: what text
/// in a translated and uniformly scaled layer is composed from, so that laying out the same
/// text again (or other text in the same font and size) rasterises nothing.
///
/// A glyph's outline (font units, from FreeType unscaled and unhinted) is scaled to the
/// pixel size, moved by the offset and rasterised by StrataPath's exact-area rasteriser,
/// the one shapes use. Bounded (`LRUCache`, 32 MiB).
public final class GlyphBitmapCache: Sendable {
  /// What a bitmap depends on.
  struct Key: Hashable, Sendable {
    var face: UInt64
    var glyph: UInt32
    /// Device pixels per em.
    var pixelSize: Double
    /// The origin's offset within its pixel, in quarters (0…3).
    var quarterX: UInt8
    var quarterY: UInt8
  }

  /// One glyph's coverage: byte `(x, y)` covers pixel `(originX + x, originY + y)` relative
  /// to the pixel holding the glyph's origin.
  struct Bitmap: Sendable {
    var originX: Int
    var originY: Int
    var width: Int
    var height: Int
    var bytes: [UInt8]
  }

  public static let defaultLimits = CacheLimits(bytes: 32 << 20, count: 65536)
  /// The largest pixels per em kept as bitmaps; larger text is rasterised from its
  /// outlines within the pixels it shows (a glyph bitmap is its whole glyph).
  public static let largestPixelSize = 512.0
  public static let shared = GlyphBitmapCache()

  private let cache: Locked<LRUCache<Key, Bitmap?>>

  public init(limits: CacheLimits = GlyphBitmapCache.defaultLimits) {
    cache = Locked(LRUCache(limits: limits))
  }

  /// Bitmaps reused (hits), made (misses) and dropped for room so far.
  public var statistics: CacheStatistics { cache.withLock { $0.statistics } }

  /// Forgets every bitmap (tests).
  public func removeAll() { cache.withLock { _ = $0.removeAll() } }

  /// The coverage of `glyph` of `face` at `pixelSize` pixels per em, its origin `quarterX`
  /// and `quarterY` quarter pixels right of and below a pixel corner; nil when it covers no
  /// pixel (a space).
  ///
  /// - Complexity: a hash lookup on a hit; rasterising the outline on a miss.
  func bitmap(_ face: FontFace, _ glyph: UInt32, pixelSize: Double, quarterX: Int, quarterY: Int) -> Bitmap? {
    let key = Key(face: face.id, glyph: glyph, pixelSize: pixelSize, quarterX: UInt8(quarterX), quarterY: UInt8(quarterY))
    if let hit = cache.withLock({ $0.value(for: key) }) { return hit }
    let made = Self.rasterize(face, glyph, pixelSize: pixelSize, dx: Double(quarterX) / 4, dy: Double(quarterY) / 4)
    cache.withLock { _ = $0.insert(made, bytes: made.map { $0.bytes.count + 64 } ?? 64, for: key) }
    return made
  }

  static func rasterize(_ face: FontFace, _ glyph: UInt32, pixelSize: Double, dx: Double, dy: Double) -> Bitmap? {
    let outline = face.outline(glyph)
    guard !outline.isEmpty, let box = outline.controlPointBounds else { return nil }
    let k = pixelSize / face.unitsPerEm
    // Font units are y up; pixels y down.
    let t = PathTransform(a: k, b: 0, c: 0, d: -k, tx: dx, ty: dy)
    let x0 = Int(saturating: (box.minX * k + dx).rounded(.down)) - 1, x1 = Int(saturating: (box.maxX * k + dx).rounded(.up)) + 1
    let y0 = Int(saturating: (-box.maxY * k + dy).rounded(.down)) - 1, y1 = Int(saturating: (-box.minY * k + dy).rounded(.up)) + 1
    var rasterizer = Rasterizer()
    let mask = rasterizer.fill(outline, rule: .nonZero, transform: t, clip: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    guard mask.width > 0, mask.height > 0, !mask.isEmpty else { return nil }
    return Bitmap(originX: mask.bounds.x, originY: mask.bounds.y, width: mask.width, height: mask.height, bytes: mask.coverage)
  }
}

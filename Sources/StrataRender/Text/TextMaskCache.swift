import Strata
import StrataPath
import StrataText
import StrataSync
import Synchronization

/// Coverage masks of a layout's glyphs (those of some tags: one colour's), in device
/// pixels, clipped to the layer's bounds: what a text layer draws, made once in Swift so
/// both backends composite the same bytes, and kept between frames.
///
/// Two routes to the same coverage. When the layer's map is a translation and a uniform
/// scale (upright text, the common case) the mask is composed from cached glyph bitmaps
/// (`GlyphBitmapCache`: per face, glyph, pixel size and quarter-pixel offset), added with
/// saturation (exact where glyphs only share edge pixels). Under rotation, skew, a flip or
/// perspective the glyphs' outlines become one path in the layer's plane, rasterised as a
/// shape's is (`PathGeometry`: perspective flattened at the largest device scale and
/// projected), so such text stays sharp too. Either way the mask is multiplied by the
/// coverage of the bounds (text beyond them is cut, as by Core Animation's backing store).
///
/// Masks are cached like `PathMaskCache`'s, without the whole-pixel part of the layer's
/// position: a text layer moved by whole device pixels reuses its mask (same `contentID`).
public final class TextMaskCache: Sendable {
  struct Key: Hashable, Sendable {
    var input: TextLayoutInput
    var tags: [Int]
    var bounds: Rect
    var map: [Double]
    var clip: PixelRect?
  }

  public static let defaultLimits = CacheLimits(bytes: 32 << 20, count: 4096)
  public static let shared = TextMaskCache()

  private let cache: Locked<LRUCache<Key, DeviceMask?>>
  private let misses = Atomic<Int>(0)
  let glyphs: GlyphBitmapCache

  public init(limits: CacheLimits = TextMaskCache.defaultLimits, glyphs: GlyphBitmapCache = .shared) {
    cache = Locked(LRUCache(limits: limits))
    self.glyphs = glyphs
  }

  /// How many masks were made: a layer that moved by whole pixels adds none.
  public var rasterizations: Int { misses.load(ordering: .relaxed) }

  /// Forgets every mask (tests).
  public func removeAll() { cache.withLock { _ = $0.removeAll() } }

  /// The coverage of `layout`'s glyphs and underlines whose tag is in `tags`, the layout
  /// placed at `bounds`' origin in the layer plane, mapped to device pixels by `map`,
  /// within `clip` and the bounds; nil when it covers nothing.
  ///
  /// - Complexity: a hash of the input on a hit; on a miss, a copy of each glyph's cached
  ///   bitmap (upright) or a rasterisation of the outlines.
  public func mask(
    _ layout: TextLayout, input: TextLayoutInput, tags: [Int], map: PlaneMap, bounds: Rect, clip: PixelBounds
  ) -> DeviceMask? {
    guard !layout.glyphs.isEmpty || !layout.underlines.isEmpty, !clip.isEmpty, !bounds.isEmpty else { return nil }
    let h = map.toDevice
    var offset = PixelOffset.zero
    if let o = h.apply(Point(x: bounds.minX, y: bounds.minY)), abs(o.x) < 1e9, abs(o.y) < 1e9 {
      offset = PixelOffset(dx: Int(saturating: o.x.rounded(.down)), dy: Int(saturating: o.y.rounded(.down)))
    }
    let (dx, dy) = (Double(offset.dx), Double(offset.dy))
    let m = h.values
    let relative = [
      m[0] - dx * m[6], m[1] - dx * m[7], m[2] - dx * m[8], m[3] - dy * m[6], m[4] - dy * m[7], m[5] - dy * m[8], m[6], m[7],
      m[8],
    ]
    let relClip = PixelRect(x: clip.x0 - offset.dx, y: clip.y0 - offset.dy, width: clip.x1 - clip.x0, height: clip.y1 - clip.y0)
    var box = StrataPath.Path()
    box.addRect(PathRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height))
    let boundsGeometry = PathGeometry(path: box, style: .fill(.nonZero), map: relative)
    guard let boundsBox = boundsGeometry.deviceBounds else { return nil }
    let cuts = !relClip.contains(boundsBox)
    let region = cuts ? boundsBox.intersection(relClip) : boundsBox
    guard !region.isEmpty else { return nil }
    let key = Key(input: input, tags: tags, bounds: bounds, map: relative, clip: cuts ? relClip : nil)
    let placed: DeviceMask?
    if let hit = cache.withLock({ $0.value(for: key) }) {
      placed = hit
    } else {
      placed = make(layout, tags: Set(tags), bounds: bounds, map: relative, region: region, boundsGeometry: boundsGeometry)
      misses.add(1, ordering: .relaxed)
      cache.withLock { _ = $0.insert(placed, bytes: placed.map { $0.width * $0.height } ?? 0, for: key) }
    }
    return placed.map { $0.moved(toX: $0.originX + offset.dx, y: $0.originY + offset.dy) }
  }

  /// The mask in relative device pixels, trimmed to its ink.
  private func make(
    _ layout: TextLayout, tags: Set<Int>, bounds: Rect, map m: [Double], region: PixelRect, boundsGeometry: PathGeometry
  ) -> DeviceMask? {
    // Glyph bitmaps are whole glyphs: far larger ones (a fontSize of 1e9, a huge zoom) go
    // the outline route, which rasterises only the pixels of `region`.
    let largest = (layout.glyphs.lazy.map(\.size).max() ?? 0) * m[0]
    let upright =
      m[6] == 0 && m[7] == 0 && m[8] == 1 && m[1] == 0 && m[3] == 0 && m[0] > 0 && abs(m[4] - m[0]) <= 1e-9 * m[0]
      && largest <= GlyphBitmapCache.largestPixelSize
    var bytes = [UInt8](repeating: 0, count: region.width * region.height)
    var inside: Bool
    if upright {
      inside = compose(layout, tags: tags, bounds: bounds, scale: m[0], tx: m[2], ty: m[5], region: region, into: &bytes)
    } else {
      inside = false
      outlines(layout, tags: tags, bounds: bounds, map: m, region: region, into: &bytes)
    }
    if !inside, let clip = boundsGeometry.rasterize(within: region) {
      TextMaskCache.multiply(&bytes, region: region, by: clip)
    } else if !inside {
      return nil
    }
    return TextMaskCache.trimmed(bytes, region: region)
  }
}

import Strata
import StrataPath
import StrataSync
import Synchronization

/// Coverage masks of layer-space paths, filled or stroked, in device pixels: what shape
/// layers (and shadow paths) draw with, rasterised once in Swift so both backends composite
/// the same bytes, and kept between frames.
///
/// The path and its stroke are in the layer's own space; `map` takes them to device pixels.
/// An affine map is applied before flattening (curves are flattened in device space); under
/// perspective the outline is flattened in layer space at the largest device scale over the
/// path, cut at the eye plane and projected (straight lines stay straight under a
/// homography), so a tilted shape stays sharp. A mask covers the path's pixels inside the
/// clip bounds, no more: a path far larger than the canvas costs a canvas-sized mask at most.
///
/// Masks are cached by (path, paint, the map without the whole pixels of its translation,
/// and the clip only when it cuts the path): a layer that moves by whole device pixels gets
/// its mask again at a new origin, with the same `DeviceMask.contentID`, without
/// rasterising (`rasterizations` counts the misses).
public final class PathMaskCache: Sendable {
  /// What a mask depends on, the whole-pixel translation taken out.
  struct Key: Hashable, Sendable {
    let path: StrataPath.Path
    let style: MaskKey.Style
    /// The map to device pixels, less the whole-pixel offset (row-major 3 × 3).
    let map: [Double]
    /// The clip relative to the offset, when it cuts the path; nil when the path lies inside.
    let clip: PixelRect?
    private let hash: Int

    init(path: StrataPath.Path, style: MaskKey.Style, map: [Double], clip: PixelRect?) {
      (self.path, self.style, self.map, self.clip) = (path, style, map, clip)
      var h = Hasher()
      h.combine(path)
      h.combine(style)
      h.combine(map)
      h.combine(clip)
      hash = h.finalize()
    }

    static func == (l: Key, r: Key) -> Bool {
      l.hash == r.hash && l.map == r.map && l.clip == r.clip && l.style == r.style && l.path == r.path
    }
    func hash(into h: inout Hasher) { h.combine(hash) }
  }

  /// 64 MiB of coverage bytes, 4096 masks.
  public static let defaultLimits = CacheLimits(bytes: 64 << 20, count: 4096)

  public static let shared = PathMaskCache()

  /// Masks by key, placed relative to the key's whole-pixel offset; nil for an empty mask.
  let cache: Locked<LRUCache<Key, DeviceMask?>>
  let misses = Atomic<Int>(0)

  public init(limits: CacheLimits = PathMaskCache.defaultLimits) {
    cache = Locked(LRUCache(limits: limits))
  }

  /// Masks reused (hits), made (misses) and dropped for room (evictions) so far.
  public var statistics: CacheStatistics { cache.withLock { $0.statistics } }
  /// How many masks were rasterised: a moved-only layer adds none.
  public var rasterizations: Int { misses.load(ordering: .relaxed) }
  /// Bytes of coverage held now.
  public var bytes: Int { cache.withLock { $0.bytes } }

  /// The coverage of `path` (layer units) painted with `style`, mapped to device pixels by
  /// `map`, within `clip`; nil when it covers no pixel there.
  ///
  /// - Complexity: a hash of the path on a hit; rasterisation (`Rasterizer`) on a miss.
  public func mask(_ path: StrataPath.Path, style: MaskKey.Style, map: PlaneMap, clip: PixelBounds) -> DeviceMask? {
    guard !path.isEmpty, !clip.isEmpty else { return nil }
    let h = map.toDevice
    // The whole-pixel offset: the translation for an affine map, the device position of the
    // layer origin under perspective.
    var offset = PixelOffset.zero
    if let o = h.apply(Point(x: 0, y: 0)), abs(o.x) < 1e9, abs(o.y) < 1e9 {
      offset = PixelOffset(dx: Int(saturating: o.x.rounded(.down)), dy: Int(saturating: o.y.rounded(.down)))
    }
    let (dx, dy) = (Double(offset.dx), Double(offset.dy))
    let m = h.values
    // T(−offset) · H: rows 1 and 2 less the offset times row 3.
    let relative = [m[0] - dx * m[6], m[1] - dx * m[7], m[2] - dx * m[8], m[3] - dy * m[6], m[4] - dy * m[7], m[5] - dy * m[8], m[6], m[7], m[8]]
    let relClip = PixelRect(x: clip.x0 - offset.dx, y: clip.y0 - offset.dy, width: clip.x1 - clip.x0, height: clip.y1 - clip.y0)
    let geometry = PathGeometry(path: path, style: style, map: relative)
    let cuts = !(geometry.deviceBounds.map { relClip.contains($0) } ?? false)
    let key = Key(path: path, style: style, map: relative, clip: cuts ? relClip : nil)
    let cached = cache.withLock { $0.value(for: key) }
    // Unclipped, the mask is made within the path's own box (inside the clip), so that it
    // does not depend on where the clip is.
    let region = cuts ? relClip : geometry.deviceBounds!
    let placed: DeviceMask?
    if let cached {
      placed = cached
    } else if let collector = Self.collector {
      // A first pass of a frame: note the mask, made later with the frame's others.
      collector.add(Job(key: key, geometry: geometry, region: region))
      return nil
    } else {
      placed = make([Job(key: key, geometry: geometry, region: region)])[0]
    }
    guard let placed else { return nil }
    let moved = placed.moved(toX: placed.originX + offset.dx, y: placed.originY + offset.dy)
    // A mask made unclipped may reach past this clip now; the draw cuts it to the clip.
    return moved
  }

  /// Forgets every mask (tests).
  public func removeAll() { cache.withLock { _ = $0.removeAll() } }
}

extension PixelRect {
  /// Whether `r` lies inside.
  func contains(_ r: PixelRect) -> Bool {
    r.minX >= minX && r.minY >= minY && r.maxX <= maxX && r.maxY <= maxY
  }
}

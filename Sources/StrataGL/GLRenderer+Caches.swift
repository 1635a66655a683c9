import Strata
import StrataRender

/// The GPU's kept bitmaps: `shouldRasterize` groups and blurred group shadows, each an LRU
/// cache of render targets (see `LRUCache`). Targets leaving a cache go back to the target
/// pool, but only once the pass that took them out is done with them.
extension GLRenderer.State {
  /// 32 bitmaps, at most 128 MiB of RGBA8 targets, per cache and renderer.
  static let keptTargetLimits = CacheLimits(bytes: 128 << 20, count: 32)

  /// How often a `shouldRasterize` bitmap was reused instead of rendered.
  var rasterHits: Int { rasterized.statistics.hits }
  /// How often a group's blurred shadow was reused instead of made again.
  var shadowHits: Int { shadows.statistics.hits }

  /// The kept bitmap of a `shouldRasterize` group covering `bounds`, if any.
  mutating func keptRaster(_ key: Int, _ bounds: PixelBounds) -> Target? {
    rasterized.value(for: BitmapCacheKey(key, bounds)).map { Target(gl: $0, bounds: bounds) }
  }

  /// Keeps a group's finished bitmap; returns the targets that left the cache, to be
  /// released once `target` has been composited (it may be among them when it alone is
  /// over the limits).
  mutating func keepRaster(_ key: Int, _ target: Target) -> [GLTarget] {
    rasterized.insert(target.gl, bytes: target.gl.texture.bytes, for: BitmapCacheKey(key, target.bounds))
  }

  /// The kept blurred shadow for `key` covering `bounds`, if any.
  mutating func keptShadow(_ key: Int, _ bounds: PixelBounds) -> Target? {
    shadows.value(for: BitmapCacheKey(key, bounds)).map { Target(gl: $0, bounds: bounds) }
  }

  /// Keeps a blurred shadow; returns the targets that left the cache, to be released once
  /// the shadow has been drawn.
  mutating func keepShadow(_ key: Int, _ target: Target) -> [GLTarget] {
    shadows.insert(target.gl, bytes: target.gl.texture.bytes, for: BitmapCacheKey(key, target.bounds))
  }
}

import Strata
import StrataRender
import Testing

@Suite struct ShadowMaskCacheTests {
  func key(_ size: Double) -> ShadowMaskCache.Key {
    ShadowMaskCache.Key(
      areaWidth: size + 24, areaHeight: size + 24, shape: Rect(x: 12, y: 12, width: size, height: size),
      radii: CornerRadii(topLeft: 4, topRight: 4, bottomLeft: 4, bottomRight: 4), sigma: 3, density: 1)
  }

  /// Masks beyond the budget go least recently used first; one made again is a new image
  /// with the same pixels, and the one in use stays.
  @Test func keepsTheRecentlyUsedMasksWithinItsBudget() throws {
    // key(n) covers (n + 24)² texels of four bytes: any two of 40, 41, 42 fit, not all three.
    let budget = 40_000
    #expect((65 * 65 + 66 * 66) * 4 <= budget && (64 * 64 + 65 * 65 + 66 * 66) * 4 > budget)
    let cache = ShadowMaskCache(limits: CacheLimits(bytes: budget))
    let first = try #require(cache.mask(key(40)))
    #expect(first.width == 64 && first.height == 64)
    _ = try #require(cache.mask(key(41)))
    #expect(cache.mask(key(40)) === first)  // now the most recent
    _ = try #require(cache.mask(key(42)))  // evicts key(41)
    #expect(cache.statistics.hits == 1 && cache.statistics.misses == 3 && cache.statistics.evictions == 1)
    #expect(cache.bytes <= budget)
    #expect(cache.mask(key(40)) === first)
    let again = try #require(cache.mask(key(41)))
    #expect(cache.statistics.misses == 4)
    let remade = try #require(ShadowMaskCache(limits: CacheLimits(bytes: 1 << 20)).mask(key(41)))
    #expect(again.pixels == remade.pixels && again.id != remade.id)
  }
}

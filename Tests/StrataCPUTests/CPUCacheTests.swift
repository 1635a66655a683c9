import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import Testing

/// The CPU renderer's caches: they recognise `contents` by an identity no later image can
/// have, and keep within their limits without changing a pixel. Each test that reads
/// counters gives its renderer caches of its own.
@Suite struct CPUCacheTests {
  func render(_ root: Layer, _ size: Int, background: Color) -> PixelBuffer {
    try! CPURenderer().render(RenderListCompiler(width: size, height: size, background: background).compile(root.snapshot()))
  }

  @Test func rasterizedContentsAtAFreedImagesAddressAreDrawnAnew() throws {
    let (root, l) = CacheIdentityScenes.rasterized()
    let b = try #require(
      CacheIdentityScenes.imageAtAFreedAddress(
        first: { CacheIdentityScenes.uniform(255) },
        round: { a in
          l.contents = a
          #expect(render(root, 60, background: .black)[30, 30].0 == 255)
          l.contents = nil
        },
        second: { CacheIdentityScenes.uniform(100) }),
      "the allocator did not reuse the freed image's address; the test cannot provoke the bug")
    l.contents = b
    #expect(render(root, 60, background: .black)[30, 30].0 == 100)
  }

  @Test func shadowOfContentsAtAFreedImagesAddressIsMadeAnew() throws {
    let (root, l) = CacheIdentityScenes.shadowed()
    let b = try #require(
      CacheIdentityScenes.imageAtAFreedAddress(
        first: { CacheIdentityScenes.uniform(255) },
        round: { a in
          l.contents = a
          #expect(render(root, 100, background: .white)[65, 65].0 <= 2)
          l.contents = nil
        },
        second: { CacheIdentityScenes.uniform(100, alpha: 100) }),
      "the allocator did not reuse the freed image's address; the test cannot provoke the bug")
    l.contents = b
    // Alpha 100 casts a shadow of alpha 100/255: 255 · (1 − 100/255) = 155.
    let shadow = render(root, 100, background: .white)[65, 65].0
    #expect(abs(Int(shadow) - 155) <= 2, "shadow pixel \(shadow)")
  }

  /// Three rasterized, shadowed cards whose bitmaps do not all fit the budget: the caches
  /// evict, stay within their bytes, and every frame equals one drawn without caches.
  @Test func cachesOverTheirBudgetEvictAndStillDrawTheSameFrame() {
    let cards = (0..<3).map { i in
      layer(Rect(Double(10 + 40 * i), 20, 30, 30), Color(0.2 * Double(i), 0.5, 0.9)) { l in
        l.shouldRasterize = true
        l.contents = TestImages.picture
        l.shadowOpacity = 0.8; l.shadowRadius = 4; l.shadowOffset = Size(2, 3)
      }
    }
    let r = root(140, 70, cards)
    func frame(_ cpu: CPURenderer) -> PixelBuffer {
      try! cpu.render(RenderListCompiler(width: 140, height: 70, background: .white).compile(r.snapshot()))
    }
    var uncached = CPURenderer()
    uncached.rasterCache = RasterCache(limits: CacheLimits(bytes: 0))
    uncached.shadowCache = ShadowCache(limits: CacheLimits(bytes: 0))
    let expected = frame(uncached)
    #expect(uncached.rasterCache.statistics.hits == 0 && uncached.rasterCache.bytes == 0)

    // Room for about two of the three bitmaps and shadows.
    let rasterBudget = 2 * 40 * 40 * 4, shadowBudget = 2 * 50 * 50 * 16
    var cpu = CPURenderer()
    cpu.rasterCache = RasterCache(limits: CacheLimits(bytes: rasterBudget))
    cpu.shadowCache = ShadowCache(limits: CacheLimits(bytes: shadowBudget))
    for _ in 0..<3 { #expect(frame(cpu) == expected) }
    let raster = cpu.rasterCache.statistics, shadow = cpu.shadowCache.statistics
    #expect(raster.evictions > 0 && shadow.evictions > 0, "raster \(raster), shadow \(shadow)")
    #expect(cpu.rasterCache.bytes <= rasterBudget && cpu.rasterCache.bytes > 0)
    #expect(cpu.shadowCache.bytes <= shadowBudget && cpu.shadowCache.bytes > 0)
  }
}

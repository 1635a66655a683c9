import Strata
import StrataRender
import Synchronization
import Testing

/// A procedural pyramid of any size that records every tile asked for: each pixel's
/// colour follows from its level, tile and place, so nothing needs storing.
struct ProceduralTiles: TileSource {
  final class Log: Sendable {
    let asked = Mutex<[TileIndex]>([])
    var tiles: [TileIndex] { asked.withLock { $0 } }
  }
  var pixelWidth: Int, pixelHeight: Int
  var tileWidth = 256, tileHeight = 256
  var levelCount: Int
  var missing: Set<TileIndex> = []
  let log = Log()
  var identity: String { "procedural \(pixelWidth)x\(pixelHeight) \(ObjectIdentifier(log).hashValue)" }

  init(width: Int, height: Int, tileWidth: Int = 256, tileHeight: Int = 256, levelCount: Int? = nil) {
    (pixelWidth, pixelHeight, self.tileWidth, self.tileHeight) = (width, height, tileWidth, tileHeight)
    self.levelCount = levelCount ?? TileGrid.fullLevelCount(width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight)
  }

  func tile(_ index: TileIndex) throws(TileError) -> Image {
    log.asked.withLock { $0.append(index) }
    if missing.contains(index) { throw TileError(.missing, tile: index, "tiles/\(index.level)/\(index.column)_\(index.row).png: file not found") }
    let r = tileRect(index)
    return Image(width: r.width, height: r.height) { x, y in
      (UInt8(truncatingIfNeeded: (r.x + x) &* 7), UInt8(truncatingIfNeeded: (r.y + y) &* 5), UInt8(index.level * 20), 255)
    }
  }
}

/// `TiledLayer`'s level choice (Core Animation's rule, checked by brute force over the
/// available scales), its plan (which tiles a frame draws and decodes), and the compile
/// step's draws, budget and missing-tile errors.
@Suite struct TiledLayerCompileTests {
  static func snapshot(levels: Int = 1, bias: Int = 0, contentsScale: Double = 1, missing: TiledLayerMissingTiles = .error) -> TiledLayer.Snapshot {
    TiledLayer.Snapshot(
      source: nil, levelsOfDetail: levels, levelsOfDetailBias: bias, contentsScale: contentsScale, missingTiles: missing,
      fade: 1, minificationFilter: .linear, magnificationFilter: .linear, minificationFilterBias: 0)
  }

  @Test func theLevelIsTheSmallestScaleAtOrAboveTheDevicesScale() {
    for levels in 1...6 {
      for bias in -2...3 {
        for cs in [1.0, 2.0] {
          for d in [0.01, 0.1, 0.25, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 4, 7.9, 8, 20] {
            let b = Self.snapshot(levels: levels, bias: bias, contentsScale: cs).detailExponent(forDeviceScale: d)
            // Brute force: the available scales, sorted.
            let available = ((bias - levels + 1)...bias).map { (b: $0, s: cs * pow2($0)) }
            let want = available.filter { $0.s >= d }.min { $0.s < $1.s }?.b ?? bias
            #expect(b == want, "levels \(levels) bias \(bias) contentsScale \(cs) device \(d): \(b), want \(want)")
          }
        }
      }
    }
    // Level -b of the source, clamped to what it has.
    let s = Self.snapshot(levels: 10)
    // 0.01 pixels per point: 2^-6 = 0.0156 is the smallest scale at or above it (2^-7 is 0.0078).
    #expect(s.sourceLevel(forDeviceScale: 0.01, levelCount: 10) == 6 && s.sourceLevel(forDeviceScale: 0.01, levelCount: 4) == 3)
    #expect(Self.snapshot(levels: 3, bias: 2).sourceLevel(forDeviceScale: 4, levelCount: 5) == 0)  // magnified: level 0
    #expect(s.sourceLevel(forDeviceScale: 0.5, levelCount: 10) == 1)  // exactly 1/2 takes the half level
  }

  /// A 100000 x 100000 pyramid on a 1920 x 1080 canvas.
  static func plan(scale: Double, offset: Point = .zero, levels: Int = 10) -> (TilePlan, ProceduralTiles)? {
    let source = ProceduralTiles(width: 100_000, height: 100_000)
    let map = PlaneMap(toDevice: Homography(scale, 0, offset.x, 0, scale, offset.y, 0, 0, 1))!
    let plan = Self.snapshot(levels: levels).plan(
      source: source, map: map, bounds: Rect(0, 0, 100_000, 100_000), clipBounds: PixelBounds(x0: 0, y0: 0, x1: 1920, y1: 1080))
    return plan.map { ($0, source) }
  }

  @Test func zoomedOutAndIntoACornerAFrameNeedsFewTiles() throws {
    // Fitted to the height: 0.0108 pixels per point takes scale 1/64, level 6 (1563 pixels
    // across, 7 x 7 tiles), all of it visible.
    let (fit, _) = try #require(Self.plan(scale: 1080.0 / 100_000))
    #expect(fit.level == 6 && fit.drawn.count == 49 && fit.needed == fit.drawn)
    // One to one in the top-left corner: 7.5 x 4.2 tiles of level 0.
    let (corner, _) = try #require(Self.plan(scale: 1))
    #expect(corner.level == 0 && corner.drawn.count == 8 * 5 && corner.needed.count == 8 * 5)
    // The bottom-right corner at 1:1: the last, partial column (100000 = 390·256 + 160).
    let (far, source) = try #require(Self.plan(scale: 1, offset: Point(x: 1920 - 100_000, y: 1080 - 100_000)))
    #expect(far.drawn.first == TileIndex(level: 0, column: 383, row: 386) && far.drawn.last == TileIndex(level: 0, column: 390, row: 390))
    #expect(source.tileRect(far.drawn.last!).width == 160)
    // Between levels: 0.75 takes level 0. The canvas starts at the layer's x 258, the
    // visible part (a pixel, 1.33 points, wider) at 256.67, in column 1; column 0 is
    // needed for the texels within one texel and one pixel (2.33 points) of it.
    let (between, _) = try #require(Self.plan(scale: 0.75, offset: Point(x: -258 * 0.75, y: 0)))
    #expect(between.drawn.first?.column == 1 && between.needed.first?.column == 0)
    #expect(between.level == 0 && between.needed.count > between.drawn.count)
    #expect(Set(between.drawn).isSubset(of: Set(between.needed)))
    // Off the canvas: nothing.
    #expect(Self.plan(scale: 1, offset: Point(x: 5000, y: 0)) == nil)
  }

  static func compile(_ layer: TiledLayer, cache: TileCache, width: Int = 200, height: Int = 150) -> RenderList {
    let root = Layer()
    root.bounds = Rect(0, 0, Double(width), Double(height))
    root.anchorPoint = .zero
    try! root.addSublayer(layer)
    return TileCache.$current.withValue(cache) {
      RenderListCompiler(width: width, height: height, background: .black).compile(root.snapshot())
    }
  }

  static func layer(_ source: any TileSource, frame: Rect, levels: Int = 1) -> TiledLayer {
    let t = TiledLayer()
    t.anchorPoint = .zero
    t.bounds = Rect(0, 0, frame.width, frame.height)
    t.position = frame.origin
    t.tileSource = source
    t.levelsOfDetail = levels
    return t
  }

  @Test func aFrameDecodesWhatItsPlanNeedsOnce() throws {
    let source = ProceduralTiles(width: 1000, height: 700, tileWidth: 64, tileHeight: 64)
    let layer = Self.layer(source, frame: Rect(-30, -20, 1000, 700))
    let cache = TileCache()
    let list = Self.compile(layer, cache: cache)
    #expect(list.refusals == [])
    // The canvas shows the layer's (30, 20) ... (230, 170); with a pixel of the clip and a
    // texel and a pixel of neighbours, (27, 17) ... (233, 173): columns 0...3, rows 0...2.
    let drawn = list.draws.filter { $0.part.hasPrefix("tile") }
    #expect(drawn.map(\.part) == (0...2).flatMap { r in (0...3).map { "tile 0/\($0)/\(r)" } })
    #expect(source.log.tiles.sorted() == (0...2).flatMap { r in (0...3).map { TileIndex(level: 0, column: $0, row: r) } })
    #expect(cache.decodedTiles == 12 && source.log.tiles.count == 12)
    // The next frame finds them all.
    _ = Self.compile(layer, cache: cache)
    #expect(cache.decodedTiles == 12 && source.log.tiles.count == 12)
    // Each draw is its tile's rectangle, in the layer plane, meeting its neighbours exactly,
    // with the texel map of a tile bordered by one texel.
    let first = try #require(drawn.first), second = drawn[1]
    #expect(first.rect == Rect(0, 0, 64, 64) && second.rect == Rect(64, 0, 64, 64) && first.edgeAntialiasing == [])
    guard case .image(let p) = second.paint else { Issue.record("not an image draw"); return }
    #expect(p.image.width == 66 && p.image.height == 66)
    #expect(p.texelMap == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -63, ty: 1))
  }

  @Test func bordersHoldTheNeighboursTexels() throws {
    let image = Image(width: 90, height: 50) { x, y in (UInt8(x * 2), UInt8(y * 5), UInt8((x * 7 + y * 3) % 256), 255) }
    let source = ImageTileSource(image, tileWidth: 32, tileHeight: 16)
    let layer = Self.layer(source, frame: Rect(0, 0, 90, 50))
    let list = Self.compile(layer, cache: TileCache())
    let draws = list.draws.filter { $0.part.hasPrefix("tile") }
    #expect(draws.count == 3 * 4)
    for d in draws {
      guard case .image(let p) = d.paint else { continue }
      let ox = Int(1 - p.texelMap.tx), oy = Int(1 - p.texelMap.ty)
      // Every texel of the bordered tile is the image's texel there, clamped to the image.
      for y in 0..<p.image.height {
        for x in 0..<p.image.width {
          let want = image[min(max(ox + x - 1, 0), 89), min(max(oy + y - 1, 0), 49)]
          #expect(p.image[x, y] == want, "\(d.part) texel (\(x), \(y))")
          if p.image[x, y] != want { return }
        }
      }
    }
  }

  @Test func aFrameOverTheBudgetIsRefusedBeforeDecoding() throws {
    let source = ProceduralTiles(width: 4000, height: 4000, tileWidth: 64, tileHeight: 64)
    let layer = Self.layer(source, frame: Rect(0, 0, 4000, 4000))
    layer.transform = .scale(0.05, 0.05, 1)  // 200 x 200 pixels, one level only: all 63 x 63 tiles
    let cache = TileCache(budget: 1 << 20)
    let list = Self.compile(layer, cache: cache, width: 200, height: 200)
    let refusal = try #require(list.refusals.first)
    // Bordered tiles: 62 columns of 64 + 2 texels and one of 32 + 2, squared, 4 bytes each:
    // 68,095,504 bytes, 64.9 MiB (rounded up).
    #expect(refusal.hasPrefix("tiled layer tiled needs 3969 tiles of level 0 (65 MiB) at once for this frame; the tile budget is 1 MiB"))
    #expect(source.log.tiles.isEmpty && cache.decodedTiles == 0)
    // With levels of detail, 1/16 is the smallest scale at or above 0.05: level 4 (250
    // pixels, 4 x 4 tiles).
    layer.levelsOfDetail = 6
    let ok = Self.compile(layer, cache: cache, width: 200, height: 200)
    #expect(ok.refusals == [] && ok.draws.filter { $0.part.hasPrefix("tile 4/") }.count == 16)
  }

  @Test func missingTilesStopTheFrameOrAreLeftOut() throws {
    var source = ProceduralTiles(width: 300, height: 100, tileWidth: 100, tileHeight: 100)
    source.missing = [TileIndex(level: 0, column: 1, row: 0)]
    let layer = Self.layer(source, frame: Rect(0, 0, 300, 100))
    layer.name = "map"
    let refused = Self.compile(layer, cache: TileCache(), width: 300, height: 100)
    #expect(refused.refusals == [
      #"tiles/0/1_0.png: file not found (level 0 column 1 row 0 of tiled layer "map"; "missingTiles": "transparent" leaves missing tiles out)"#
    ])
    layer.missingTiles = .transparent
    let list = Self.compile(layer, cache: TileCache(), width: 300, height: 100)
    #expect(list.refusals == [] && list.draws.map(\.part) == ["tile 0/0/0", "tile 0/2/0"])
    // The neighbours' border towards the hole is transparent, as in one image with a hole.
    guard case .image(let p) = list.draws[0].paint else { Issue.record("not an image draw"); return }
    #expect(p.image[101, 50] == (0, 0, 0, 0) && p.image[100, 50] != (0, 0, 0, 0))
  }
}

private func pow2(_ b: Int) -> Double { b >= 0 ? Double(1 << b) : 1 / Double(1 << -b) }

import Testing

@testable import Strata

/// `TiledLayer`'s model, the pyramid arithmetic every source shares, and the tiles
/// `ImageTileSource` cuts from an image, checked against the definitions: level L is
/// `ceil(size / 2^L)`, its pixels the rounded means of 2^L x 2^L blocks of level 0.
@Suite struct TiledLayerTests {
  @Test func defaultsAreCoreAnimations() {
    let t = TiledLayer()
    #expect(t.tileSize == Size(256, 256) && t.levelsOfDetail == 1 && t.levelsOfDetailBias == 0)
    #expect(t.fadeDuration == 0 && t.tileSource == nil && t.missingTiles == .error)
    #expect(LayerKinds.named("tiled") == TiledLayer.self)
  }

  @Test func copiesKeepEveryTiledProperty() throws {
    let t = TiledLayer()
    let image = Image(width: 4, height: 4) { _, _ in (1, 2, 3, 255) }
    (t.tileSize, t.levelsOfDetail, t.levelsOfDetailBias, t.fadeDuration) = (Size(64, 32), 5, 2, 0.5)
    (t.tileSource, t.missingTiles) = (ImageTileSource(image, tileWidth: 2, tileHeight: 2), .transparent)
    for copy in [t.deepCopy(), t.presentation(at: 0)] {
      let c = try #require(copy as? TiledLayer)
      #expect(c.tileSize == Size(64, 32) && c.levelsOfDetail == 5 && c.levelsOfDetailBias == 2 && c.fadeDuration == 0.5)
      #expect(c.tileSource?.identity == t.tileSource?.identity && c.missingTiles == .transparent)
    }
  }

  @Test func levelsHalveRoundingUp() {
    let s = ImageTileSource(Image(width: 1000, height: 300) { _, _ in (0, 0, 0, 255) }, tileWidth: 256, tileHeight: 256)
    #expect((0..<5).map { s.levelWidth($0) } == [1000, 500, 250, 125, 63])
    #expect((0..<5).map { s.levelHeight($0) } == [300, 150, 75, 38, 19])
    #expect(s.columns(0) == 4 && s.rows(0) == 2 && s.columns(1) == 2 && s.rows(1) == 1 && s.columns(2) == 1)
    // Down to the first level of one tile: 250 x 75 at level 2.
    #expect(s.levelCount == 3)
    #expect(TileGrid.fullLevelCount(width: 100_000, height: 100_000, tileWidth: 256, tileHeight: 256) == 10)  // 196 at level 9
    #expect(TileGrid.fullLevelCount(width: 256, height: 256, tileWidth: 256, tileHeight: 256) == 1)
    // The last column and row are what is left.
    #expect(s.tileRect(TileIndex(level: 0, column: 3, row: 1)) == (768, 256, 232, 44))
    #expect(s.contains(TileIndex(level: 1, column: 1, row: 0)) && !s.contains(TileIndex(level: 1, column: 2, row: 0)))
    #expect(!s.contains(TileIndex(level: 3, column: 0, row: 0)))
  }

  @Test func imageTilesAreCutAndAveraged() throws {
    // A 7 x 5 image of distinct values: red = x·30, green = y·50, blue = (x + y)·7.
    let image = Image(width: 7, height: 5) { x, y in (UInt8(x * 30), UInt8(y * 50), UInt8((x + y) * 7), 255) }
    let s = ImageTileSource(image, tileWidth: 3, tileHeight: 2)
    let t = try s.tile(TileIndex(level: 0, column: 2, row: 1))
    #expect(t.width == 1 && t.height == 2)  // x 6, y 2...3
    #expect(t[0, 1] == image[6, 3])
    // Level 1 is 4 x 3; its pixel (3, 2) is the lone pixel (6, 4); (1, 1) the mean of
    // (2..3, 2..3), rounded.
    let l1 = try s.tile(TileIndex(level: 1, column: 1, row: 1))
    #expect(l1.width == 1 && l1.height == 1)  // column 1 holds x 3, row 1 holds y 2
    #expect(l1[0, 0] == image[6, 4])
    let a = try s.tile(TileIndex(level: 1, column: 0, row: 0))
    func mean(_ xs: [Int]) -> UInt8 { UInt8((xs.reduce(0, +) * 2 + xs.count) / (2 * xs.count)) }
    let block = [(2, 2), (3, 2), (2, 3), (3, 3)].map { image[$0.0, $0.1] }
    #expect(a[1, 1] == (mean(block.map { Int($0.0) }), mean(block.map { Int($0.1) }), mean(block.map { Int($0.2) }), 255))
    // Level 2 (2 x 2): its pixel (1, 1) averages the 3 x 1 corner block (4..6, 4).
    let l2 = try s.tile(TileIndex(level: 2, column: 0, row: 0))
    let corner = [(4, 4), (5, 4), (6, 4)].map { image[$0.0, $0.1] }
    #expect(l2[1, 1].0 == mean(corner.map { Int($0.0) }) && l2[1, 1].2 == mean(corner.map { Int($0.2) }))
  }

  @Test func contentsAreTheSourceAndFadeFollowsLocalTime() throws {
    let t = TiledLayer(frame: Rect(0, 0, 50, 50))
    t.contents = Image(width: 600, height: 20) { _, _ in (9, 9, 9, 255) }
    t.tileSize = Size(100, 100)
    let k = try #require(t.snapshot().kindSnapshot(as: TiledLayer.Snapshot.self))
    #expect(k.source?.source.tileWidth == 100 && k.source?.source.columns(0) == 6 && k.fade == 1)
    t.fadeDuration = 2
    let half = try #require(t.snapshot(at: 0.5).kindSnapshot(as: TiledLayer.Snapshot.self))
    #expect(half.fade == 0.25)
    // The model (no time) is the picture as it is, faded in.
    #expect(t.snapshot().kindSnapshot(as: TiledLayer.Snapshot.self)?.fade == 1)
  }
}

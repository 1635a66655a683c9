import Foundation
import Strata
import StrataPNG
import StrataRender
import Testing

@testable import StrataScene

/// `"type": "tiled"`: Core Animation's keys, a pyramid of PNG files (`tiles`, `tilesSize`,
/// `tilesLevels`) checked at load with JSON paths, and missing tiles at render time named
/// by file and path.
@Suite struct TiledSceneTests {
  static func scene(_ layer: String) -> String { #"{"width": 100, "height": 80, "layers": [{\#(layer)}]}"# }

  /// A 300 x 200 pyramid in 100 x 100 tiles, levels 0 (3 x 2 tiles), 1 (150 x 100: 2 x 1)
  /// and 2 (75 x 50: one tile), without the files named in `leaving`.
  static func pyramid(leaving: Set<String> = []) throws -> TemporaryDirectory {
    let dir = try TemporaryDirectory()
    for (level, w, h) in [(0, 300, 200), (1, 150, 100), (2, 75, 50)] {
      for row in 0..<((h + 99) / 100) {
        for col in 0..<((w + 99) / 100) {
          let name = "tiles/\(level)/\(col)_\(row).png"
          guard !leaving.contains(name) else { continue }
          let tw = min(100, w - col * 100), th = min(100, h - row * 100)
          try dir.write(PNG.encode(Image(width: tw, height: th) { x, y in (UInt8(level * 80), UInt8(col * 60), UInt8(row * 90 + x % 3), 255) }), to: name)
        }
      }
    }
    return dir
  }

  @Test func keysAreRead() throws {
    let dir = try Self.pyramid()
    defer { dir.remove() }
    let s = try loadScene(Self.scene(#"""
      "type": "tiled", "frame": [0, 0, 300, 200], "tiles": "tiles/{level}/{col}_{row}.png", "tilesSize": [300, 200],
      "tileSize": [100, 100], "levelsOfDetail": 3, "levelsOfDetailBias": 1, "fadeDuration": 0.5, "missingTiles": "transparent"
      """#), baseDirectory: dir.path)
    let t = try #require(s.root.sublayers.first as? TiledLayer)
    #expect(t.tileSize == Size(100, 100) && t.levelsOfDetail == 3 && t.levelsOfDetailBias == 1)
    #expect(t.fadeDuration == 0.5 && t.missingTiles == .transparent)
    let p = try #require(t.tileSource as? PNGTileSource)
    #expect(p.pixelWidth == 300 && p.pixelHeight == 200 && p.tileWidth == 100 && p.levelCount == 3)
    #expect(p.path(of: TileIndex(level: 1, column: 1, row: 0)) == dir.path + "/tiles/1/1_0.png")
    // Contents without tiles: the image is the source.
    try dir.write(PNG.encode(Image(width: 40, height: 30) { _, _ in (1, 2, 3, 255) }), to: "big.png")
    let c = try loadScene(Self.scene(#""type": "tiled", "contents": "big.png", "tileSize": [16, 16]"#), baseDirectory: dir.path)
    let ct = try #require(c.root.sublayers.first as? TiledLayer)
    #expect(ct.tileSource == nil && ct.effectiveTileSource?.columns(0) == 3)
  }

  @Test func mistakesFailAtLoadWithTheirPath() throws {
    let dir = try Self.pyramid(leaving: ["tiles/2/0_0.png"])
    defer { dir.remove() }
    func error(_ layer: String) -> String? { sceneError(Self.scene(layer), baseDirectory: dir.path) }
    let base = #""type": "tiled", "tileSize": [100, 100], "tilesSize": [300, 200], "#
    #expect(error(base + #""tiles": "tiles/{lvl}/{col}_{row}.png""#)
      == #"scene.json: layers[0].tiles: the tile pattern "tiles/{lvl}/{col}_{row}.png" has an unknown placeholder {lvl}; placeholders are {level}, {col} and {row}"#)
    #expect(error(base + #""tiles": "tiles/{level}/{col}.png""#)
      == #"scene.json: layers[0].tiles: the tile pattern "tiles/{level}/{col}.png" has no {row}; it needs {level}, {col} and {row}"#)
    #expect(error(base + #""tiles": "tiles/{level/{col}_{row}.png""#)?.contains("unknown placeholder {level/{col}") == true)
    #expect(error(base + #""tiles": "tiles/{level}/{col}_{row}.png}""#)?.contains(#"has an unmatched "}""#) == true)
    #expect(error(#""type": "tiled", "tiles": "t/{level}/{col}_{row}.png""#)
      == #"scene.json: layers[0].tiles: a tile pyramid needs "tilesSize": [width, height], the size of level 0 (full resolution) in pixels"#)
    #expect(error(#""type": "tiled", "tilesSize": [3, 3]"#)
      == #"scene.json: layers[0].tilesSize: "tilesSize" describes the pyramid "tiles" names; give "tiles" too"#)
    #expect(error(base + #""tiles": "tiles/{level}/{col}_{row}.png", "tilesLevels": 4"#)
      == "scene.json: layers[0].tilesLevels: a 300 x 200 pyramid in 100 x 100 tiles has at most 3 levels (level 2 is one tile), got 4")
    #expect(error(base + #""tiles": "tiles/{level}/{col}_{row}.png", "contents": "tiles/0/0_0.png""#)
      == #"scene.json: layers[0].tiles: give either "contents" or "tiles" as the tiles' source, not both"#)
    #expect(error(#""type": "tiled", "tileSize": [0, 100]"#)?.hasPrefix("scene.json: layers[0].tileSize[0]: must be between 1 and 65536") == true)
    #expect(error(#""type": "tiled", "levelsOfDetail": 1.5"#) == "scene.json: layers[0].levelsOfDetail: expected a whole number, got 1.5")
    #expect(error(#""type": "tiled", "missingTiles": "blank""#)?.hasPrefix(#"scene.json: layers[0].missingTiles: unknown value "blank""#) == true)
    // The coarsest level is read at load: here its tile is missing.
    #expect(error(base + #""tiles": "tiles/{level}/{col}_{row}.png""#)
      == #"scene.json: layers[0].tiles: tiles/2/0_0.png: file not found (the first tile of the coarsest level, 2; "tilesLevels" (the levels on disk, from 0) is 3 by default)"#)
    // A pyramid whose coarsest level is missing says so: two levels on disk.
    #expect(error(base + #""tiles": "tiles/{level}/{col}_{row}.png", "tilesLevels": 2"#) == nil)
    // A tile of the wrong size.
    try dir.write(PNG.encode(Image(width: 60, height: 50) { _, _ in (0, 0, 0, 255) }), to: "tiles/2/0_0.png")
    #expect(error(base + #""tiles": "tiles/{level}/{col}_{row}.png""#)
      == #"scene.json: layers[0].tiles: tiles/2/0_0.png: the tile is 60x50 pixels; level 2 column 0 row 0 of a 300x200 pyramid in 100x100 tiles is 75x50 (the first tile of the coarsest level, 2; "tilesLevels" (the levels on disk, from 0) is 3 by default)"#)
  }

  static func compile(_ scene: Scene, cache: TileCache = TileCache()) -> RenderList {
    TileCache.$current.withValue(cache) {
      RenderListCompiler(width: scene.pixelWidth, height: scene.pixelHeight).compile(scene.root.snapshot())
    }
  }

  @Test func aMissingTileIsARenderErrorNamingItsFileAndPath() throws {
    let dir = try Self.pyramid(leaving: ["tiles/0/1_0.png"])
    defer { dir.remove() }
    let json = Self.scene(#""type": "tiled", "name": "map", "frame": [0, 0, 300, 200], "tileSize": [100, 100], "tilesSize": [300, 200], "tiles": "tiles/{level}/{col}_{row}.png""#)
    let list = Self.compile(try loadScene(json, baseDirectory: dir.path))
    #expect(list.refusals == [
      #"scene.json: layers[0].tiles: tiles/0/1_0.png: file not found (level 0 column 1 row 0 of tiled layer "map"; "missingTiles": "transparent" leaves missing tiles out)"#
    ])
    let transparent = json.replacingOccurrences(of: #""name""#, with: #""missingTiles": "transparent", "name""#)
    let ok = Self.compile(try loadScene(transparent, baseDirectory: dir.path))
    #expect(ok.refusals == [] && ok.draws.map(\.part) == ["tile 0/0/0"])  // the canvas shows (0, 0) ... (100, 80)
  }

  /// The PNG source opens only the files of the tiles a frame needs: zoomed out, the one
  /// tile of level 2 (the level files of 0 and 1 are then not even read).
  @Test func aFrameReadsOnlyItsTilesFiles() throws {
    let dir = try Self.pyramid(leaving: ["tiles/0/0_0.png", "tiles/0/1_0.png", "tiles/0/2_0.png", "tiles/0/0_1.png", "tiles/0/1_1.png", "tiles/0/2_1.png", "tiles/1/0_0.png", "tiles/1/1_0.png"])
    defer { dir.remove() }
    let json = Self.scene(#"""
      "type": "tiled", "frame": [0, 0, 300, 200], "transform": [{"scale": 0.25}], "anchorPoint": [0, 0], "levelsOfDetail": 3,
      "tileSize": [100, 100], "tilesSize": [300, 200], "tiles": "tiles/{level}/{col}_{row}.png"
      """#)
    let cache = TileCache()
    let list = Self.compile(try loadScene(json, baseDirectory: dir.path), cache: cache)
    // 0.25 pixels per point takes scale 1/4: level 2, one tile; no other file exists.
    #expect(list.refusals == [] && list.draws.map(\.part) == ["tile 2/0/0"] && cache.decodedTiles == 1)
  }
  /// `Examples/map.json` zooms its map through the levels of detail: at each key frame's
  /// scale the level is the one Core Animation's rule gives (the smallest of 1, 1/2, 1/4,
  /// 1/8 at or above the scale; level 0 when magnified), and only that level's tiles are
  /// drawn.
  @Test(arguments: [(0.0, 3), (1.08, 2), (1.68, 1), (2.28, 0), (3.6, 0)])
  func theMapExampleZoomsThroughItsLevels(time: Double, level: Int) throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/map.json").path
    let scene = try SceneLoader.load(path: path)
    let list = TileCache.$current.withValue(TileCache()) {
      RenderListCompiler(width: scene.pixelWidth, height: scene.pixelHeight).compile(scene.root.snapshot(at: time))
    }
    let tiles = list.draws.map(\.part).filter { $0.hasPrefix("tile ") }
    #expect(list.refusals == [] && !tiles.isEmpty)
    #expect(tiles.allSatisfy { $0.hasPrefix("tile \(level)/") }, "at \(time) s: \(tiles)")
  }
}

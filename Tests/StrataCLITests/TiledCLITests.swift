import Foundation
import Strata
import StrataPNG
import Testing

/// Tiled layers through the `strata` tool: a missing tile is exit status 1 with the file
/// and JSON path and no output; `--tile-memory` sets the tile budget (in a child process:
/// the budget is the process's).
@Suite(.scratch) struct TiledCLITests {
  /// A 200 x 100 pyramid of 100-pixel tiles (levels 0 and 1) without `missing`.
  static func pyramid(in dir: URL, missing: String? = nil) throws -> URL {
    for (level, cols) in [(0, 2), (1, 1)] {
      for col in 0..<cols {
        let name = "tiles/\(level)/\(col)_0.png"
        guard name != missing else { continue }
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNG.write(Image(width: 100, height: level == 0 ? 100 : 50) { _, _ in (UInt8(col * 200), 90, 40, 255) }, to: url.path)
      }
    }
    let scene = dir.appendingPathComponent("map.json")
    try #"""
      {"width": 200, "height": 100, "layers": [{"type": "tiled", "name": "map", "frame": [0, 0, 200, 100],
        "tileSize": [100, 100], "tilesSize": [200, 100], "tiles": "tiles/{level}/{col}_{row}.png"}]}
      """#.write(to: scene, atomically: true, encoding: .utf8)
    return scene
  }

  @Test func aMissingTileFailsTheRenderWithItsFileAndPath() throws {
    let dir = try scratchDirectory()
    let scene = try Self.pyramid(in: dir, missing: "tiles/0/1_0.png")
    let out = dir.appendingPathComponent("out.png").path
    for backend in ["cpu", "auto"] {
      let (code, c) = strata("render", scene.path, "-o", out, "--backend", backend)
      #expect(code == .failure, "\(c.stderr)")
      #expect(c.stderr == """
        strata render: \(scene.path): layers[0].tiles: tiles/0/1_0.png: file not found (level 0 column 1 row 0 of tiled layer "map"; "missingTiles": "transparent" leaves missing tiles out)

        """)
      #expect(!FileManager.default.fileExists(atPath: out))
    }
    // The whole pyramid renders: its two tiles.
    _ = try Self.pyramid(in: dir)
    let (code, c) = strata("render", scene.path, "-o", out, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let image = try PNG.read(path: out)
    #expect(image[50, 50] == (0, 90, 40, 255) && image[150, 50] == (200, 90, 40, 255))
  }

  @Test func tileMemoryIsChecked() throws {
    for bad in ["0", "1.5", "-3", "2000000", "x"] {
      let (code, c) = strata("render", "s.json", "-o", "o.png", "--tile-memory", bad)
      #expect(code == .usage && c.stderr.hasPrefix("strata render: --tile-memory needs a whole number of MiB from 1 to 1048576, got '\(bad)'"))
    }
    let (twice, c) = strata("render", "s.json", "-o", "o.png", "--tile-memory", "4", "--tile-memory", "8")
    #expect(twice == .usage && c.stderr.hasPrefix("strata render: --tile-memory given twice"))
  }

  /// A 700 x 400 picture in 100-pixel tiles: 28 tiles of 102 x 102 texels bordered,
  /// 1,165,248 bytes (1.11 MiB). `--tile-memory 1` refuses the frame, 2 draws it.
  @Test func tileMemorySetsTheBudget() throws {
    let dir = try scratchDirectory()
    try PNG.write(Image(width: 700, height: 400) { x, y in (UInt8(x % 256), UInt8(y % 256), 0, 255) }, to: dir.appendingPathComponent("big.png").path)
    let scene = dir.appendingPathComponent("big.json")
    try #"""
      {"width": 700, "height": 400, "layers": [{"type": "tiled", "name": "map", "frame": [0, 0, 700, 400],
        "tileSize": [100, 100], "contents": "big.png"}]}
      """#.write(to: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.png").path
    let refused = try ChildProcess.run(["render", scene.path, "-o", out, "--tile-memory", "1", "--backend", "cpu"], directory: dir)
    #expect(refused.termination == .exited(1), "\(refused.stderr)")
    #expect(refused.stderr.hasPrefix(#"strata render: tiled layer "map" needs 28 tiles of level 0 (2 MiB) at once for this frame; the tile budget is 1 MiB"#), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let ok = try ChildProcess.run(["render", scene.path, "-o", out, "--tile-memory", "2", "--backend", "cpu"], directory: dir)
    #expect(ok.termination == .exited(0), "\(ok.stderr)")
    #expect(try PNG.read(path: out)[650, 390] == (138, 134, 0, 255))
  }

  /// An output that names one of the scene's tiles is refused before anything is written,
  /// however it is spelled.
  @Test func anOutputNamingATileIsRefused() throws {
    let dir = try scratchDirectory()
    let scene = try Self.pyramid(in: dir)
    let tile = dir.appendingPathComponent("tiles/1/0_0.png").path
    let before = try PNG.read(path: tile)
    for spelling in [tile, dir.path + "/./tiles/1/0_0.png"] {
      let (code, c) = strata("render", scene.path, "-o", spelling, "--backend", "cpu")
      #expect(code == .usage, "\(c.stderr)")
      #expect(c.stderr.hasPrefix("strata render: -o '\(spelling)' would overwrite a tile the scene reads, '\(tile)'"), "\(c.stderr)")
    }
    #expect(try PNG.read(path: tile).pixels == before.pixels)
  }
}

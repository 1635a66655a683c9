import Foundation
import StrataCLI
import StrataPNG
import StrataScratch
import Testing

/// The CPU renders frames several at a time (`FrameSequence`) through the shared caches:
/// fonts and glyph outlines, path masks, shadow masks, rasterised layers and the tile
/// cache. Every frame of a parallel run must equal the same frame rendered alone; this is
/// also the test that `Scripts/sanitize.sh thread` relies on to see those caches used from
/// several threads at once.
@Suite(.scratch) struct ParallelFramesTests {
  /// Text, a dashed shape, shadows on a path and on a rounded layer, a rasterised
  /// subtree, an image and a tiled layer cut from it, all animated so frames differ.
  static func scene() -> String {
    let root = repoRoot.path
    return """
      {"width": 160, "height": 120, "background": "#202428", "layers": [
        {"type": "text", "frame": [8, 8, 140, 40], "string": "Parallel frames", "font": "\(root)/Tests/Fonts/DejaVuSans-Subset.ttf",
         "fontSize": 14, "isWrapped": true,
         "animations": {"s": {"type": "basic", "keyPath": "fontSize", "fromValue": 10, "toValue": 20, "duration": 1}}},
        {"type": "shape", "frame": [10, 50, 60, 60], "path": "M 5 5 L 55 10 Q 50 50 10 55 Z", "fillColor": "#3478F6",
         "strokeColor": "#FFF", "lineWidth": 3, "lineDashPattern": [6, 3], "shadowOpacity": 0.8, "shadowRadius": 4,
         "animations": {"e": {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 1}}},
        {"frame": [80, 50, 30, 30], "backgroundColor": "#FF9500", "cornerRadius": 8, "shadowOpacity": 0.6, "shadowRadius": 6,
         "shouldRasterize": true, "sublayers": [{"frame": [4, 4, 12, 12], "contents": "\(root)/Examples/images/heart.png"}],
         "animations": {"r": {"type": "basic", "keyPath": "transform.rotation.z", "toValue": "90deg", "duration": 1}}},
        {"type": "tiled", "frame": [115, 50, 40, 60], "contents": "\(root)/Examples/images/photo.png", "tileSize": [32, 32],
         "levelsOfDetail": 3,
         "animations": {"z": {"type": "basic", "keyPath": "transform.scale", "fromValue": 0.5, "toValue": 1.5, "duration": 1}}}
      ]}
      """
  }

  @Test func parallelFramesEqualFramesRenderedAlone() throws {
    let dir = try scratchDirectory()
    let scene = dir.appendingPathComponent("scene.json").path
    try Self.scene().write(toFile: scene, atomically: true, encoding: .utf8)
    let pattern = dir.appendingPathComponent("f-%02d.png").path
    let frames = 8, fps = 8
    let (code, c) = strata("render", scene, "--frames", "0:\(frames)", "--fps", "\(fps)", "-o", pattern, "--backend", "cpu")
    try #require(code == .success, "\(c.stderr)")
    var distinct = Set<[UInt8]>()
    for k in 0..<frames {
      let alone = dir.appendingPathComponent("alone-\(k).png").path
      let (code, c) = strata("render", scene, "--time", "\(Double(k) / Double(fps))", "-o", alone, "--backend", "cpu")
      try #require(code == .success, "\(c.stderr)")
      let parallel = try PNG.read(path: String(format: pattern, k)).pixels
      #expect(parallel == (try PNG.read(path: alone).pixels), "frame \(k) differs when rendered with others")
      distinct.insert(parallel)
    }
    #expect(distinct.count == frames, "the animations make every frame different")
  }
}

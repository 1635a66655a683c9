import Foundation
import Strata
import StrataPNG

extension BenchScenes {
  /// Writes S1 as a scene file, `s1-animated.json`, whose 1000 layers each turn once in 4 s
  /// from their own S1 angle (`transform.rotation.z`), with S1's texture beside it as
  /// `s1-texture.png`: the animated S1 that `Scripts/bench.sh` renders as 120 frames with
  /// `strata render --frames`, the tool's own frame pipeline (snapshots, parallel frames,
  /// PNG encoding) rather than this benchmark's loop. Frame 0 is S1.
  static func writeAnimatedS1(to dir: String) throws -> String {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let texture = Image(width: 128, height: 128) { x, y in
      (UInt8(2 * x), UInt8(2 * y), UInt8(255 - (x + y)), ((x >> 4) ^ (y >> 4)) & 1 == 0 ? 255 : 128)
    }
    try PNG.write(texture, to: dir + "/s1-texture.png")
    var rng = SplitMix64(seed: 0x5EED_0001)
    var layers: [String] = []
    for _ in 0..<1000 {
      let cx = rng.uniform(0, 1920), cy = rng.uniform(0, 1080)
      let angle = rng.uniform(0, 2 * Double.pi), scale = rng.uniform(0.5, 1.5)
      let opacity = rng.uniform(0.5, 1.0)
      layers.append(
        #"{"bounds": [0, 0, 128, 128], "position": [\#(cx), \#(cy)], "opacity": \#(opacity), "contents": "s1-texture.png", "#
          + #""transform": [{"scale": \#(scale)}, {"rotate": \#(angle)}], "animations": {"turn": {"type": "basic", "#
          + #""keyPath": "transform.rotation.z", "fromValue": \#(angle), "toValue": \#(angle + 2 * Double.pi), "#
          + #""duration": 4, "repeatCount": "infinity"}}}"#)
    }
    let json = ##"{"width": 1920, "height": 1080, "background": "#282830", "layers": ["##+"\n"
      + layers.joined(separator: ",\n") + "\n]}\n"
    let path = dir + "/s1-animated.json"
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}

import Foundation
import Strata
import StrataPNG

/// The tiled-layer scenes of issue 13 (no peer draws them): a 100000 x 100000 pixel
/// pyramid of 256-pixel PNG tiles (10 levels, 204,166 files) drawn zoomed out to fit the
/// 1920 x 1080 canvas and at 1:1 in its top-left corner.
///
/// The pyramid is made once, in `$STRATA_BENCH_TILES` (default a folder in the temporary
/// directory): eight distinct tiles of noise (about 190 KB each, slow to decode like
/// photographs), and every tile file a hard link to one of them, so making it writes eight
/// files and 204,166 directory entries. The PNG source opens and decodes each file a
/// frame needs, as with a real pyramid.
extension BenchScenes {
  static let tiledSide = 100_000

  /// The pyramid's folder, made if it is not there (a file `complete` marks it done).
  static func tilePyramid() -> PNGTileSource {
    let dir = ProcessInfo.processInfo.environment["STRATA_BENCH_TILES"]
      ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("strata-bench-tiles-\(tiledSide)")
    let pattern = try! TilePattern("tiles/{level}/{col}_{row}.png")
    let source = PNGTileSource(pattern: pattern, baseDirectory: dir, pixelWidth: tiledSide, pixelHeight: tiledSide)
    let fm = FileManager.default
    let marker = dir + "/complete"
    guard !fm.fileExists(atPath: marker) else { return source }
    FileHandle.standardError.write("strata-bench: making the 100000 x 100000 tile pyramid in \(dir) (once)\n".data(using: .utf8)!)
    var rng = SplitMix64(seed: 13)
    var distinct: [String] = []
    try! fm.createDirectory(atPath: dir + "/distinct", withIntermediateDirectories: true)
    for k in 0..<8 {
      let base = (UInt8(40 + 25 * k), UInt8(200 - 20 * k), UInt8(90 + 18 * (k % 4)))
      var noise = [UInt8](repeating: 0, count: 256 * 256)
      for i in noise.indices { noise[i] = UInt8(truncatingIfNeeded: rng.next() >> 58) }
      let image = Image(width: 256, height: 256) { x, y in
        let n = noise[y * 256 + x]
        return (base.0 &+ n, base.1 &+ n, base.2 &+ UInt8(truncatingIfNeeded: (x ^ y) & 15), 255)
      }
      let path = dir + "/distinct/\(k).png"
      try! PNG.write(image, to: path)
      distinct.append(path)
    }
    for level in 0..<source.levelCount {
      let levelDir = dir + "/tiles/\(level)"
      try! fm.createDirectory(atPath: levelDir, withIntermediateDirectories: true)
      for row in 0..<source.rows(level) {
        for col in 0..<source.columns(level) {
          let path = levelDir + "/\(col)_\(row).png"
          if fm.fileExists(atPath: path) { continue }
          // Edge tiles are whole tiles too: the source cuts padded tiles to the level.
          try! fm.linkItem(atPath: distinct[(level * 7 + col * 3 + row * 5) % 8], toPath: path)
        }
      }
    }
    _ = fm.createFile(atPath: marker, contents: nil)
    return source
  }

  static func tiled(scale: Double, at origin: Point) -> BenchScene {
    let root = Layer()
    root.bounds = Rect(0, 0, 1920, 1080)
    root.anchorPoint = .zero
    let t = TiledLayer()
    t.tileSource = tilePyramid()
    t.levelsOfDetail = t.tileSource!.levelCount
    t.anchorPoint = .zero
    t.bounds = Rect(0, 0, Double(tiledSide), Double(tiledSide))
    t.position = origin
    t.transform = .scale(scale, scale, 1)
    try! root.addSublayer(t)
    return BenchScene(background: Color(0.1, 0.1, 0.12), root: root)
  }

  /// TILED:fit: the whole pyramid in the canvas's height, centred (0.0108 pixels per
  /// point: level 6, 1563 pixels across, 7 x 7 tiles).
  static func tiledFit() -> BenchScene {
    let scale = 1080 / Double(tiledSide)
    return tiled(scale: scale, at: Point(x: (1920 - 1080) / 2, y: 0))
  }

  /// TILED:corner: level 0 at 1:1, its top-left corner at the canvas's.
  static func tiledCorner() -> BenchScene { tiled(scale: 1, at: .zero) }

  /// The peak resident memory of this process so far (VmHWM), in bytes.
  static func peakResidentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      if let kib = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) }) {
        return kib * 1024
      }
    }
    return 0
  }
}

import Foundation
import Strata
import StrataCompare
import StrataLottie
import StrataPNG
import StrataRender

/// lottie-ios's Core Animation reference sets (`Tests/LottieCorpus`, Lottie JSON, and
/// `Tests/LottieCorpus/set2`, dotLottie containers): every sample, the frames Apple's renders
/// show, and the comparison lottie-ios makes.
struct LottieCorpus {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../LottieCorpus").standardizedFileURL
  /// The folders with a `manifest.json`, each a set.
  static let sets = [directory, directory.appendingPathComponent("set2")]

  struct Manifest: Decodable {
    var samples: [Sample]
  }

  struct Sample: Decodable {
    var name: String
    /// The sample's file: `json` in the first set's manifest, `file` in the second's.
    var json: String?
    var file: String?
    var precision: Double
    var perceptual_precision: Double
    var snapshot_size_points: [Double]
    var snapshot_size_1x: [Int]
    var snapshots: [Snapshot]
  }

  struct Snapshot: Decodable {
    var png: String
    var progress: Double
    var frame: Double
  }

  /// One snapshot point: the sample, the frame, and Apple's picture.
  struct Point: CustomStringConvertible, Sendable {
    var sample: String
    /// The sample's file and Apple's picture, absolute.
    var file: URL
    var png: URL
    var percent: Int
    var frame: Double
    var points: (width: Double, height: Double)
    var pixels: (width: Int, height: Int)
    var precision: SnapshotPrecision
    /// `name-percent`, the PNG's own name: how failures are listed.
    var description: String { "\(sample)-\(percent)" }
  }

  static func manifest(_ set: URL) throws -> Manifest {
    try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: set.appendingPathComponent("manifest.json")))
  }

  /// Every snapshot point of every sample the manifests keep, set by set in their order.
  static func points() throws -> [Point] {
    try sets.flatMap { set in try points(set) }
  }

  static func points(_ set: URL) throws -> [Point] {
    try manifest(set).samples.flatMap { s in
      s.snapshots.map { snap in
        Point(
          sample: s.name, file: set.appendingPathComponent(s.file ?? s.json ?? ""), png: set.appendingPathComponent(snap.png),
          percent: Int((snap.progress * 100).rounded()), frame: snap.frame,
          points: (s.snapshot_size_points[0], s.snapshot_size_points[1]),
          pixels: (s.snapshot_size_1x[0], s.snapshot_size_1x[1]),
          precision: SnapshotPrecision(precision: s.precision, perceptualPrecision: s.perceptual_precision))
      }
    }
  }

  /// Apple's picture of `point`.
  static func reference(_ point: Point) throws -> Image {
    try PNG.read(path: point.png.path)
  }

  /// The sample of `point` imported: Lottie JSON, or a dotLottie container's first
  /// animation (the one lottie-ios plays).
  static func animation(_ point: Point) throws -> LottieAnimation {
    try LottieAnimation(contentsOf: point.file)
  }

  /// The render list of `point` as lottie-ios's snapshot draws it: the animation fitted to
  /// the snapshot's size in points, drawn at 2x (as Apple's simulator drew it) on a canvas
  /// of `ceil(2 × points)` pixels, at the frame's exact time. `reduced` then makes the 1x
  /// picture the way the references were made.
  static func list(_ point: Point, animation: LottieAnimation) -> RenderList {
    let layer = animation.makeLayer(width: point.points.width, height: point.points.height)
    let (w, h) = twiceSize(point)
    return RenderListCompiler(width: w, height: h, scale: 2, background: .clear)
      .compile(layer.snapshot(at: animation.time(forFrame: point.frame)))
  }

  /// The 2x canvas: `ceil(2 × points)` pixels.
  static func twiceSize(_ point: Point) -> (Int, Int) {
    (Int((2 * point.points.width).rounded(.up)), Int((2 * point.points.height).rounded(.up)))
  }

  /// A 2x render reduced to 1x as the references were (`Tests/LottieCorpus/README.md`): a
  /// transparent column or row added where the 2x size is odd, then each 2 x 2 block's
  /// premultiplied 8-bit values averaged exactly, un-premultiplied and rounded.
  static func reduced(_ twice: PixelBuffer, to point: Point) -> Image {
    let (w, h) = point.pixels
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        var sum = SIMD4<Int>(repeating: 0)
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
          let sx = 2 * x + dx, sy = 2 * y + dy
          guard sx < twice.width, sy < twice.height else { continue }
          let p = twice[sx, sy]
          sum &+= SIMD4(Int(p.0), Int(p.1), Int(p.2), Int(p.3))
        }
        let i = (y * w + x) * 4
        guard sum.w > 0 else { continue }
        // Straight colour: (sum / 4) / (alpha sum / 4) of 255, rounded half up.
        for c in 0..<3 { out[i + c] = UInt8(min(255, (2 * 255 * sum[c] + sum.w) / (2 * sum.w))) }
        out[i + 3] = UInt8((sum.w + 2) / 4)
      }
    }
    return Image(width: w, height: h, straightPixels: out)
  }
}

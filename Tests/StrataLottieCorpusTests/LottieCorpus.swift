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

  /// The render list of `point` as lottie-ios's snapshot draws it: the animation scaled to
  /// fill the snapshot's size in points, on a canvas of the 1x picture's pixels, at the
  /// frame's exact time.
  static func list(_ point: Point, animation: LottieAnimation) -> RenderList {
    let layer = animation.makeLayer(width: point.points.width, height: point.points.height)
    return RenderListCompiler(width: point.pixels.width, height: point.pixels.height, scale: 1, background: .clear)
      .compile(layer.snapshot(at: animation.time(forFrame: point.frame)))
  }
}

import Foundation
import Strata
import StrataLottie

/// LOTTIE (not in `../shared/peers/SCENES.md`): the largest vector sample of the Lottie
/// corpus, `LottieFiles/growth.json` (158 KB: 18 shape layers, 122 groups, 185 paths,
/// masks and gradients), imported, and its middle frame drawn at 1080 x 1080 in the middle
/// of the 1920 x 1080 canvas. `LOTTIE import` is the time to read and import the file
/// (JSON parsing, decoding, building the layer tree); the frame lines time snapshot,
/// compile and render as for the other scenes. The corpus is found beside the sources
/// (`Tests/LottieCorpus`) or in `$STRATA_LOTTIE_CORPUS`.
extension BenchScenes {
  static let lottieSample = "samples/LottieFiles/growth.json"

  static func lottieCorpus() -> URL {
    if let dir = ProcessInfo.processInfo.environment["STRATA_LOTTIE_CORPUS"] { return URL(fileURLWithPath: dir) }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tests/LottieCorpus")
  }

  /// Imports the sample `runs` times and returns the times in milliseconds with the last
  /// animation.
  static func importLottie(runs: Int) -> ([Double], LottieAnimation) {
    let url = lottieCorpus().appendingPathComponent(lottieSample)
    var times: [Double] = []
    var last: LottieAnimation? = nil
    for _ in 0..<max(runs, 1) {
      let t0 = DispatchTime.now().uptimeNanoseconds
      do throws(LottieError) {
        last = try LottieAnimation(contentsOf: url)
      } catch {
        FileHandle.standardError.write("strata-bench: LOTTIE: \(error)\n".data(using: .utf8)!)
        exit(1)
      }
      times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    return (times, last!)
  }

  /// Times the import (`LOTTIE import` line, the first import not counted) and returns
  /// the frame's scene.
  static func lottieTimed(runs: Int) -> BenchScene {
    let (times, animation) = importLottie(runs: runs)
    let t = times.count > 1 ? Array(times.dropFirst()) : times
    let sorted = t.sorted()
    print("LOTTIE import \(String(format: "%.3f", sorted[sorted.count / 2]))")
    FileHandle.standardError.write(
      "LOTTIE import min \(String(format: "%.3f", sorted.first!)) max \(String(format: "%.3f", sorted.last!)) n \(sorted.count)\n".data(using: .utf8)!)
    return lottie(animation)
  }

  static func lottie(_ animation: LottieAnimation) -> BenchScene {
    let root = Layer()
    root.bounds = Rect(0, 0, 1920, 1080)
    root.anchorPoint = .zero
    let layer = animation.makeLayer(width: 1080, height: 1080)
    layer.position = Point(420, 0)
    try! root.addSublayer(layer)
    return BenchScene(background: .white, root: root, time: animation.time(forFrame: animation.frame(forProgress: 0.5)))
  }
}

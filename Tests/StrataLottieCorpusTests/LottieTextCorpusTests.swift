import Foundation
import Strata
import StrataCPU
import StrataCompare
import StrataGL
import StrataLottie
import StrataPNG
import StrataRender
import Synchronization
import Testing

/// Strata's Lottie text against Apple's: lottie-ios's text samples
/// (`Tests/LottieCorpus/text`), rendered at every snapshot point on each backend.
///
/// Apple drew them with fonts Linux lacks, so pictures are not compared pixel by pixel.
/// The criterion is where each line's ink is and its colour (`TextInk`): per line of the
/// manifest, the bounding box of the pixels of the text's colour in our render and in
/// Apple's, and the colour where the glyphs cover whole pixels, within `TextInkTolerance`:
/// every edge within 1 px where the glyphs are Apple's (`chars`) or a metric-compatible
/// font's; for a stand-in font, the justified edge, top and bottom within 2 px and width
/// and height within 8%. Samples marked `"whole"` must also pass lottie-ios's own rule.
/// Each line prints `lottie-text <point> <backend> <line>: <ours> apple <Apple's>`.
@Suite struct LottieTextCorpusTests {
  struct Manifest: Decodable {
    var samples: [Sample]
  }

  struct Sample: Decodable {
    var name: String
    var json: String
    var snapshot_size_points: [Double]
    var snapshot_size_1x: [Int]
    var precision: Double
    var perceptual_precision: Double
    /// `chars`, `font` (metric-compatible with Apple's) or `stand-in`.
    var glyphs: String
    var lines: [Line]
    var snapshots: [Snapshot]
    /// The whole picture passes lottie-ios's rule too.
    var whole: Bool?
  }

  struct Line: Decodable {
    var text: String
    var rect: [Int]
    var color: String
    var align: String
  }

  struct Snapshot: Decodable {
    var png: String
    var progress: Double
    var frame: Double
  }

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../LottieCorpus/text").standardizedFileURL

  static let manifest: Manifest? = try? JSONDecoder().decode(
    Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))

  static let samples: [String] = manifest?.samples.map(\.name) ?? []

  /// One GPU renderer for the suite, used by one test at a time; nil without an EGL context.
  static let gpu: GLRenderer? = try? GLRenderer()
  static let gpuLock = Mutex(())

  @Test func theCorpusIsComplete() throws {
    let m = try #require(Self.manifest)
    #expect(m.samples.count == 9 && m.samples.reduce(0) { $0 + $1.snapshots.count } == 45)
  }

  @Test(arguments: samples)
  func textMatchesApplesRenders(_ name: String) throws {
    let sample = try #require(Self.manifest?.samples.first { $0.name == name })
    let animation = try LottieAnimation(contentsOf: Self.directory.appendingPathComponent(sample.json))
    let tolerance: TextInkTolerance = sample.glyphs == "stand-in" ? .standIn : .sameGlyphs
    let cpu = CPURenderer()
    var renderers: [(String, (RenderList) throws -> PixelBuffer)] = [("cpu", { try cpu.render($0) })]
    if let gpu = Self.gpu {
      renderers.append(("gpu", { list in try Self.gpuLock.withLock { _ in try gpu.render(list) } }))
    } else if ProcessInfo.processInfo.environment["CI"] == "true" {
      Issue.record("no GPU context")
    }
    for snap in sample.snapshots {
      let point = "\(name)-\(Int((snap.progress * 100).rounded()))"
      let apple = try PNG.read(path: Self.directory.appendingPathComponent(snap.png).path)
      let layer = animation.makeLayer(width: sample.snapshot_size_points[0], height: sample.snapshot_size_points[1])
      let list = RenderListCompiler(width: sample.snapshot_size_1x[0], height: sample.snapshot_size_1x[1], scale: 1, background: .clear)
        .compile(layer.snapshot(at: animation.time(forFrame: snap.frame)))
      for (backend, render) in renderers {
        let ours = try render(list).image.pngRoundTripped
        try #require(ours.width == apple.width && ours.height == apple.height, "\(point) \(backend): size")
        for line in sample.lines {
          let color = try #require(Self.rgb(line.color))
          let a = try #require(TextInk.measure(apple, rect: line.rect, color: color), "\(point): no ink in Apple's render")
          guard let o = TextInk.measure(ours, rect: line.rect, color: color) else {
            Issue.record("\(point) \(backend) \"\(line.text)\": no ink of \(line.color) (Apple's: \(a))")
            continue
          }
          print("lottie-text \(point) \(backend) \"\(line.text)\": \(o) apple \(a)")
          if let problem = tolerance.check(ours: o, apple: a, align: line.align) {
            Issue.record("\(point) \(backend) \"\(line.text)\": \(problem) (ours \(o), Apple's \(a))")
          }
        }
        let whole = SnapshotPrecision(precision: sample.precision, perceptualPrecision: sample.perceptual_precision)
          .compare(reference: apple, actual: ours)
        print("lottie-text \(point) \(backend) whole picture: \(String(format: "%.4f", whole.failingPixelFraction)) over ΔE94 3")
        if sample.whole == true && !whole.passed {
          Issue.record("\(point) \(backend): the whole picture no longer passes lottie-ios's rule (\(whole.failingPixelFraction))")
        }
      }
    }
  }

  /// `#rrggbb` as components.
  static func rgb(_ hex: String) -> (Int, Int, Int)? {
    guard hex.hasPrefix("#"), hex.count == 7, let v = Int(hex.dropFirst(), radix: 16) else { return nil }
    return (v >> 16 & 0xFF, v >> 8 & 0xFF, v & 0xFF)
  }
}

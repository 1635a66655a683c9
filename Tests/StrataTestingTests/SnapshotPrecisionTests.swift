import Foundation
import Strata
import StrataCompare
import StrataPNG
import StrataTesting
import Testing

/// swift-snapshot-testing's `precision` and `perceptualPrecision` against the independent
/// Python rule, `Tests/LottieCorpus/compare_lottie.py`: its figures for 560 pairs of Apple's
/// Lottie renders (each against itself shifted by 1 and 2 pixels, and against the next
/// snapshot of its sample) are recorded by `Fixtures/make_snapshot_precision_figures.py`.
/// Agreement is exact: the same failing pixels and verdicts, ΔE94 to 1e-3.
@Suite(.scratch) struct SnapshotPrecisionTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../LottieCorpus").standardizedFileURL
  static let figuresURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/SnapshotPrecision/figures.json")

  struct Figures: Decodable {
    var kind: String
    var reference: String
    var other: String
    var precision: Double
    var failing_pixels: Int
    var failing_fraction: Double
    var differing_byte_fraction: Double
    var max_delta_e: Double
    var passed: Bool
  }

  /// `image` moved right by `k` pixels, transparent where it uncovers.
  static func shifted(_ image: Image, by k: Int) -> Image {
    let w = image.width, src = image.rgbaPixels
    var out = [SIMD4<UInt8>](repeating: .zero, count: src.count)
    for y in 0..<image.height {
      for x in k..<w { out[y * w + x] = src[y * w + x - k] }
    }
    return Image(width: w, height: image.height, rgbaPixels: out)
  }

  @Test func agreesWithThePythonRuleOnTheLottieCorpus() throws {
    let data = try Data(contentsOf: Self.figuresURL)
    let pairs = try JSONDecoder().decode([Figures].self, from: data)
    #expect(pairs.count == 560)
    #expect(pairs.contains { $0.passed } && pairs.contains { !$0.passed }, "the fixture must hold both verdicts")
    var images: [String: Image] = [:]
    func image(_ png: String) throws -> Image {
      if let i = images[png] { return i }
      let i = try PNG.read(path: Self.corpus.appendingPathComponent(png).path)
      images[png] = i
      return i
    }
    // Every eighth pair and those within 0.2% of their verdict's limit: 107 of the 560,
    // with both verdicts, kept to seconds. (All 560 agreed when the fixture was made.)
    let checked = pairs.enumerated().filter { i, p in i % 8 == 0 || abs(p.failing_fraction - (1 - p.precision)) < 0.002 }
    #expect(checked.count == 107)
    var disagreements: [String] = []
    for (_, p) in checked {
      let reference = try image(p.reference)
      let other =
        switch p.kind {
        case "shift1": Self.shifted(reference, by: 1)
        case "shift2": Self.shifted(reference, by: 2)
        default: try image(p.other)
        }
      let r = SnapshotPrecision(precision: p.precision, perceptualPrecision: 0.97).compare(reference: reference, actual: other)
      let agrees =
        r.failingPixels == p.failing_pixels && r.passed == p.passed
        && abs(r.differingByteFraction - p.differing_byte_fraction) < 1e-12
        && abs(Double(r.largestDeltaE) - p.max_delta_e) < 1e-3 && Double(r.failingPixelFraction) == p.failing_fraction
      if !agrees {
        disagreements.append(
          "\(p.kind) \(p.reference) vs \(p.other): failing \(r.failingPixels) (Python \(p.failing_pixels)), passed \(r.passed) (\(p.passed)), ΔE max \(r.largestDeltaE) (\(p.max_delta_e))"
        )
      }
    }
    let shown = disagreements.prefix(10).joined(separator: "\n")
    #expect(disagreements.isEmpty, "\(disagreements.count) pairs disagree:\n\(shown)")
  }

  /// The published example of ΔE94 (graphic arts), which compare_lottie.py also reproduces:
  /// Lab (50, 2.6772, -79.7751) against (50, 0, -82.7485) is 1.3950; a hand check of the
  /// formula, independent of any image.
  @Test func deltaE94MatchesAPublishedPair() {
    let d = DeltaE94.difference(DeltaE94.Lab(l: 50, a: 2.6772, b: -79.7751), DeltaE94.Lab(l: 50, a: 0, b: -82.7485))
    #expect(abs(d - 1.3950) < 5e-4, "ΔE94 = \(d)")
    // sRGB white is L 100, a b 0; black is L 0.
    let white = DeltaE94.lab(red: 255, green: 255, blue: 255)
    #expect(abs(white.l - 100) < 1e-3 && abs(white.a) < 1e-2 && abs(white.b) < 1e-2, "\(white)")
    #expect(DeltaE94.difference(white, DeltaE94.lab(red: 0, green: 0, blue: 0)) == 100)
  }

  /// The knobs through the testing library: a picture with a sparse 2-pixel shift passes
  /// lottie-ios's rule but not the cross-backend tier, and fails with a strict precision.
  @Test func theKnobsReachTheVerifier() throws {
    let dir = try scratchDirectory()
    let reference = try PNG.read(path: Self.corpus.appendingPathComponent("snapshots/TwitterHeart-75.png").path)
    let moved = Self.shifted(reference, by: 2)
    _ = try ReferenceStore(directory: dir).record(reference, name: "heart", key: "cpu")
    let environment = RenderingEnvironment(recordMode: .never, failureOutput: FailureOutput(directory: dir.appendingPathComponent("failures")))
    let loose = try RenderingVerifier(references: ReferenceStore(directory: dir), environment: environment, precision: .lottie)
      .verify(image: moved, matches: "heart", on: .cpu)
    #expect(loose.passed, "\(loose.message)")
    #expect(ImageComparator.compare(expected: reference, actual: moved, tolerance: .cross).passed == false)
    let tight = try RenderingVerifier(
      references: ReferenceStore(directory: dir), environment: environment,
      precision: SnapshotPrecision(precision: 0.999, perceptualPrecision: 0.97)
    ).verify(image: moved, matches: "heart", on: .cpu)
    #expect(!tight.passed)
    #expect(tight.message.contains("ΔE94"), "\(tight.message)")
  }

  /// The documented use: a scene checked against a picture another renderer drew, with
  /// lottie-ios's knobs (docs/Testing.md). The scene shows Apple's heart moved by 2 pixels.
  @Test func aSceneAgainstAnotherRenderersPicture() throws {
    let apple = try scratchDirectory()
    let reference = try PNG.read(path: Self.corpus.appendingPathComponent("snapshots/TwitterHeart-75.png").path)
    _ = try ReferenceStore(directory: apple).record(reference, name: "heart", key: "cpu")
    let root = Layer()
    root.anchorPoint = .zero
    root.bounds = Rect(0, 0, Double(reference.width), Double(reference.height))
    root.contents = Self.shifted(reference, by: 2)
    let scene = RenderScene(root, width: reference.width, height: reference.height)
    try expectRendering(scene, matches: "heart", referenceDirectory: apple, precision: 0.985, perceptualPrecision: 0.97)
    let drawn = try Backend.cpu.render(scene.list).image
    #expect(drawn.pixels != reference.pixels, "the scene must differ from the reference to prove anything")
  }
}

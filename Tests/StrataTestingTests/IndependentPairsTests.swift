import Foundation
import Strata
import StrataPNG
import StrataCompare
import Testing

/// The default cross-backend tier on pictures from an engine this project does not control:
/// Skia's raster backend against its OpenGL ES backend on llvmpipe, with and without 4x
/// MSAA (`Fixtures/make_independent_pairs.py` draws them; look at `Fixtures/IndependentPairs`).
///
/// The two backends share no formula with each other or with Strata, so their honest
/// differences (analytic coverage vs multisampling, a GPU blur vs a raster blur, gradient
/// interpolation) are what any new renderer brings. They must pass with no budget file; the
/// same scenes with one planted regression, drawn on GL, must fail.
@Suite struct IndependentPairsTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/IndependentPairs")

  static let scenes = ["radial-gradient", "shadow", "hairlines", "shapes", "rotated-image", "linear-blend"]

  /// Every (scene, regression) whose file the generator wrote.
  static let regressions: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { f in f.hasSuffix(".gl.png") && f.split(separator: ".").count == 4 }
      .map { String($0.dropLast(".gl.png".count)) }.sorted()
  }()

  static func image(_ file: String) throws -> Image {
    try PNG.read(path: directory.appendingPathComponent(file).path)
  }

  @Test(arguments: scenes, ["gl", "gl-msaa4"])
  func honestPairPassesTheDefaultTier(_ scene: String, _ backend: String) throws {
    let expected = try Self.image("\(scene).raster.png"), actual = try Self.image("\(scene).\(backend).png")
    let result = ImageComparator.compare(expected: expected, actual: actual, tolerance: .cross)
    #expect(result.differentPixels > 0, "the two backends drew \(scene) identically: the pair proves nothing")
    #expect(result.passed, "\(scene) raster vs \(backend): \(result.summary)")
  }

  @Test func theFixtureHoldsEveryPlantedRegression() {
    #expect(Self.regressions.count >= 15, "\(Self.regressions)")
    for scene in Self.scenes { #expect(Self.regressions.contains { $0.hasPrefix(scene + ".") }, "\(scene)") }
  }

  @Test(arguments: regressions)
  func plantedRegressionFails(_ regression: String) throws {
    let scene = String(regression.prefix { $0 != "." })
    let expected = try Self.image("\(scene).raster.png"), actual = try Self.image("\(regression).gl.png")
    let result = ImageComparator.compare(expected: expected, actual: actual, tolerance: .cross)
    #expect(!result.passed, "\(regression) slipped through: \(result.summary)")
  }
}

import Foundation
import StrataPath
import Testing

/// The stroker against Skia's outlines (`Fixtures/skia-strokes.json`, written by
/// `Fixtures/make_skia_strokes.py` with skia-python at 16× resolution): curves with cusps,
/// loops and tight bends, joins either side of the miter limit, tiny segments, dashes. Each
/// outline is compared as a region: a quarter pixel to either side of every point of one
/// boundary, the other region must agree (inside or outside).
@Suite struct StrokerSkiaTests {
  struct Fixture: Decodable {
    struct Case: Decodable {
      var name: String
      var path: String
      var width: Double
      var cap: String
      var join: String
      var miter: Double
      var dash: [Double]?
      var phase: Double?
      var skia: String
    }
    var skia: String
    var resScale: Double
    var cases: [Case]
  }

  static let fixture: Fixture = {
    let url = Bundle.module.url(forResource: "skia-strokes", withExtension: "json", subdirectory: "Fixtures")!
    return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
  }()

  static func style(_ c: Fixture.Case) -> StrokeStyle {
    StrokeStyle(
      lineWidth: c.width,
      lineCap: ["butt": .butt, "round": .round, "square": .square][c.cap]!,
      lineJoin: ["miter": .miter, "round": .round, "bevel": .bevel][c.join]!,
      miterLimit: c.miter, lineDashPattern: c.dash ?? [], lineDashPhase: c.phase ?? 0)
  }

  @Test func theFixtureHasTheCorpus() {
    #expect(Self.fixture.cases.count >= 20)
    #expect(Self.fixture.resScale >= 8)
  }

  @Test(arguments: fixture.cases.map(\.name))
  func outlineIsWithinAQuarterPixelOfSkias(_ name: String) throws {
    let c = try #require(Self.fixture.cases.first { $0.name == name })
    let ours = Stroker.outline(of: try Path(svgPathData: c.path), style: Self.style(c))
    let skia = try Path(svgPathData: c.skia)
    let a = Region(ours), b = Region(skia)
    let oursAgainstSkia = BoundaryComparison(a, b, distance: 0.25)
    let skiaAgainstOurs = BoundaryComparison(b, a, distance: 0.25)
    #expect(oursAgainstSkia.probes > 100 && skiaAgainstOurs.probes > 100)
    #expect(
      oursAgainstSkia.disagreements.isEmpty,
      "\(name): Skia disagrees a quarter pixel from our outline at \(oursAgainstSkia.disagreements.prefix(5))")
    #expect(
      skiaAgainstOurs.disagreements.isEmpty,
      "\(name): we disagree a quarter pixel from Skia's outline at \(skiaAgainstOurs.disagreements.prefix(5))")
    if let dir = ProcessInfo.processInfo.environment["STRATA_PATH_DUMP"] {
      // For looking at: our outline beside Skia's (Fixtures/show_strokes.py draws them).
      try ours.svgPathData.write(toFile: "\(dir)/\(name).ours.txt", atomically: true, encoding: .utf8)
    }
  }
}

import Foundation
import StrataPath
import Testing

/// Path booleans against Skia's PathOps (`Fixtures/skia-booleans.json`, written by
/// `Scripts/path-boolean-reference.py` with skia-python): for each operand pair and each
/// operation, the area of Strata's result is within the flattening tolerance of Skia's, and
/// at the 48 × 48 points of a grid over the operands (those within 0.05 of a boundary
/// aside) Strata's result fills a point exactly when Skia's does and when the operation of
/// the operands' membership says so. Where Skia is wrong (the case says why) only the
/// operands judge. `STRATA_BOOLEAN_REPORT=1` prints the figures.
@Suite struct PathBooleanSkiaTests {
  struct Fixture: Decodable {
    struct Grid: Decodable {
      var x, y, width, height: Double
      var count: Int
    }
    struct Result: Decodable {
      var skia: String
      var area: Double
      var inside: String
      var skiaFailure: String?
    }
    struct Case: Decodable {
      var name, a, b, ruleA, ruleB: String
      var grid: Grid
      var results: [String: Result]
    }
    var skia: String
    var cases: [Case]
  }

  static let fixture: Fixture = {
    let url = Bundle.module.url(forResource: "skia-booleans", withExtension: "json", subdirectory: "Fixtures")!
    return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
  }()

  /// Strata's flattening tolerance here, and how far from a boundary a probe must be.
  static let tolerance = 0.01, clearance = 0.05

  static func rule(_ name: String) -> FillRule { name == "evenOdd" ? .evenOdd : .nonZero }

  /// Bit `n` of a hex number (most significant digit first).
  static func bit(_ hex: [UInt8], _ n: Int) -> Bool {
    let digit = hex[hex.count - 1 - n / 4]
    let value = digit >= UInt8(ascii: "a") ? digit - UInt8(ascii: "a") + 10 : digit - UInt8(ascii: "0")
    return value >> (n % 4) & 1 == 1
  }

  /// The length of the flattened boundary.
  static func perimeter(_ p: Path) -> Double {
    Flattener.polylines(of: p, tolerance: 0.001).reduce(0) { sum, line in
      sum + line.points.indices.reduce(0) { $0 + line.points[$1].distance(to: line.points[($1 + 1) % line.points.count]) }
    }
  }

  @Test func theFixtureHasTheCorpus() {
    #expect(Self.fixture.cases.count >= 18)
    #expect(Self.fixture.cases.allSatisfy { $0.results.count == 4 })
  }

  @Test(arguments: fixture.cases.map(\.name))
  func agreesWithSkiaAndTheOperands(_ name: String) throws {
    let c = try #require(Self.fixture.cases.first { $0.name == name })
    let a = try Path(svgPathData: c.a), b = try Path(svgPathData: c.b)
    let ra = Region(a, tolerance: 0.001), rb = Region(b, tolerance: 0.001)
    var report: [String] = []
    for op in PathOperation.allCases {
      let expected = try #require(c.results["\(op)"])
      let ours = try a.combined(with: b, operation: op, fillRule: Self.rule(c.ruleA), otherFillRule: Self.rule(c.ruleB), tolerance: Self.tolerance)
      let skia = try Path(svgPathData: expected.skia)
      let mine = Region(ours), theirs = Region(skia, tolerance: 0.001)
      let area = PathBooleanTests.area(ours)
      // Flattening moves the boundary by up to the tolerance; Skia's area (from its
      // anti-aliased coverage) is within about 1e-3 per unit of boundary.
      let allowance = Self.perimeter(skia) * (Self.tolerance + 0.002) + 0.01
      let compareWithSkia = expected.skiaFailure == nil
      if compareWithSkia {
        #expect(abs(area - expected.area) <= allowance, "\(name) \(op): area \(area), Skia's \(expected.area)")
      }
      let hex = Array(expected.inside.utf8)
      var probes = 0, againstSkia = 0, againstOperands = 0
      for j in 0..<c.grid.count {
        for i in 0..<c.grid.count {
          let p = PathPoint(
            c.grid.x + (Double(i) + 0.5) * c.grid.width / Double(c.grid.count),
            c.grid.y + (Double(j) + 0.5) * c.grid.height / Double(c.grid.count))
          guard [ra, rb, mine, theirs].allSatisfy({ $0.isUniform(around: p, radius: Self.clearance) }) else { continue }
          probes += 1
          let inside = mine.contains(p)
          let fromOperands = op.keeps(
            PathBooleanTests.fills(ra, p, Self.rule(c.ruleA)), PathBooleanTests.fills(rb, p, Self.rule(c.ruleB)))
          if compareWithSkia && inside != Self.bit(hex, j * c.grid.count + i) { againstSkia += 1 }
          if inside != fromOperands { againstOperands += 1 }
        }
      }
      #expect(probes > c.grid.count * c.grid.count / 2)
      #expect(againstSkia == 0, "\(name) \(op): \(againstSkia) of \(probes) probes disagree with Skia")
      #expect(againstOperands == 0, "\(name) \(op): \(againstOperands) of \(probes) probes disagree with the operands")
      let skiaFigures =
        compareWithSkia
        ? String(format: "area %.3f vs Skia %.3f (%+.3f, allowed %.2f), %d/%d probes differ from Skia", area, expected.area,
          area - expected.area, allowance, againstSkia, probes)
        : "Skia skipped (\(expected.skiaFailure!)), area \(String(format: "%.3f", area))"
      report.append("  \(op): \(skiaFigures), \(againstOperands) from the operands")
    }
    if ProcessInfo.processInfo.environment["STRATA_BOOLEAN_REPORT"] != nil {
      print("\(name)\n" + report.joined(separator: "\n"))
    }
  }
}

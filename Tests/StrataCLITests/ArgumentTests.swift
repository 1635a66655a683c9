import Foundation
@testable import StrataCLI
import Testing

/// Numbers and frame patterns on the command line (issue 10, items 5 and 9).
@Suite struct ArgumentTests {
  static let scene = repoRoot.appendingPathComponent("Examples/animation.json").path

  /// Numbers are decimal, as the help shows them: `0x10` is not 16, `inf` not infinity.
  @Test(arguments: [
    ["--time", "0x10"], ["--time", "0x1p4"], ["--time", "inf"], ["--time", "nan"], ["--time", " 1"], ["--time", "1_0"],
    ["--scale", "0x2"], ["--scale", "infinity"], ["--frames", "0:4", "--fps", "0x1E"],
  ])
  func nonDecimalNumbersAreUsageErrors(_ extra: [String]) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent(extra.contains("--frames") ? "f%d.png" : "x.png").path
    let (code, c) = strata(["render", Self.scene, "-o", out, "--backend", "cpu"] + extra)
    #expect(code == .usage, "\(extra)")
    #expect(c.stderr.contains("'\(extra.last!)'"), "\(c.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  /// `parity` reads its numbers the same way.
  @Test(arguments: [["--time", "0x10"], ["--time", "inf"], ["--scale", "0x2"]])
  func parityNumbersAreDecimal(_ extra: [String]) {
    let (code, c) = strata(["parity", Self.scene] + extra)
    #expect(code == .usage, "\(extra)")
    #expect(c.stderr.contains("'\(extra.last!)'"), "\(c.stderr)")
  }

  @Test(arguments: [("1", 1.0), ("-0.5", -0.5), (".25", 0.25), ("2.", 2.0), ("1e-1", 0.1), ("+3E2", 300.0)])
  func decimalNumbersAreRead(_ text: String, _ value: Double) {
    #expect(Arguments.decimal(text) == value)
  }

  /// Widths above 32 are refused at once (`%0999999999d` took 60 s and 2.9 GB;
  /// `%099999999999999999999d` was read as `%d`).
  @Test(arguments: ["f-%0999999999d.png", "f-%099999999999999999999d.png", "f-%33d.png", "f-%0100d.png"])
  func hugePatternWidthsAreUsageErrors(_ pattern: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent(pattern).path
    let (code, c) = strata("render", Self.scene, "--frames", "0:2", "-o", out, "--backend", "cpu")
    #expect(code == .usage)
    #expect(c.stderr.contains("is more than 32"), "\(c.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test func widthsUpTo32Work() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for pattern in ["a-%032d.png", "b-%0032d.png", "c-%5d.png"] {
      let (code, c) = strata("render", Self.scene, "--frames", "7:8", "-o", dir.appendingPathComponent(pattern).path, "--backend", "cpu")
      #expect(code == .success, "\(pattern): \(c.stderr)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(names == ["a-" + String(repeating: "0", count: 31) + "7.png", "b-" + String(repeating: "0", count: 31) + "7.png", "c-    7.png"])
  }
}

/// `--max-layers` raises or lowers the scene's layer limit, as the limit's message says.
@Suite struct MaxLayersTests {
  static let scene = repoRoot.appendingPathComponent("Examples/effects.json").path

  @Test func aLowerLimitRefusesTheSceneAndARaisedOneRendersIt() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("e.png").path
    let (refused, c) = strata("render", Self.scene, "-o", out, "--backend", "cpu", "--max-layers", "3")
    #expect(refused == .failure)
    #expect(c.stderr.contains("more than 3 layers; that is the limit for one scene (strata render and parity take --max-layers N to raise it)"), "\(c.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let (rendered, d) = strata("render", Self.scene, "-o", out, "--backend", "cpu", "--max-layers", "1000")
    #expect(rendered == .success, "\(d.stderr)")
    #expect(FileManager.default.fileExists(atPath: out))
  }

  @Test(arguments: ["-1", "x", "1e3", "0x10"])
  func aLimitIsAWholeNumber(_ value: String) {
    let (code, c) = strata("render", Self.scene, "-o", "/nonexistent/x.png", "--max-layers", value)
    #expect(code == .usage)
    #expect(c.stderr.contains("--max-layers needs a whole number, got '\(value)'"), "\(c.stderr)")
  }
}

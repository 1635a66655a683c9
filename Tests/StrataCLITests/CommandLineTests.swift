import Foundation
import Strata
import StrataCLI
import StrataPNG
import StrataScratch
import Testing

/// What a user meets on day one: the README's commands work as written, mistakes are
/// reported briefly, and nothing surprising lands on disk.
@Suite(.scratch) struct CommandLineTests {
  static let animation = repoRoot.appendingPathComponent("Examples/animation.json").path

  /// The README's own command: `-o 'frames/frame-%04d.png'` where `frames/` does not exist.
  @Test func framePatternCreatesItsDirectory() throws {
    let dir = try scratchDirectory()
    let pattern = dir.appendingPathComponent("frames/deeper/frame-%04d.png").path
    let (code, c) = strata("render", Self.animation, "--frames", "0:2", "-o", pattern, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames/deeper").path).sorted()
    #expect(names == ["frame-0000.png", "frame-0001.png"])
  }

  /// A pattern where one file is written would give a file literally named `x-%d.png`.
  @Test func patternForOneFileIsRefused() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("x-%d.png").path
    let cases: [[String]] = [
      ["--frames", "0:2", "--format", "apng", "-o", out],
      ["--frames", "0:2", "--format", "rgba", "-o", out],
      ["--time", "0.5", "-o", out],
    ]
    for extra in cases {
      let (code, c) = strata(["render", Self.animation, "--backend", "cpu"] + extra)
      #expect(code == .usage, "\(extra)")
      #expect(c.stderr.contains("%d"), "\(extra): \(c.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test func repeatedOutputIsAnError() throws {
    let dir = try scratchDirectory()
    let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
    for (first, second) in [("-o", "-o"), ("-o", "--output"), ("--output", "-o")] {
      let (code, c) = strata("render", Self.animation, first, a, second, b, "--backend", "cpu")
      #expect(code == .usage, "\(first) \(second)")
      #expect(c.stderr.contains("given twice"), "\(c.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  /// A usage error is the message, the one-line usage and a pointer to `--help`: three
  /// lines, not the whole help.
  @Test(arguments: [
    ["render", "a.json", "-o", "x.png", "--bogus"],
    ["render", "a.json"],
    ["info", "extra"],
    ["compare", "a.png"],
    ["parity", "a.json", "--bogus"],
    ["frobnicate"],
  ])
  func usageErrorIsShort(_ args: [String]) {
    let (code, c) = strata(args)
    #expect(code == .usage)
    let lines = c.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 3, "\(c.stderr)")
    #expect(lines.dropFirst().first?.hasPrefix("usage: strata") == true, "\(c.stderr)")
    #expect(lines.last?.contains("--help") == true, "\(c.stderr)")
    #expect(c.stdout.isEmpty)
  }

  @Test func versionPrintsOneLine() throws {
    let (code, c) = strata("--version")
    #expect(code == .success)
    let version = try #require(c.stdout.split(separator: "\n").first)
    #expect(c.stdout == "\(version)\n")
    #expect(version.wholeMatch(of: /strata \d+\.\d+\.\d+/) != nil, "\(c.stdout)")
    #expect(c.stderr.isEmpty)
  }
}

func strata(_ args: [String]) -> (ExitCode, Captured) {
  let c = Captured()
  return (StrataCommand.run(args, console: c.console), c)
}

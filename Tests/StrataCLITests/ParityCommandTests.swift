import Foundation
import StrataCLI
import StrataPNG
import StrataScratch
import Testing

@Suite(.scratch) struct ParityCommandTests {
  @Test func showcaseAgreesAcrossBackends() throws {
    let dir = try scratchDirectory()
    let (code, c) = strata("parity", repoRoot.appendingPathComponent("Examples/showcase.json").path, "--diff", dir.appendingPathComponent("d.png").path)
    // The checker floor under steep perspective once had GPU holes (trilinear levels read
    // per 2x2 quad on llvmpipe); the default tier sees such holes as flipped pixels.
    #expect(code == .success, "\(c.stdout)\(c.stderr)")
    #expect(c.stdout.contains("agree"))
  }

  /// The report names the allowance the default tier derived from the picture.
  @Test func parityReportsTheAllowanceItUsed() throws {
    let (code, c) = strata("parity", repoRoot.appendingPathComponent("Examples/effects.json").path)
    #expect(code == .success, "\(c.stdout)\(c.stderr)")
    #expect(c.stdout.contains("allowance: envelope "), "\(c.stdout)")
    #expect(c.stdout.contains("edge pixels"), "\(c.stdout)")
  }

  /// An animated scene is compared at the time asked for.
  @Test func parityAtATime() throws {
    let scene = repoRoot.appendingPathComponent("Examples/animation.json").path
    let (code, c) = strata("parity", scene, "--time", "1.25")
    #expect(code == .success, "\(c.stdout)\(c.stderr)")
    #expect(c.stdout.contains("at 1.25 s"), "\(c.stdout)")
    #expect(strata("parity", scene, "--time", "soon").0 == .usage)
  }

  @Test func effectsAgreeAcrossBackends() throws {
    let (code, c) = strata("parity", repoRoot.appendingPathComponent("Examples/effects.json").path)
    #expect(code == .success, "\(c.stdout)\(c.stderr)")
  }

  /// The effects example still draws what its committed picture shows.
  @Test func effectsMatchTheCommittedPicture() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("effects.png").path
    let (code, c) = strata("render", repoRoot.appendingPathComponent("Examples/effects.json").path, "-o", out, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let got = try PNG.read(path: out).pixels, want = try PNG.read(path: repoRoot.appendingPathComponent("Examples/effects.png").path).pixels
    #expect(got.count == want.count)
    #expect(zip(got, want).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
  }

  @Test func usageAndErrors() {
    #expect(strata("parity", "--help").0 == .success)
    #expect(strata("parity").0 == .usage)
    #expect(strata("parity", "/nonexistent.json").0 == .usage)
    let (code, c) = strata("parity", "a.json", "--scale", "0")
    #expect(code == .usage && c.stderr.contains("--scale needs a positive number, got '0'"))
    #expect(strata("parity", "a.json", "b.json").0 == .usage)
    #expect(strata("parity", "a.json", "--diff").0 == .usage)
  }
}

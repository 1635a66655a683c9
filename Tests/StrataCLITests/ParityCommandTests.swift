import Foundation
import StrataCLI
import Testing

@Suite struct ParityCommandTests {
  @Test func showcaseAgreesAcrossBackends() throws {
    let dir = try scratchDirectory()
    let (code, c) = strata("parity", repoRoot.appendingPathComponent("Examples/showcase.json").path, "--diff", dir.appendingPathComponent("d.png").path)
    #expect(code == .success, "\(c.stdout)\(c.stderr)")
    #expect(c.stdout.contains("agree"))
  }

  @Test func usageAndErrors() {
    #expect(strata("parity", "--help").0 == .success)
    #expect(strata("parity").0 == .usage)
    #expect(strata("parity", "/nonexistent.json").0 == .usage)
  }
}

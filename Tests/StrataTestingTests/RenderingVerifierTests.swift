import Foundation
import Strata
import StrataPNG
@testable import StrataCompare
import StrataScratch
@testable import StrataTesting
import Testing

/// Reference lookup, tiers, record modes and failure output of `RenderingVerifier`.
@Suite(.scratch) struct RenderingVerifierTests {
  /// Recording takes a lock in the temporary directory; one file serves every reference
  /// directory, so test runs do not leave a lock file per directory they used.
  @Test func recordingLeavesNoLockFilePerReferenceDirectory() throws {
    let tmp = FileManager.default.temporaryDirectory.path
    func locks() -> Set<String> {
      Set(((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []).filter { $0.hasPrefix("strata-record") })
    }
    let before = locks()
    for _ in 0..<3 {
      let v = try verifier()
      #expect(try v.verify(cardScene(), matches: "card", on: .cpu).status == .recorded)
    }
    let added = locks().subtracting(before)
    #expect(added.isSubset(of: ["strata-record.lock"]), "\(added.sorted())")
  }

  @Test func aMissingReferenceIsRecordedAndFailsThenMatches() throws {
    let v = try verifier()
    let first = try v.verify(cardScene(), matches: "card", on: .cpu)
    #expect(first.status == .recorded)
    #expect(first.message.contains("recorded a new reference") && first.message.contains("card.cpu.png"))
    #expect(FileManager.default.fileExists(atPath: v.references.url(name: "card", key: "cpu").path))
    let second = try v.verify(cardScene(), matches: "card", on: .cpu)
    #expect(second.status == .matched && second.passed)
    #expect(second.comparison?.tier == "strict")
  }

  @Test func neverModeDoesNotRecord() throws {
    let v = try verifier(.never)
    let outcome = try v.verify(cardScene(), matches: "card", on: .cpu)
    #expect(outcome.status == .missingReference)
    #expect(outcome.message.contains("card.cpu.png"))
    #expect(!FileManager.default.fileExists(atPath: v.references.url(name: "card", key: "cpu").path))
  }

  @Test func allModeReRecordsAndFails() throws {
    var v = try verifier()
    _ = try v.verify(cardScene(), matches: "card", on: .cpu)
    v.environment.recordMode = .all
    #expect(try v.verify(cardScene(), matches: "card", on: .cpu).status == .recorded)
  }

  @Test func anotherBackendFallsBackToTheCPUReferenceWithTheCrossTier() throws {
    let v = try verifier()
    _ = try v.verify(cardScene(), matches: "card", on: .cpu)
    let outcome = try v.verify(cardScene(), matches: "card", on: FakeBackends.honest)
    #expect(outcome.status == .matched, "\(outcome.message)")
    #expect(outcome.comparison?.tier == "cross-backend")
    #expect(outcome.reference?.hasSuffix("card.cpu.png") == true)
    // With a reference of its own key, the same rendering is held to the strict tier.
    try PNG.write(try PNG.read(path: v.references.url(name: "card", key: "cpu").path), to: v.references.url(name: "card", key: "fake").path)
    #expect(try v.verify(cardScene(), matches: "card", on: FakeBackends.honest).comparison?.tier == "cross-backend")
    try PNG.write(try PNG.read(path: v.references.url(name: "card", key: "cpu").path), to: v.references.url(name: "card", key: "fake-gpu").path)
    let strict = try v.verify(cardScene(), matches: "card", on: FakeBackends.honest)
    #expect(strict.status == .mismatched && strict.comparison?.tier == "strict")
  }

  @Test func aMismatchWritesThePanelReportAndIndex() throws {
    let v = try verifier()
    _ = try v.verify(cardScene(), matches: "card", on: .cpu)
    let outcome = try v.verify(cardScene(), matches: "card", on: FakeBackends.shifted)
    #expect(outcome.status == .mismatched)
    let files = try #require(outcome.files)
    for path in [files.diff, files.actual, files.report, files.index] {
      #expect(FileManager.default.fileExists(atPath: path), "\(path)")
      #expect(outcome.message.contains(path))
    }
    #expect(outcome.message.contains("edge pixels moved"))
    let panel = try PNG.read(path: files.diff)
    #expect(panel.width == 3 * 160 * 1 + 8 && panel.height == 120)
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files.report))) as? [String: Any]
    let result = report?["result"] as? [String: Any]
    #expect(result?["passed"] as? Bool == false)
    #expect((result?["regions"] as? [[String: Any]])?.first?["width"] != nil)
    // A second failure in the same run joins the same page.
    _ = try v.verify(cardScene(opacity: 0.9), matches: "card", on: .cpu)
    let html = try String(contentsOfFile: files.index, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
    #expect(html.components(separatedBy: "<section>").count == 3)
    #expect(html.contains("card.fake-shifted.diff.png") && html.contains("card.cpu.diff.png"))
  }

  @Test func anyAcceptedImageMatches() throws {
    let v = try verifier()
    try v.references.record(try FakeBackends.shifted.render(cardScene().list).image, name: "card", key: "cpu")
    #expect(try v.verify(cardScene(), matches: "card", on: .cpu).status == .mismatched)
    try PNG.write(try Backend.cpu.render(cardScene().list), to: v.references.url(name: "card", key: "cpu", variant: 2).path)
    let outcome = try v.verify(cardScene(), matches: "card", on: .cpu)
    #expect(outcome.status == .matched)
    #expect(outcome.reference?.hasSuffix("card.cpu.2.png") == true)
  }

  @Test func failedModeRecordsTheBackendsOwnReference() throws {
    var v = try verifier()
    _ = try v.verify(cardScene(), matches: "card", on: .cpu)
    v.environment.recordMode = .failed
    let outcome = try v.verify(cardScene(), matches: "card", on: FakeBackends.shifted)
    #expect(outcome.status == .recorded)
    #expect(FileManager.default.fileExists(atPath: v.references.url(name: "card", key: "fake-shifted").path))
    v.environment.recordMode = .never
    #expect(try v.verify(cardScene(), matches: "card", on: FakeBackends.shifted).status == .matched)
  }

  @Test func budgetsComeFromTheSidecarAndSayWhenTheyCanBeTightened() throws {
    let v = try verifier()
    _ = try v.verify(cardScene(), matches: "card", on: .cpu)
    var loose = Budget()
    loose.geometryPixels = .init(max: 10_000)
    loose.envelopePixels = .init(max: 10_000, min: 5_000)
    loose.flatPixels = .init(max: 10_000)
    loose.meanSignedDifference = .init(max: 100)
    try BudgetFile.save([BudgetFile.pairKey(actual: "fake-shifted", reference: "cpu"): loose], to: v.references.budgetURL(name: "card"))
    let outcome = try v.verify(cardScene(), matches: "card", on: FakeBackends.shifted)
    #expect(outcome.status == .matched, "\(outcome.message)")
    #expect(outcome.notes.contains { $0.contains("envelopePixels") && $0.contains("can be tightened") })
  }

  @Test func calibrationWritesTheBudgetAndFails() throws {
    var v = try verifier(calibrate: true)
    v.environment.calibrate = false
    _ = try v.verify(cardScene(), matches: "card", on: .cpu)
    v.environment.calibrate = true
    let outcome = try v.verify(cardScene(), matches: "card", on: FakeBackends.honest)
    #expect(outcome.status == .calibrated)
    let budgets = try BudgetFile.load(v.references.budgetURL(name: "card"))
    let b = try #require(budgets["fake-gpu vs cpu"])
    let m = try #require(outcome.comparison?.measurements)
    let defaults = CrossBackendTolerance().defaultAllowance(for: m, pixels: 160 * 120)
    // Never looser than the default, never tighter than what was measured plus the margin
    // (unless that is the default itself).
    let pairs: [(Budget.Limit?, Int, Double)] = [
      (b.envelopePixels, m.envelopePixels, defaults.envelopePixels), (b.geometryPixels, m.geometryPixels, defaults.geometryPixels),
      (b.flatPixels, m.flatPixels, defaults.flatPixels), (b.criticalAlphaPixels, m.criticalAlphaPixels, defaults.criticalAlphaPixels),
      (b.clusteredPixels, m.clusteredPixels, defaults.clusteredPixels),
    ]
    for (limit, measured, ceiling) in pairs {
      let max = try #require(limit?.max)
      #expect(max <= ceiling, "\(max) above the default \(ceiling)")
      #expect(max >= min(ceiling, Double(measured) + Budget.pixelMargin(Double(measured))))
    }
    let bias = try #require(b.meanSignedDifference?.max)
    #expect(bias <= defaults.meanSignedDifference && bias >= min(defaults.meanSignedDifference, m.significantMeanDifference + Budget.levelMargin(m.significantMeanDifference)))
    v.environment.calibrate = false
    #expect(try v.verify(cardScene(), matches: "card", on: FakeBackends.honest).status == .matched)
  }

  /// A measured 0 where the default allows 0 stays 0: calibration never loosens a limit.
  @Test func calibrationNeverLoosensPastTheDefault() {
    var m = Measurements()
    m.envelopePixels = 0
    m.geometryPixels = 500
    let defaults = Allowance(
      envelopePixels: 10, clusteredPixels: 0, geometryPixels: 40, flatPixels: 0, criticalAlphaPixels: 0, meanSignedDifference: 1.5)
    let b = Budget.calibrated(to: m, defaults: defaults)
    #expect(b.clusteredPixels?.max == 0 && b.flatPixels?.max == 0 && b.criticalAlphaPixels?.max == 0)
    #expect(b.envelopePixels?.max == 2)  // 0 measured + 2 pixels of margin
    #expect(b.geometryPixels?.max == 40)  // over the default: the default, and it still fails
    let r = ImageComparator.verdict(m, tolerance: .crossBackend(CrossBackendTolerance(budget: b)), limits: b.limits(defaults: defaults))
    #expect(r.failures.contains { $0.contains("geometryPixels") })
  }

  @Test func theAuditManifestNamesEveryReferenceRead() throws {
    let manifest = try scratchDirectory().appendingPathComponent("used.txt")
    let v = try verifier(audit: manifest.path)
    _ = try v.verify(cardScene(), matches: "card", on: .cpu)
    _ = try v.verify(cardScene(), matches: "stale", on: .cpu)
    _ = try v.verify(cardScene(), matches: "card", on: .cpu)  // reads card.cpu.png
    let unused = try ReferenceAudit.unused(in: v.references.directory, manifest: manifest)
    #expect(unused.map { URL(fileURLWithPath: $0).lastPathComponent } == ["stale.cpu.png"])
  }

  @Test func aBadRecordModeFailsTheCheck() throws {
    let env = RenderingEnvironment.current(["STRATA_RECORD": "sometimes"])
    #expect(env.recordMode == .never && !env.problems.isEmpty)
    let v = RenderingVerifier(references: try verifier().references, environment: env)
    #expect(try v.verify(cardScene(), matches: "card", on: .cpu).status == .misconfigured)
    #expect(RenderingEnvironment.current(["STRATA_RECORD": "1"]).recordMode == .all)
  }
}

import Foundation
import Strata
import StrataPNG
import StrataScratch
import StrataTesting
import Testing

/// The first recording under parallel tests: only the reference backend's image is ever
/// recorded as the first reference, and every other backend is compared against it,
/// whichever test runs first.
@Suite(.scratch) struct RecordingOrderTests {
  /// The files in the verifier's reference directory.
  static func recorded(_ v: RenderingVerifier) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: v.references.directory.path)) ?? [])
      .filter { $0.hasSuffix(".png") }.sorted()
  }

  @Test func aGPUTestThatRunsFirstRecordsTheCPUReferenceNotItsOwn() throws {
    let v = try verifier()
    let gpu = try v.verify(cardScene(), matches: "card", on: FakeBackends.honest)
    #expect(Self.recorded(v) == ["card.cpu.png"])
    #expect(gpu.status == .recorded, "a recording always fails: \(gpu.message)")
    #expect(gpu.reference?.hasSuffix("card.cpu.png") == true)
    #expect(gpu.comparison?.tier == "cross-backend" && gpu.comparison?.passed == true, "\(gpu.message)")
    #expect(gpu.message.contains("card.cpu.png") && gpu.message.contains("cpu"))
    // The CPU test that runs next finds its reference.
    #expect(try v.verify(cardScene(), matches: "card", on: .cpu).status == .matched)
  }

  @Test func concurrentFirstRunsRecordOnlyTheCPUReference() async throws {
    // A GPU that answers at once reaches the lookup while the CPU is still rendering.
    let drawn = PixelBuffer(image: BackendSimulation.perturb(try Backend.cpu.render(cardScene().list).image))
    let fast = Backend(name: "fake-gpu", fallbackKeys: ["cpu"]) { _ in drawn }
    for _ in 0..<6 {
      let v = try verifier()
      let outcomes = try await withThrowingTaskGroup(of: (String, RenderingOutcome).self) { group in
        for backend in [fast, Backend.cpu, fast] {
          group.addTask { (backend.name, try v.verify(cardScene(), matches: "card", on: backend)) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(Self.recorded(v) == ["card.cpu.png"])
      for (name, outcome) in outcomes where name == "fake-gpu" {
        #expect(outcome.reference?.hasSuffix("card.cpu.png") == true, "\(outcome.message)")
        #expect(outcome.comparison?.tier == "cross-backend", "\(outcome.message)")
      }
    }
  }

  @Test func recordingEverythingRecordsTheCPUReferenceForABackendWithoutItsOwn() throws {
    var v = try verifier()
    _ = try v.verify(cardScene(), matches: "card", on: .cpu)
    v.environment.recordMode = .all
    let gpu = try v.verify(cardScene(opacity: 0.9), matches: "card", on: FakeBackends.honest)
    #expect(gpu.status == .recorded)
    #expect(Self.recorded(v) == ["card.cpu.png"])
    // The CPU reference was re-recorded from the new scene: the CPU matches it strictly.
    v.environment.recordMode = .missing
    #expect(try v.verify(cardScene(opacity: 0.9), matches: "card", on: .cpu).status == .matched)
  }

  @Test func anImageWithoutItsSceneCannotRecordAnotherBackendsReference() throws {
    let v = try verifier()
    let image = try FakeBackends.honest.render(cardScene().list).image
    let outcome = try v.verify(image: image, matches: "card", on: FakeBackends.honest)
    #expect(outcome.status == .missingReference)
    #expect(outcome.message.contains("cpu"))
    #expect(Self.recorded(v).isEmpty)
  }
}

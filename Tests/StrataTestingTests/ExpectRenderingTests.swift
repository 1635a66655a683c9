import Foundation
import Strata
import StrataScratch
import StrataTesting
import Testing

/// The Swift Testing and XCTest entry points.
@Suite(.scratch) struct ExpectRenderingTests {
  @Test func expectRenderingRecordsAnIssueUntilAReferenceExists() throws {
    let dir = try scratchDirectory()
    // STRATA_RECORD=never in the environment would report a missing reference instead:
    // an issue either way.
    withKnownIssue {
      try expectRendering(cardScene(), matches: "card", on: .cpu, referenceDirectory: dir)
    }
    guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("card.cpu.png").path) else { return }
    let outcome = try expectRendering(cardScene(), matches: "card", on: .cpu, referenceDirectory: dir)
    #expect(outcome.passed)
  }

  /// Called from Swift Testing, `assertRendering` records an issue like `expectRendering`.
  @Test func assertRenderingRecordsAnIssueUnderSwiftTesting() throws {
    let dir = try scratchDirectory()
    withKnownIssue {
      try assertRendering(cardScene(), matches: "card", on: .cpu, referenceDirectory: dir)
    }
  }

  @Test func referencesDefaultToAFolderBesideTheTestFile() {
    let store = ReferenceStore.beside(filePath: "/src/Tests/AppTests/CardTests.swift")
    #expect(store.directory.path == "/src/Tests/AppTests/__References__")
    #expect(store.url(name: "card", key: "cpu").lastPathComponent == "card.cpu.png")
    #expect(store.url(name: "card", key: "cpu", variant: 3).lastPathComponent == "card.cpu.3.png")
  }
}

/// The backend registry.
@Suite(.serialized) struct BackendTests {
  @Test func theCPUIsAvailableAndTheReference() {
    #expect(Backend.available.first == .cpu)
    #expect(Backend.cpu.isReference && Backend.cpu.referenceKeys == ["cpu"])
    #expect(Backend.reference == .cpu)
  }

  @Test func registeredBackendsJoinAndLeave() {
    // The built-in ones: the CPU, and the GPU where a context can be made.
    let builtIn = Backend.available
    Backend.register(FakeBackends.honest)
    #expect(Backend.available.map(\.name) == builtIn.map(\.name) + ["fake-gpu"])
    #expect(FakeBackends.honest.referenceKeys == ["fake-gpu", "fake", "cpu"])
    Backend.register(FakeBackends.honest)
    #expect(Backend.available.count == builtIn.count + 1)
    Backend.unregister(named: "fake-gpu")
    #expect(Backend.available == builtIn)
  }
}

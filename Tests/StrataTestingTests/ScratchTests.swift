import Foundation
import StrataScratch
import Synchronization
import Testing

/// The scratch directories the toolkit's tests use: gone after a passing test, kept after
/// a failing one.
@Suite struct ScratchTests {
  struct Planned: Error {}

  /// Runs `body` in a scratch scope of its own, as the `.scratch` trait runs a test, and
  /// returns the directory it made.
  static func scoped(_ body: @escaping @Sendable (URL) throws -> Void) async throws -> URL {
    let made = Mutex<URL?>(nil)
    let test = try #require(Test.current)
    try await ScratchTrait(announcesKept: false).provideScope(for: test, testCase: Test.Case.current) {
      let dir = try Scratch.directory(prefix: "strata-scratch-test")
      made.withLock { $0 = dir }
      try Data("x".utf8).write(to: dir.appendingPathComponent("file"))
      try body(dir)
    }
    return try #require(made.withLock { $0 })
  }

  @Test func aPassingTestsDirectoryIsRemoved() async throws {
    let dir = try await Self.scoped { _ in }
    #expect(!FileManager.default.fileExists(atPath: dir.path))
  }

  /// A known issue (`withKnownIssue`) is not a failure.
  @Test func aKnownIssueDoesNotKeepIt() async throws {
    let dir = try await Self.scoped { _ in
      withKnownIssue { Issue.record("expected") }
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path))
  }

  @Test func aTestThatThrowsKeepsItsDirectory() async throws {
    let kept = Mutex<URL?>(nil)
    await #expect(throws: Planned.self) {
      _ = try await Self.scoped { dir in
        kept.withLock { $0 = dir }
        throw Planned()
      }
    }
    let dir = try #require(kept.withLock { $0 })
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("file").path))
    try FileManager.default.removeItem(at: dir)
  }
}

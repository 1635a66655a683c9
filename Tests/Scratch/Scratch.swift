import Foundation
import Synchronization
import Testing

/// Scratch directories for tests: made fresh in the temporary directory, removed when the
/// test that made them ends, and kept when it fails, so that the paths its failure
/// messages name still exist.
///
/// ```swift
/// @Suite(.scratch) struct RenderTests {
///   @Test func writesAFile() throws {
///     let dir = try Scratch.directory(prefix: "strata-cli")
///     …
///   }
/// }
/// ```
public enum Scratch {
  /// A new, empty directory `<prefix>-<UUID>` in the temporary directory (`$TMPDIR`).
  ///
  /// Within a test that has the `.scratch` trait (or whose suite has it), it is removed
  /// when the test ends without a failure. Elsewhere (a test without the trait, an XCTest
  /// method) it is removed when the process exits, failure or not.
  public static func directory(prefix: String) throws -> URL {
    let d = try make(prefix: prefix)
    if let scope = ScratchScope.current {
      scope.add(d)
    } else {
      ScratchScope.removeAtExit(d)
    }
    return d
  }

  /// A new, empty directory that nothing removes: the caller owns it.
  public static func make(prefix: String) throws -> URL {
    let d = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
    return d
  }
}

/// The trait that gives each test of a suite (or one test) its own scratch scope: the
/// directories `Scratch.directory(prefix:)` makes during the test are removed when it
/// ends, unless it recorded a failure or threw.
public struct ScratchTrait: TestTrait, SuiteTrait, TestScoping {
  /// Whether a kept directory is named in a warning of the failed test.
  var announcesKept: Bool

  public init(announcesKept: Bool = true) {
    self.announcesKept = announcesKept
  }

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite passes through; each of its tests gets a scope of its own.
    guard !test.isSuite else { return try await function() }
    let scope = ScratchScope(announcesKept: announcesKept)
    // Every issue the test records passes through here first; known issues and warnings
    // are not failures.
    let watch: IssueHandlingTrait = .compactMapIssues { issue in
      if issue.isFailure { scope.markFailed() }
      return issue
    }
    do {
      try await ScratchScope.$current.withValue(scope) {
        try await watch.provideScope(for: test, testCase: testCase, performing: function)
      }
    } catch {
      scope.markFailed()
      scope.finish()
      throw error
    }
    scope.finish()
  }
}

extension Trait where Self == ScratchTrait {
  /// Scratch directories made by the test are removed when it passes, kept when it fails.
  public static var scratch: Self { ScratchTrait() }
}

/// The scratch directories of one running test.
final class ScratchScope: Sendable {
  @TaskLocal static var current: ScratchScope?

  private let state = Mutex<(directories: [URL], failed: Bool)>(([], false))
  private let announcesKept: Bool

  init(announcesKept: Bool) {
    self.announcesKept = announcesKept
  }

  func add(_ directory: URL) { state.withLock { $0.directories.append(directory) } }

  func markFailed() { state.withLock { $0.failed = true } }

  /// Removes the directories, or, after a failure, says where they are.
  func finish() {
    let (directories, failed) = state.withLock { s in
      defer { s.directories = [] }
      return (s.directories, s.failed)
    }
    for d in directories {
      if failed {
        if announcesKept { Issue.record("scratch directory kept for the failure above: \(d.path)", severity: .warning) }
      } else {
        try? FileManager.default.removeItem(at: d)
      }
    }
  }

  /// Directories made outside any scope, removed when the process exits.
  private static let orphans = Mutex<[URL]>([])
  private static let exitHook = Mutex(false)

  static func removeAtExit(_ directory: URL) {
    orphans.withLock { $0.append(directory) }
    exitHook.withLock { installed in
      guard !installed else { return }
      installed = true
      atexit { ScratchScope.removeOrphans() }
    }
  }

  static func removeOrphans() {
    for d in orphans.withLock({ $0 }) { try? FileManager.default.removeItem(at: d) }
  }
}

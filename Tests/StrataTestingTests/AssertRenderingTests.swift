import Foundation
import Strata
import StrataScratch
@testable import StrataTesting
import XCTest

/// `assertRendering` for XCTest: a mismatch is an XCTest failure at the line that called
/// it, not an error thrown out of the test method.
final class AssertRenderingTests: XCTestCase {
  /// Failures recorded while `capturing`, instead of failing this test.
  private var captured: [(description: String, file: String, line: Int)] = []
  private var capturing = false

  override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
    if capturing {
      captured.append((description, filePath, lineNumber))
    } else {
      super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  /// A fresh directory for references and failure output, removed after the test unless
  /// it failed.
  private func scratch() throws -> URL {
    let dir = try Scratch.make(prefix: "strata-testing")
    addTeardownBlock { [self] in
      // `hasSucceeded` is false until the run has stopped, after teardown; count instead.
      if (testRun?.totalFailureCount ?? 0) == 0 { try? FileManager.default.removeItem(at: dir) }
    }
    return dir
  }

  /// `assertRendering` with the failure output in `dir`, not in the run's failure folder.
  private func check(
    _ scene: RenderScene, in dir: URL, file: StaticString = #filePath, line: UInt = #line
  ) throws -> RenderingOutcome {
    let environment = RenderingEnvironment(failureOutput: FailureOutput(directory: dir.appendingPathComponent("failures")))
    return try assertRendering(
      scene, matches: "card", on: .cpu, referenceDirectory: dir, environment: environment, file: file, line: line)
  }

  /// Runs `body` with failures captured; an error it throws is a failure of this test.
  private func capture(_ body: () throws -> RenderingOutcome) -> RenderingOutcome? {
    capturing = true
    defer { capturing = false }
    do { return try body() } catch {
      capturing = false
      XCTFail("assertRendering threw instead of recording a failure: \(error)")
      return nil
    }
  }

  func testAMismatchIsReportedAtTheCallersLine() throws {
    let dir = try scratch()
    _ = capture { try check(cardScene(), in: dir) }  // records: a failure
    let recordLine = #line - 1
    let outcome = capture { try check(cardScene(opacity: 0.9), in: dir) }
    let mismatchLine = #line - 1
    XCTAssertEqual(captured.map(\.line), [recordLine, mismatchLine])
    XCTAssertEqual(captured.map { URL(fileURLWithPath: $0.file).lastPathComponent }, ["AssertRenderingTests.swift", "AssertRenderingTests.swift"])
    XCTAssertTrue(captured.first?.description.contains("recorded a new reference") == true, "\(captured)")
    XCTAssertTrue(captured.last?.description.contains("differs from card.cpu.png") == true, "\(captured)")
    XCTAssertEqual(outcome?.status, .mismatched)
    // The three panels went into this test's directory, not the run's failure folder.
    XCTAssertEqual(outcome?.files?.diff.hasPrefix(dir.path + "/failures/"), true, "\(String(describing: outcome?.files))")
  }

  func testAMatchRecordsNothing() throws {
    let dir = try scratch()
    _ = capture { try assertRendering(cardScene(), matches: "card", on: .cpu, referenceDirectory: dir) }
    captured = []
    let outcome = capture { try assertRendering(cardScene(), matches: "card", on: .cpu, referenceDirectory: dir) }
    XCTAssertTrue(captured.isEmpty, "\(captured)")
    XCTAssertEqual(outcome?.passed, true)
  }
}

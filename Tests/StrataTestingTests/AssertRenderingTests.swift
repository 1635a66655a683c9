import Foundation
import Strata
import StrataTesting
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
    let dir = try scratchDirectory()
    _ = capture { try assertRendering(cardScene(), matches: "card", on: .cpu, referenceDirectory: dir) }  // records: a failure
    let recordLine = #line - 1
    let outcome = capture { try assertRendering(cardScene(opacity: 0.9), matches: "card", on: .cpu, referenceDirectory: dir) }
    let mismatchLine = #line - 1
    XCTAssertEqual(captured.map(\.line), [recordLine, mismatchLine])
    XCTAssertEqual(captured.map { URL(fileURLWithPath: $0.file).lastPathComponent }, ["AssertRenderingTests.swift", "AssertRenderingTests.swift"])
    XCTAssertTrue(captured.first?.description.contains("recorded a new reference") == true, "\(captured)")
    XCTAssertTrue(captured.last?.description.contains("differs from card.cpu.png") == true, "\(captured)")
    XCTAssertEqual(outcome?.status, .mismatched)
  }

  func testAMatchRecordsNothing() throws {
    let dir = try scratchDirectory()
    _ = capture { try assertRendering(cardScene(), matches: "card", on: .cpu, referenceDirectory: dir) }
    captured = []
    let outcome = capture { try assertRendering(cardScene(), matches: "card", on: .cpu, referenceDirectory: dir) }
    XCTAssertTrue(captured.isEmpty, "\(captured)")
    XCTAssertEqual(outcome?.passed, true)
  }
}

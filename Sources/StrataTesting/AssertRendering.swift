import Foundation
import Strata
import StrataRender
import Testing
import XCTest

/// Renders `scene` on `backend` and fails the test at the calling line unless it matches
/// the reference `name`: the variant for XCTest.
///
/// A mismatch (or a recording, which always fails) is an XCTest failure at `file` and
/// `line`, so Xcode and the log point at the assertion, not at the test method; under Swift
/// Testing it is an issue at the same place instead. Lookup, tiers, recording and failure
/// output are those of `expectRendering`; notes are returned in the outcome, not reported.
///
/// `precision` and `perceptualPrecision` are swift-snapshot-testing's thresholds, as for
/// `expectRendering`.
///
/// - Throws: Only when the backend cannot render, or a reference cannot be read.
@discardableResult
public func assertRendering(
  _ scene: RenderScene, matches name: String, on backend: Backend = .cpu, referenceDirectory: URL? = nil,
  precision: Double? = nil, perceptualPrecision: Double? = nil, file: StaticString = #filePath, line: UInt = #line
) throws -> RenderingOutcome {
  try assertRendering(
    scene, matches: name, on: backend, referenceDirectory: referenceDirectory, environment: .current(),
    precision: SnapshotPrecision.given(precision: precision, perceptualPrecision: perceptualPrecision), file: file,
    line: line)
}

/// `assertRendering` with the settings given rather than read from the environment: what
/// the toolkit's own tests use, so that their mismatches write into their scratch
/// directories.
func assertRendering(
  _ scene: RenderScene, matches name: String, on backend: Backend, referenceDirectory: URL?,
  environment: RenderingEnvironment, precision: SnapshotPrecision? = nil, file: StaticString, line: UInt
) throws -> RenderingOutcome {
  let filePath = "\(file)"
  let store = referenceDirectory.map(ReferenceStore.init(directory:)) ?? .beside(filePath: filePath)
  let outcome = try RenderingVerifier(references: store, environment: environment, precision: precision).verify(
    scene, matches: name, on: backend)
  if !outcome.passed {
    if Test.current != nil {
      let location = SourceLocation(fileID: filePath, filePath: filePath, line: Int(line), column: 1)
      Issue.record(Comment(rawValue: outcome.message), sourceLocation: location)
    } else {
      XCTFail(outcome.message, file: file, line: line)
    }
  }
  return outcome
}

/// Compiles `root` on a `width` x `height` pixel canvas and checks it like
/// `assertRendering(_:matches:on:)`.
@discardableResult
public func assertRendering(
  _ root: Layer, width: Int, height: Int, scale: Double = 1, background: Color = .clear, matches name: String,
  on backend: Backend = .cpu, referenceDirectory: URL? = nil, precision: Double? = nil, perceptualPrecision: Double? = nil,
  file: StaticString = #filePath, line: UInt = #line
) throws -> RenderingOutcome {
  try assertRendering(
    RenderScene(root, width: width, height: height, scale: scale, background: background), matches: name, on: backend,
    referenceDirectory: referenceDirectory, precision: precision, perceptualPrecision: perceptualPrecision, file: file,
    line: line)
}

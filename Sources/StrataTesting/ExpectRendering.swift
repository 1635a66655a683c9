import Foundation
import Strata
import StrataRender
import Testing

/// Renders `scene` on `backend` and records a Swift Testing issue unless it matches the
/// reference `name`.
///
/// References live in `__References__` beside the calling test file (or in
/// `referenceDirectory`) as `<name>.<key>.png`, looked up along `backend.referenceKeys`.
/// A reference of the backend's own key is compared strictly, one of another backend with
/// the cross-backend tier. Notes such as "the budget can be tightened" are recorded as
/// warnings. The failure message names the three-panel image, the JSON report and the
/// run's `index.html`; the panel is also attached to the test.
///
/// ```swift
/// @Test(arguments: Backend.available)
/// func card(_ backend: Backend) throws {
///   try expectRendering(Scenes.card, matches: "card", on: backend)
/// }
/// ```
///
/// `precision` and `perceptualPrecision` are swift-snapshot-testing's thresholds
/// (`SnapshotPrecision`): give either to judge by them instead of the tiers, for example
/// against a picture another renderer drew. The one not given is 1, as there.
///
/// - Throws: When the backend cannot render, or a reference cannot be read.
@discardableResult
public func expectRendering(
  _ scene: RenderScene, matches name: String, on backend: Backend = .cpu, referenceDirectory: URL? = nil,
  precision: Double? = nil, perceptualPrecision: Double? = nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> RenderingOutcome {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let store = referenceDirectory.map(ReferenceStore.init(directory:)) ?? .beside(filePath: filePath)
  let rule = SnapshotPrecision.given(precision: precision, perceptualPrecision: perceptualPrecision)
  let outcome = try RenderingVerifier(references: store, precision: rule).verify(scene, matches: name, on: backend)
  for note in outcome.notes { Issue.record(Comment(rawValue: note), severity: .warning, sourceLocation: location) }
  if !outcome.passed {
    Issue.record(Comment(rawValue: outcome.message), sourceLocation: location)
    if let diff = outcome.files?.diff, let bytes = FileManager.default.contents(atPath: diff) {
      Attachment.record([UInt8](bytes), named: URL(fileURLWithPath: diff).lastPathComponent, sourceLocation: location)
    }
  }
  return outcome
}

/// Compiles `root` on a `width` x `height` pixel canvas and checks it like
/// `expectRendering(_:matches:on:)`.
@discardableResult
public func expectRendering(
  _ root: Layer, width: Int, height: Int, scale: Double = 1, background: Color = .clear, matches name: String,
  on backend: Backend = .cpu, referenceDirectory: URL? = nil, precision: Double? = nil, perceptualPrecision: Double? = nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> RenderingOutcome {
  try expectRendering(
    RenderScene(root, width: width, height: height, scale: scale, background: background), matches: name, on: backend,
    referenceDirectory: referenceDirectory, precision: precision, perceptualPrecision: perceptualPrecision, fileID: fileID,
    filePath: filePath, line: line, column: column)
}

/// Checks a compiled render list like `expectRendering(_:matches:on:)`.
@discardableResult
public func expectRendering(
  _ list: RenderList, matches name: String, on backend: Backend = .cpu, referenceDirectory: URL? = nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> RenderingOutcome {
  try expectRendering(
    RenderScene(list), matches: name, on: backend, referenceDirectory: referenceDirectory, fileID: fileID,
    filePath: filePath, line: line, column: column)
}

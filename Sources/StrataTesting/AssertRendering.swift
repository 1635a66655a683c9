import Foundation
import Strata
import StrataRender

/// Renders `scene` on `backend` and throws `RenderingMismatch` unless it matches the
/// reference `name`: the variant for XCTest, where a thrown error fails the test with its
/// message (`try assertRendering(…)` in a `throws` test method).
///
/// Lookup, tiers, recording and failure output are those of `expectRendering`; notes are
/// returned in the outcome, not reported.
@discardableResult
public func assertRendering(
  _ scene: RenderScene, matches name: String, on backend: Backend = .cpu, referenceDirectory: URL? = nil,
  filePath: String = #filePath
) throws -> RenderingOutcome {
  let store = referenceDirectory.map(ReferenceStore.init(directory:)) ?? .beside(filePath: filePath)
  let outcome = try RenderingVerifier(references: store).verify(scene, matches: name, on: backend)
  guard outcome.passed else { throw RenderingMismatch(outcome: outcome) }
  return outcome
}

/// Compiles `root` on a `width` x `height` pixel canvas and checks it like
/// `assertRendering(_:matches:on:)`.
@discardableResult
public func assertRendering(
  _ root: Layer, width: Int, height: Int, scale: Double = 1, background: Color = .clear, matches name: String,
  on backend: Backend = .cpu, referenceDirectory: URL? = nil, filePath: String = #filePath
) throws -> RenderingOutcome {
  try assertRendering(
    RenderScene(root, width: width, height: height, scale: scale, background: background), matches: name, on: backend,
    referenceDirectory: referenceDirectory, filePath: filePath)
}

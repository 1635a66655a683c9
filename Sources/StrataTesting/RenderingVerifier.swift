import Foundation
import Strata
import StrataPNG

/// Checks renderings against the references of one directory: finds the reference along
/// the backend's key chain, picks the tier, records, calibrates and writes failure output.
///
/// `expectRendering` and `assertRendering` are thin wrappers over `verify`; use the
/// verifier directly to check images rendered elsewhere or with settings of your own.
public struct RenderingVerifier: Sendable {
  public var references: ReferenceStore
  public var environment: RenderingEnvironment

  public init(references: ReferenceStore, environment: RenderingEnvironment = .current()) {
    self.references = references
    self.environment = environment
  }

  /// Renders `scene` on `backend` and checks the result.
  public func verify(_ scene: RenderScene, matches name: String, on backend: Backend) throws -> RenderingOutcome {
    let pixels = try backend.render(scene.list)
    return try verify(image: pixels.image, matches: name, on: backend)
  }

  /// Checks an image rendered by `backend` against the references of `name`.
  ///
  /// Throws only when a reference exists but cannot be read, or a file cannot be
  /// written; every other problem is an outcome whose message says what to do.
  public func verify(image: Image, matches name: String, on backend: Backend) throws -> RenderingOutcome {
    if !environment.problems.isEmpty {
      return RenderingOutcome(status: .misconfigured, message: environment.problems.joined(separator: "; "), notes: [])
    }
    let actual = image.pngRoundTripped
    let mode = environment.recordMode
    let label = "\(name) on \(backend.name)"

    guard let (key, files) = references.lookup(name: name, chain: backend.referenceKeys) else {
      let looked = backend.referenceKeys.map { "\(name).\($0).png" }.joined(separator: ", ")
      if mode == .never {
        return RenderingOutcome(
          status: .missingReference,
          message: "\(label): no reference image (looked for \(looked) in \(references.directory.path)); STRATA_RECORD=never, so none was recorded",
          notes: [])
      }
      let url = try references.record(actual, name: name, key: backend.name)
      return RenderingOutcome(
        status: .recorded,
        message: "\(label): recorded a new reference \(url.path); look at it, then run the test again",
        notes: [], reference: url.path)
    }
    if mode == .all {
      let url = try references.record(actual, name: name, key: backend.name)
      return RenderingOutcome(
        status: .recorded, message: "\(label): recorded \(url.path) (STRATA_RECORD=all); look at it, then run the tests without STRATA_RECORD",
        notes: [], reference: url.path)
    }

    let sameBackend = key == backend.name
    let budgetURL = references.budgetURL(name: name)
    let pair = BudgetFile.pairKey(actual: backend.name, reference: key)
    var budgets: [String: Budget] = [:]
    let tolerance: Tolerance
    if sameBackend {
      tolerance = .strict
    } else {
      budgets = try BudgetFile.load(budgetURL)
      if budgets[pair] != nil { audit(budgetURL.path) }
      tolerance = .crossBackend(CrossBackendTolerance(budget: budgets[pair] ?? Budget()))
    }

    // The closest accepted image: the first that passes, else the one failing least.
    var best: (url: URL, expected: Image, result: ImageComparison)?
    var sizeProblems: [String] = []
    for url in files {
      let expected = try PNG.read(path: url.path)
      audit(url.path)
      if let problem = ImageComparator.sizeMismatch(expected: expected, actual: actual) {
        sizeProblems.append("\(url.lastPathComponent): \(problem)")
        continue
      }
      let result = ImageComparator.compare(expected: expected, actual: actual, tolerance: tolerance)
      if result.passed || best == nil || Self.severity(result) < Self.severity(best!.result) {
        best = (url, expected, result)
      }
      if result.passed { break }
    }

    if environment.calibrate && !sameBackend, let best {
      let m = best.result.measurements
      budgets[pair] = Budget.calibrated(to: m, defaults: CrossBackendTolerance().defaultAllowance(for: m, pixels: actual.width * actual.height))
      try BudgetFile.save(budgets, to: budgetURL)
      return RenderingOutcome(
        status: .calibrated,
        message: "\(label): calibrated the \"\(pair)\" budget in \(budgetURL.path) from \(best.url.lastPathComponent) (\(best.result.summary)); check the diff is benign, then run the tests without STRATA_CALIBRATE",
        notes: [], comparison: best.result, reference: best.url.path)
    }
    if let best, best.result.passed {
      let notes = best.result.notes.map { "\(label) (\(pair), \(budgetURL.lastPathComponent)): \($0)" }
      return RenderingOutcome(status: .matched, message: "\(label): \(best.result.summary)", notes: notes, comparison: best.result, reference: best.url.path)
    }

    // A mismatch: explain, write the pictures, and perhaps re-record.
    var lines: [String] = []
    var written: FailureOutput.Files?
    if let best {
      lines.append("\(label) differs from \(best.url.lastPathComponent) (\(best.result.tier), \(files.count) accepted image\(files.count == 1 ? "" : "s")):")
      lines += best.result.failures.map { "  - \($0)" }
      if let r = best.result.regions.first {
        lines.append("  largest differing region: \(r) (\(best.result.regions.count) region\(best.result.regions.count == 1 ? "" : "s"))")
      }
      do {
        let f = try environment.failureOutput.write(
          name: name, backend: backend.name, reference: best.url.path, expected: best.expected, actual: actual, result: best.result)
        written = f
        lines.append("  expected | difference | actual: \(f.diff)")
        lines.append("  report: \(f.report)")
        lines.append("  actual image: \(f.actual)")
        lines.append("  all failures of this run: \(f.index)")
      } catch {
        lines.append("  (could not write the failure output: \(error))")
      }
    } else {
      lines.append("\(label): no accepted reference has the image's size:")
      lines += sizeProblems.map { "  - \($0)" }
    }
    if mode == .failed {
      let url = try references.record(actual, name: name, key: backend.name)
      lines.append("  recorded \(url.path) (STRATA_RECORD=failed); look at it, then run the tests again")
      return RenderingOutcome(
        status: .recorded, message: lines.joined(separator: "\n"), notes: [], comparison: best?.result, reference: url.path, files: written)
    }
    return RenderingOutcome(
      status: .mismatched, message: lines.joined(separator: "\n"), notes: [], comparison: best?.result,
      reference: best?.url.path ?? files.first?.path, files: written)
  }

  private func audit(_ path: String) {
    if let manifest = environment.auditManifest { ReferenceAudit.record(path, manifest: manifest) }
  }

  /// How badly a comparison failed, to pick the closest of several accepted images.
  static func severity(_ r: ImageComparison) -> Int {
    let m = r.measurements
    return r.failures.count * 1_000_000_000 + m.channelPixels + m.envelopePixels + m.geometryPixels + m.flatPixels
      + m.criticalAlphaPixels
  }
}

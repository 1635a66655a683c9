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
  /// swift-snapshot-testing's thresholds to judge by, for every reference; nil (the default)
  /// for Strata's tiers: strict against the backend's own reference, cross-backend against
  /// another's.
  public var precision: SnapshotPrecision?

  public init(references: ReferenceStore, environment: RenderingEnvironment = .current(), precision: SnapshotPrecision? = nil) {
    self.references = references
    self.environment = environment
    self.precision = precision
  }

  /// Renders `scene` on `backend` and checks the result.
  ///
  /// When no reference exists yet (or `STRATA_RECORD=all` and the backend has none of its
  /// own), a backend other than the reference backend does not record its own rendering:
  /// it renders the scene on `Backend.reference`, records that as the reference, and is
  /// compared against it. So the first run records `<name>.cpu.png` only, whichever test
  /// of a parameterised run gets there first.
  public func verify(_ scene: RenderScene, matches name: String, on backend: Backend) throws -> RenderingOutcome {
    let pixels = try backend.render(scene.list)
    let reference = Backend.reference
    let referenceRendering: (() throws -> Image)? =
      backend.name == reference.name ? nil : { try reference.render(scene.list).image }
    return try verify(image: pixels.image, matches: name, on: backend, referenceRendering: referenceRendering)
  }

  /// Checks an image rendered by `backend` against the references of `name`.
  ///
  /// `referenceRendering` draws the same scene on `Backend.reference`; a backend other
  /// than the reference records that when the reference is missing, never its own image.
  /// Without it, such a backend cannot record: a missing reference is reported as missing.
  ///
  /// Throws only when a reference exists but cannot be read, or a file cannot be
  /// written; every other problem is an outcome whose message says what to do.
  public func verify(
    image: Image, matches name: String, on backend: Backend, referenceRendering: (() throws -> Image)? = nil
  ) throws -> RenderingOutcome {
    if !environment.problems.isEmpty {
      return RenderingOutcome(status: .misconfigured, message: environment.problems.joined(separator: "; "), notes: [])
    }
    let actual = image.pngRoundTripped
    let mode = environment.recordMode
    let label = "\(name) on \(backend.name)"
    let referenceKey = Backend.reference.name
    // Another backend records the reference backend's image, never its own, when its
    // chain reaches the reference backend.
    let recordsReference = backend.name != referenceKey && backend.referenceKeys.contains(referenceKey)

    enum Step { case compare(String, [URL]), recordOwn, recordedReference(URL), missing(String) }
    let step: Step = try references.withRecordingLock(name: name) {
      let found = references.lookup(name: name, chain: backend.referenceKeys)
      let ownExists = found?.key == backend.name
      if recordsReference && (found == nil || (mode == .all && !ownExists)) {
        if found == nil && mode == .never { return .missing("STRATA_RECORD=never, so none was recorded") }
        guard let referenceRendering else {
          return .missing("record it first on the reference backend (\(referenceKey)), or pass the scene so that \(backend.name) can")
        }
        let url = try references.record(try referenceRendering().pngRoundTripped, name: name, key: referenceKey)
        return .recordedReference(url)
      }
      guard let (key, files) = found else {
        return mode == .never ? .missing("STRATA_RECORD=never, so none was recorded") : .recordOwn
      }
      return mode == .all ? .recordOwn : .compare(key, files)
    }

    let key: String, files: [URL]
    switch step {
    case .missing(let why):
      let looked = backend.referenceKeys.map { "\(name).\($0).png" }.joined(separator: ", ")
      return RenderingOutcome(
        status: .missingReference,
        message: "\(label): no reference image (looked for \(looked) in \(references.directory.path)); \(why)", notes: [])
    case .recordOwn:
      let existed = references.lookup(name: name, chain: backend.referenceKeys) != nil
      let url = try references.record(actual, name: name, key: backend.name)
      let message =
        existed
        ? "\(label): recorded \(url.path) (STRATA_RECORD=all); look at it, then run the tests without STRATA_RECORD"
        : "\(label): recorded a new reference \(url.path); look at it, then run the test again"
      return RenderingOutcome(status: .recorded, message: message, notes: [], reference: url.path)
    case .recordedReference(let url):
      // Compare against what was just recorded, so the message says whether this backend
      // agrees with it; the check still fails, as every recording does.
      var outcome = try compare(actual, name: name, backend: backend, key: referenceKey, files: [url], label: label)
      outcome.message =
        "\(label): recorded \(url.path), rendered by the reference backend \(referenceKey) (no reference existed\(mode == .all ? " or STRATA_RECORD=all" : "")); look at it, then run the tests again. \(backend.name) against it: "
        + (outcome.comparison?.summary ?? outcome.message)
      outcome.status = .recorded
      outcome.reference = url.path
      return outcome
    case .compare(let k, let f):
      key = k
      files = f
    }
    return try compare(actual, name: name, backend: backend, key: key, files: files, label: label)
  }

  /// Compares `actual` with the accepted images `files` of `key`: the tier, budgets,
  /// calibration, failure output and `STRATA_RECORD=failed`.
  private func compare(
    _ actual: Image, name: String, backend: Backend, key: String, files: [URL], label: String
  ) throws -> RenderingOutcome {
    let mode = environment.recordMode
    let sameBackend = key == backend.name
    let budgetURL = references.budgetURL(name: name)
    let pair = BudgetFile.pairKey(actual: backend.name, reference: key)
    var budgets: [String: Budget] = [:]
    let tolerance: Tolerance
    if let precision {
      tolerance = .snapshot(precision)
    } else if sameBackend {
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

    if environment.calibrate && !sameBackend && precision == nil, let best {
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

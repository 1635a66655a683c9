import Foundation
import Strata
import StrataPNG

/// The reference images of a test file: PNGs in one directory, named by test and backend.
///
/// Layout, in `directory` (by default `__References__` beside the test file):
/// ```
/// card.cpu.png              the CPU's reference for the test named "card"
/// card.cpu.2.png            another accepted image for the same key (any number ≥ 2)
/// card.gles3.png            a reference for backends whose chain includes "gles3"
/// card.budget.json          cross-backend budgets for "card", per backend pair
/// ```
/// A test passes when it matches any accepted image of the first key in its backend's
/// chain that has one.
public struct ReferenceStore: Sendable {
  public var directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  /// `__References__` in the directory of `filePath`, the test file (`#filePath`).
  public static func beside(filePath: String) -> ReferenceStore {
    ReferenceStore(
      directory: URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__References__"))
  }

  /// `name.key.png`, or `name.key.<variant>.png` for variants from 2.
  public func url(name: String, key: String, variant: Int = 1) -> URL {
    Self.checkName(name)
    let file = variant == 1 ? "\(name).\(key).png" : "\(name).\(key).\(variant).png"
    return directory.appendingPathComponent(file)
  }

  /// The accepted images of `name` for `key`, the primary first, then variants in order.
  public func references(name: String, key: String) -> [URL] {
    Self.checkName(name)
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
    let prefix = "\(name).\(key)."
    var found: [(Int, String)] = []
    for f in files where f.hasPrefix(prefix) && f.hasSuffix(".png") {
      if f == prefix + "png" {
        found.append((1, f))
      } else if let n = Int(f.dropFirst(prefix.count).dropLast(4)), n >= 2, f == "\(prefix)\(n).png" {
        found.append((n, f))
      }
    }
    return found.sorted { $0.0 < $1.0 }.map { directory.appendingPathComponent($0.1) }
  }

  /// The first key of `chain` that has references, and its accepted images.
  public func lookup(name: String, chain: [String]) -> (key: String, files: [URL])? {
    for key in chain {
      let files = references(name: name, key: key)
      if !files.isEmpty { return (key, files) }
    }
    return nil
  }

  /// Writes `image` as the primary reference of `name` for `key`, atomically.
  @discardableResult
  public func record(_ image: Image, name: String, key: String) throws -> URL {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = url(name: name, key: key)
    try PNG.write(image, to: url.path)
    return url
  }

  /// Runs `body` while no other thread or test process records or looks up a reference,
  /// so that "is there a reference of `name`? if not, record one" is one step.
  ///
  /// One lock file, `strata-record.lock` in the temporary directory, serves every
  /// reference: a file per reference (or per directory) would pile up in the temporary
  /// directory with every test run, and the lookups it serialises take a directory
  /// listing. Threads of one process take turns anyway (see `FileLock`). It is not kept
  /// beside the references, which may be read-only or under version control.
  public func withRecordingLock<T>(name: String, _ body: () throws -> T) rethrows -> T {
    let lock = FileManager.default.temporaryDirectory.appendingPathComponent("strata-record.lock")
    return try FileLock.withLock(lock.path, body)
  }

  /// The budget sidecar of `name`: `name.budget.json`.
  public func budgetURL(name: String) -> URL {
    Self.checkName(name)
    return directory.appendingPathComponent("\(name).budget.json")
  }

  /// A test name is part of file names; a slash would put references elsewhere.
  static func checkName(_ name: String) {
    precondition(!name.isEmpty && !name.contains("/") && !name.hasPrefix("."), "A reference name must be non-empty, without '/' and not start with '.': '\(name)'")
  }
}

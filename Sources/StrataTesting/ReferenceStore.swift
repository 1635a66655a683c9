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

  /// Runs `body` while no other thread or test process records or looks up the first
  /// reference of `name` in this directory, so that "is there a reference? if not, record
  /// one" is one step. The lock file lives in the temporary directory, named by a stable
  /// hash of the reference path, not beside the references.
  public func withRecordingLock<T>(name: String, _ body: () throws -> T) rethrows -> T {
    let path = directory.standardizedFileURL.appendingPathComponent(name).path
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: the same in every process, unlike Hasher.
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let lock = FileManager.default.temporaryDirectory.appendingPathComponent("strata-record-\(String(hash, radix: 16)).lock")
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

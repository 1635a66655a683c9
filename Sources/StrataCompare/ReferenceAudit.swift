import Foundation

/// Finds reference images that no test reads any more.
///
/// Run the whole suite on every backend with `STRATA_REFERENCE_AUDIT=<file>`: every
/// reference and budget file a test reads is appended to that manifest, one absolute path
/// a line. Then `unused(in:manifest:)` (or `strata compare --unused DIR MANIFEST`) lists
/// the files in `__References__` folders below a directory that the manifest does not
/// name. A test that is skipped, or a backend missing from the run, makes its references
/// look unused: audit a complete run.
public enum ReferenceAudit {
  /// The name of the folders whose files are references.
  public static let folderName = "__References__"

  /// Appends `path` to the manifest at `manifest`; safe from parallel tests and processes.
  public static func record(_ path: String, manifest: String) {
    let line = URL(fileURLWithPath: path).standardizedFileURL.path + "\n"
    FileLock.withLock(manifest + ".lock") {
      if !FileManager.default.fileExists(atPath: manifest) {
        _ = FileManager.default.createFile(atPath: manifest, contents: nil)
      }
      guard let handle = FileHandle(forWritingAtPath: manifest) else { return }
      defer { try? handle.close() }
      _ = try? handle.seekToEnd()
      try? handle.write(contentsOf: Data(line.utf8))
    }
  }

  /// The paths the manifest names.
  public static func used(manifest: URL) throws -> Set<String> {
    let text = try String(contentsOf: manifest, encoding: .utf8)
    return Set(text.split(separator: "\n").map { URL(fileURLWithPath: String($0)).standardizedFileURL.path })
  }

  /// Every PNG and budget file in a `__References__` folder at or below `directory`,
  /// sorted.
  public static func referenceFiles(in directory: URL) -> [String] {
    let root = directory.standardizedFileURL
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    let rootIsReferences = root.lastPathComponent == folderName
    var found: [String] = []
    for case let url as URL in walker {
      let name = url.lastPathComponent
      guard name.hasSuffix(".png") || name.hasSuffix(".budget.json") else { continue }
      let inFolder = url.deletingLastPathComponent().lastPathComponent == folderName
      if inFolder || rootIsReferences { found.append(url.standardizedFileURL.path) }
    }
    return found.sorted()
  }

  /// The reference files below `directory` that the manifest does not name, sorted.
  public static func unused(in directory: URL, manifest: URL) throws -> [String] {
    let seen = try used(manifest: manifest)
    return referenceFiles(in: directory).filter { !seen.contains($0) }
  }
}

import Foundation
import Strata
import StrataCLI
import StrataPNG
import StrataScratch
import Testing

/// `strata compare`: exit statuses, tiers, the diff image, JSON and the unused-reference
/// listing.
@Suite(.scratch) struct CompareCommandTests {
  /// A 40x30 grey image with a white square whose left edge is at `x`.
  static func square(x: Int = 10, size: (Int, Int) = (40, 30), fill: UInt8 = 255) -> Image {
    Image(width: size.0, height: size.1) { px, py in
      px >= x && px < x + 12 && py >= 8 && py < 20 ? (fill, fill, fill, 255) : (60, 60, 60, 255)
    }
  }

  static func write(_ image: Image, _ name: String, in dir: URL) throws -> String {
    let path = dir.appendingPathComponent(name).path
    try PNG.write(image, to: path)
    return path
  }

  @Test func identicalImagesMatch() throws {
    let dir = try scratchDirectory()
    let a = try Self.write(Self.square(), "a.png", in: dir)
    let (code, c) = strata("compare", a, a)
    #expect(code == .success)
    #expect(c.stdout.hasPrefix("match (strict)"))
  }

  @Test func aShiftedShapeDiffersAndWritesTheDiffImage() throws {
    let dir = try scratchDirectory()
    let a = try Self.write(Self.square(), "a.png", in: dir), b = try Self.write(Self.square(x: 11), "b.png", in: dir)
    let diff = dir.appendingPathComponent("diff.png").path
    for tolerance in ["strict", "cross", "5"] {
      let (code, c) = strata("compare", a, b, "--tolerance", tolerance, "--diff", diff)
      #expect(code == .failure, "\(tolerance): \(c.stdout)")
      #expect(c.stdout.contains("differ"))
    }
    let panel = try PNG.read(path: diff)
    #expect(panel.height == 30 * 5 && panel.width == 3 * 40 * 5 + 8)  // small images are enlarged
  }

  @Test func aLooseToleranceAcceptsSmallDifferences() throws {
    let dir = try scratchDirectory()
    let a = try Self.write(Self.square(), "a.png", in: dir), b = try Self.write(Self.square(fill: 251), "b.png", in: dir)
    #expect(strata("compare", a, b).0 == .failure)
    #expect(strata("compare", a, b, "--tolerance", "4").0 == .success)
  }

  @Test func jsonReportsTheComparison() throws {
    let dir = try scratchDirectory()
    let a = try Self.write(Self.square(), "a.png", in: dir), b = try Self.write(Self.square(x: 12), "b.png", in: dir)
    let (code, c) = strata("compare", a, b, "--json", "--tolerance", "cross")
    #expect(code == .failure)
    let json = try JSONSerialization.jsonObject(with: Data(c.stdout.utf8)) as? [String: Any]
    #expect(json?["passed"] as? Bool == false)
    #expect(json?["tier"] as? String == "cross-backend")
    #expect((json?["regions"] as? [Any])?.isEmpty == false)
    #expect(json?["largestDifference"] != nil && json?["pixelsOver"] != nil)
  }

  @Test func differentSizesAreAnErrorThatSaysSo() throws {
    let dir = try scratchDirectory()
    let a = try Self.write(Self.square(), "a.png", in: dir), b = try Self.write(Self.square(size: (41, 30)), "b.png", in: dir)
    let (code, c) = strata("compare", a, b)
    #expect(code == .usage)
    #expect(c.stderr.contains("different sizes") && c.stderr.contains("40x30") && c.stderr.contains("41x30"))
  }

  @Test func unreadableFilesAndBadOptionsExitTwo() throws {
    let dir = try scratchDirectory()
    let a = try Self.write(Self.square(), "a.png", in: dir)
    let (code, c) = strata("compare", a, dir.appendingPathComponent("missing.png").path)
    #expect(code == .usage)
    #expect(c.stderr.contains("missing.png"))
    #expect(strata("compare", a).0 == .usage)
    #expect(strata("compare", a, a, "--tolerance", "loose").0 == .usage)
    #expect(strata("compare", a, a, "--frobnicate").0 == .usage)
    let (help, h) = strata("compare", "--help")
    #expect(help == .success && h.stdout.contains("usage: strata compare"))
  }

  @Test func unusedListsReferencesTheManifestDoesNotName() throws {
    let dir = try scratchDirectory()
    let refs = dir.appendingPathComponent("Tests/__References__")
    try FileManager.default.createDirectory(at: refs, withIntermediateDirectories: true)
    let used = try Self.write(Self.square(), "card.cpu.png", in: refs)
    let stale = try Self.write(Self.square(), "old.cpu.png", in: refs)
    _ = try Self.write(Self.square(), "elsewhere.png", in: dir)  // not in a __References__ folder
    let manifest = dir.appendingPathComponent("manifest.txt")
    try (used + "\n").write(to: manifest, atomically: true, encoding: .utf8)
    let (code, c) = strata("compare", "--unused", dir.path, manifest.path)
    #expect(code == .failure)
    #expect(c.stdout == URL(fileURLWithPath: stale).standardizedFileURL.path + "\n")
    try (used + "\n" + stale + "\n").write(to: manifest, atomically: true, encoding: .utf8)
    #expect(strata("compare", "--unused", dir.path, manifest.path).0 == .success)
  }

  /// `--unused` needs a directory: a file or a missing path is a usage error; a symbolic
  /// link to a directory is followed.
  @Test func unusedNeedsADirectory() throws {
    let dir = try scratchDirectory()
    let manifest = dir.appendingPathComponent("manifest.txt")
    try "".write(to: manifest, atomically: true, encoding: .utf8)
    for path in [manifest.path, dir.appendingPathComponent("missing").path] {
      let (code, c) = strata("compare", "--unused", path, manifest.path)
      #expect(code == .usage)
      #expect(c.stderr == "strata compare: \(path): not a directory\n")
    }
    let refs = dir.appendingPathComponent("refs"), link = dir.appendingPathComponent("link")
    try FileManager.default.createDirectory(at: refs, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: refs)
    let (code, c) = strata("compare", "--unused", link.path, manifest.path)
    #expect(code == .success, "\(c.stderr)")
  }
}

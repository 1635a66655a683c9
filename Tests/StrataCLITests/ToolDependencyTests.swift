import Foundation
import Testing

/// The shipped `strata` tool links no test framework: a renderer on a server has no use
/// for XCTest or Swift Testing, and must not need their libraries installed. `strata
/// compare` and `strata parity` use `StrataCompare`, never `StrataTesting`.
@Suite struct ToolDependencyTests {
  /// Every target's dependency list, read from the text of Package.swift.
  static func targetDependencies() throws -> [String: [String]] {
    let manifest = try String(contentsOf: repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let declaration = try Regex(#"name: "([A-Za-z0-9_-]+)",(?: path: "[^"]*",)? dependencies: \[([^\]]*)\]"#)
    var found: [String: [String]] = [:]
    for match in manifest.matches(of: declaration) {
      guard let name = match.output[1].substring, let list = match.output[2].substring else { continue }
      found[String(name)] = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""]) }
        .filter { !$0.isEmpty }
    }
    return found
  }

  /// The targets `target` depends on, directly or through others.
  static func closure(of target: String) throws -> Set<String> {
    let graph = try targetDependencies()
    var seen = Set<String>(), stack = graph[target] ?? []
    while let t = stack.popLast() {
      if seen.insert(t).inserted { stack += graph[t] ?? [] }
    }
    return seen
  }

  @Test func theToolDoesNotDependOnTheTestingLibrary() throws {
    let modules = try Self.closure(of: "strata")
    // The parse found the graph (a renamed target would otherwise pass vacuously).
    #expect(modules.isSuperset(of: ["StrataCLI", "StrataCompare", "StrataPNG", "Strata"]), "\(modules.sorted())")
    #expect(!modules.contains("StrataTesting"), "strata depends on StrataTesting: \(modules.sorted())")
  }

  /// No module the tool is built from imports a test framework, whatever its target says.
  @Test func noModuleOfTheToolImportsATestFramework() throws {
    for module in try Self.closure(of: "strata").sorted() {
      let dir = repoRoot.appendingPathComponent("Sources/\(module)")
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { continue }
      for name in files where name.hasSuffix(".swift") {
        let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ")
          let imported = words.firstIndex(of: "import").flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
          #expect(imported != "XCTest" && imported != "Testing", "Sources/\(module)/\(name): \(line)")
        }
      }
    }
  }

  /// The built binary's own list of shared libraries (its ELF `DT_NEEDED` entries, what
  /// `readelf -d` shows) names neither libXCTest nor libTesting.
  @Test func theBuiltToolNeedsNoTestFrameworkLibrary() throws {
    let tool = try #require(ToolProcess.tool, "the strata tool is not built next to the tests")
    let needed = try ELFFile.neededLibraries(of: Array(try Data(contentsOf: tool)))
    #expect(needed.contains { $0.hasPrefix("libswiftCore") }, "\(needed)")
    #expect(!needed.contains { $0.hasPrefix("libXCTest") || $0.hasPrefix("libTesting") || $0.hasPrefix("lib_Testing") }, "\(needed)")
  }
}

/// Just enough of the ELF format (64-bit, little-endian) to list a binary's `DT_NEEDED`
/// entries.
enum ELFFile {
  struct Malformed: Error {}

  static func neededLibraries(of b: [UInt8]) throws -> [String] {
    func int(_ at: Int, _ size: Int) throws -> Int {
      guard at >= 0, at + size <= b.count else { throw Malformed() }
      var v = 0
      for k in (0..<size).reversed() { v = v << 8 | Int(b[at + k]) }
      return v
    }
    guard b.count > 64, b[0..<4] == [0x7F, 0x45, 0x4C, 0x46], b[4] == 2, b[5] == 1 else { throw Malformed() }
    let sectionTable = try int(0x28, 8), sectionSize = try int(0x3A, 2), sections = try int(0x3C, 2)
    func section(_ i: Int) throws -> (type: Int, offset: Int, size: Int, link: Int) {
      let h = sectionTable + i * sectionSize
      return (try int(h + 4, 4), try int(h + 0x18, 8), try int(h + 0x20, 8), try int(h + 0x28, 4))
    }
    var names: [String] = []
    for i in 0..<sections {
      let s = try section(i)
      guard s.type == 6 else { continue }  // SHT_DYNAMIC
      let strings = try section(s.link)
      for e in stride(from: s.offset, to: s.offset + s.size, by: 16) {
        let tag = try int(e, 8)
        if tag == 0 { break }  // DT_NULL
        guard tag == 1 else { continue }  // DT_NEEDED
        var at = strings.offset + (try int(e + 8, 8))
        var bytes: [UInt8] = []
        while at < b.count && b[at] != 0 { bytes.append(b[at]); at += 1 }
        names.append(String(decoding: bytes, as: UTF8.self))
      }
    }
    return names
  }
}

import Foundation
import Testing

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The module graph the README describes: the backends never depend on each other, and the
/// tools choose a renderer only through `StrataBackends` (the fallback chain above both).
@Suite struct LayeringTests {
  /// The dependency list of `target` in Package.swift, read from its text.
  static func dependencies(of target: String) throws -> [String] {
    let manifest = try String(contentsOf: repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let marker = "name: \"\(target)\", dependencies: ["
    let start = try #require(manifest.range(of: marker), "no target \(target) with a dependency list in Package.swift")
    let rest = manifest[start.upperBound...]
    let end = try #require(rest.firstIndex(of: "]"))
    return rest[..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: ["\""]) }
      .filter { !$0.isEmpty }
  }

  /// The modules the Swift files of `Sources/<module>` (and its folders) import.
  static func imports(in module: String) throws -> Set<String> {
    let dir = repoRoot.appendingPathComponent("Sources/\(module)")
    var found = Set<String>()
    let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
    for file in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("import ") {
        found.insert(String(line.dropFirst("import ".count)).trimmingCharacters(in: .whitespaces))
      }
    }
    return found
  }

  @Test func theGPUBackendDoesNotDependOnTheCPUBackend() throws {
    #expect(!(try Self.dependencies(of: "StrataGL")).contains("StrataCPU"))
    #expect(!(try Self.imports(in: "StrataGL")).contains("StrataCPU"))
    #expect(!(try Self.dependencies(of: "StrataCPU")).contains("StrataGL"))
  }

  /// Text is a module of its own below the render list: it knows paths and its C
  /// libraries, no layer; the model knows no text engine (a text layer's font is a name).
  @Test func textSitsBesideTheModel() throws {
    let text = try Self.dependencies(of: "StrataText")
    #expect(Set(text).isSubset(of: ["StrataSync", "StrataPath", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi"]), "\(text)")
    #expect(try Self.imports(in: "StrataText").isDisjoint(with: ["Strata", "StrataRender", "StrataScene"]))
    #expect(!(try Self.dependencies(of: "Strata")).contains("StrataText"))
    #expect(!(try Self.imports(in: "Strata")).contains("StrataText"))
    #expect((try Self.dependencies(of: "StrataRender")).contains("StrataText"))
  }

  /// Lottie import produces layers: it sits on the model, the path engine, text layout, the
  /// scene reader's JSON parser, the image codecs and the zip and gzip readers, never on a
  /// renderer, and nothing below the tools depends on it.
  @Test func lottieSitsAboveTheModelAndBelowTheTools() throws {
    let lottie = try Self.dependencies(of: "StrataLottie")
    let allowed: Set = ["Strata", "StrataPath", "StrataText", "StrataScene", "StrataPNG", "StrataImageCodecs", "CZip", "CZlib"]
    #expect(Set(lottie).isSubset(of: allowed), "\(lottie)")
    #expect(try Self.imports(in: "StrataLottie").isDisjoint(with: ["StrataRender", "StrataCPU", "StrataGL", "StrataBackends", "StrataCLI"]))
    for module in ["Strata", "StrataScene", "StrataPNG", "StrataRender", "StrataCPU", "StrataGL", "StrataBackends"] {
      #expect(!(try Self.dependencies(of: module)).contains("StrataLottie"), "\(module) depends on StrataLottie")
    }
  }

  /// The lock module is the bottom of the graph: every module with shared state may use
  /// it, so it may use none of them.
  @Test func syncDependsOnNothing() throws {
    let manifest = try String(contentsOf: repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declaration = try #require(manifest.range(of: ".target(name: \"StrataSync\"", options: []))
    let line = manifest[declaration.lowerBound...].prefix { $0 != "\n" }
    #expect(!line.contains("dependencies"), "\(line)")
    #expect(try Self.imports(in: "StrataSync").isSubset(of: ["Glibc"]))
  }

  /// The CLI and the testing library reach the renderers through StrataBackends only.
  @Test func toolsChooseRenderersThroughStrataBackends() throws {
    for module in ["StrataCLI", "StrataTesting"] {
      let deps = try Self.dependencies(of: module)
      #expect(deps.contains("StrataBackends"), "\(module): \(deps)")
      #expect(!deps.contains("StrataCPU"), "\(module) depends on StrataCPU directly")
      let imports = try Self.imports(in: module)
      #expect(!imports.contains("StrataCPU"), "\(module) imports StrataCPU")
    }
  }
}

import Foundation
import Testing

/// The scene loader sits beside the model: it reads scene files into layers and knows
/// nothing of render lists. SwiftPM does not stop a target from importing a module it does
/// not declare when that module happens to be built, so the sources are checked here.
struct SceneModuleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The path engine (`StrataPath`, no dependencies) reads shape paths.
  @Test func sceneLoaderImportsOnlyTheModelAndPNG() throws {
    let dir = Self.root.appendingPathComponent("Sources/StrataScene")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
      let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { $0.dropFirst(7) }
      for module in imports {
        #expect(["Foundation", "Strata", "StrataPath", "StrataPNG"].contains(String(module)), "\(file) imports \(module)")
      }
    }
  }

  @Test func packageDeclaresNoRenderDependencyForTheSceneLoader() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let line = try #require(manifest.split(separator: "\n").first { $0.contains("name: \"StrataScene\"") && $0.contains(".target(") })
    #expect(!line.contains("StrataRender"), "\(line)")
  }
}

import Foundation
import Testing

@testable import StrataGL

/// Every embedded shader, in every variant, passes Khronos' reference compiler
/// (`glslangValidator`, Debian `glslang-tools`). CI installs it, and there the test must
/// run; elsewhere it is skipped with a note when the tool is missing.
@Suite struct ShaderValidationTests {
  static let validator = ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  static let variants: [[String]] = [
    [], ["SIMPLE"], ["SIMPLE", "TEXTURED"], ["SIMPLE", "BOUNDED"], ["SIMPLE", "TEXTURED", "BOUNDED"],
    ["SIMPLE", "ROUNDED"], ["SIMPLE", "BOUNDED", "ROUNDED"], ["SIMPLE", "MASK"], ["SIMPLE", "BOUNDED", "MASK"],
    ["SIMPLE", "EXACT"], ["SIMPLE", "TEXTURED", "EXACT"], ["SIMPLE", "BOUNDED", "EXACT"], ["SIMPLE", "TEXTURED", "BOUNDED", "EXACT"],
  ]

  @Test(arguments: ["draw.vert", "draw.frag"].flatMap { n in variants.map { (n, $0) } } + [("effect.vert", []), ("effect.frag", [])]
      + (0..<10).map { ("effect.frag", ["PASS_MODE \($0)"]) })
  func validates(_ name: String, _ defines: [String]) throws {
    guard let tool = Self.validator else {
      if ProcessInfo.processInfo.environment["CI"] == "true" {
        Issue.record("glslangValidator is missing; .ci/run installs glslang-tools")
      } else {
        print("skipped: glslangValidator not installed (apt-get install glslang-tools)")
      }
      return
    }
    let source = try #require(EmbeddedShaders.sources[name])
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-glsl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent(name)  // the extension tells the stage
    try ShaderProgram.withDefines(source, defines).write(to: file, atomically: true, encoding: .utf8)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = [file.path]
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    try p.run()
    p.waitUntilExit()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(p.terminationStatus == 0, "\(name) \(defines): \(out)")
  }

  /// The embedded sources are the files in Shaders/, with includes resolved.
  @Test func embeddedSourcesMatchShaderFiles() throws {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Shaders")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(Set(files) == Set(EmbeddedShaders.sources.keys))
    let frag = try String(contentsOf: dir.appendingPathComponent("draw.frag"), encoding: .utf8)
    let cov = try String(contentsOf: dir.appendingPathComponent("coverage.glsl"), encoding: .utf8)
    let embedded = try #require(EmbeddedShaders.sources["draw.frag"])
    #expect(embedded.contains(cov.trimmingCharacters(in: .newlines)))
    #expect(frag.contains("#include \"coverage.glsl\"") && !embedded.contains("#include"))
  }
}

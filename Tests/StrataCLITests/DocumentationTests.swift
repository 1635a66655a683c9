import Foundation
import StrataScratch
import Testing

/// The README and `docs/` as a new user meets them: every command, transcript, scene and
/// Swift example in them is run or compiled as it is written (see `MarkdownBlock` for the
/// markers that say how), and no link leads outside the repository.
@Suite(.scratch) struct DocumentationTests {
  static let documents: [String] = {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: repoRoot.appendingPathComponent("docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
  }()

  static func blocks() throws -> [MarkdownBlock] {
    try documents.flatMap { try MarkdownBlock.blocks(in: repoRoot.appendingPathComponent($0), name: $0) }
  }

  /// Blocks that hold commands say how they are checked, and the markers are known ones.
  @Test func everyCommandBlockSaysHowItIsChecked() throws {
    let blocks = try Self.blocks()
    #expect(blocks.count > 20, "the documents have \(blocks.count) code blocks")
    for b in blocks {
      if let m = b.marker {
        let known = ["exact", "status", "run"].contains(m) || (m.hasPrefix("skip ") && m.count > 8)
        #expect(known, "\(b): unknown marker '\(m)' (exact, status, run, or skip with a reason)")
      } else if b.language == "sh" || b.language == "console" || (b.language.isEmpty && b.text.contains("$ ")) {
        Issue.record("\(b): a block of commands needs a marker: <!-- test: exact|status|run|skip REASON -->")
      }
    }
  }

  // MARK: Swift

  /// Every Swift example appears in the test sources as written (its imports in the same
  /// file, its other lines in a row), so the tests compile and run it.
  @Test func swiftExamplesAreInTheTestsAsWritten() throws {
    let sources = try Self.testSources()
    let examples = try Self.blocks().filter { $0.language == "swift" && $0.marker == nil }
    #expect(examples.count >= 4)
    for b in examples {
      let lines = Self.normalised(b.text)
      let imports = lines.filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
      let body = lines.filter { !imports.contains($0) }
      let home = sources.first { file in
        Self.contains(file.lines, run: body) && imports.allSatisfy(file.lines.contains)
      }
      #expect(home != nil, "\(b) is not in any test source as written (imports in the file, the rest in a row)")
    }
  }

  static func testSources() throws -> [(path: String, lines: [String])] {
    let tests = repoRoot.appendingPathComponent("Tests")
    let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? []
    return try files.filter { $0.hasSuffix(".swift") }.map { path in
      (path, normalised(try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)))
    }
  }

  /// Lines without indentation, trailing spaces or blank lines.
  static func normalised(_ text: String) -> [String] {
    text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  static func contains(_ lines: [String], run: [String]) -> Bool {
    guard !run.isEmpty else { return true }
    guard lines.count >= run.count else { return false }
    return (0...(lines.count - run.count)).contains { Array(lines[$0..<($0 + run.count)]) == run }
  }

  // MARK: Scenes

  /// Every scene (or scene fragment, such as an `"animations"` member) renders, with image
  /// paths relative to `Examples/` as the documents use them.
  @Test func jsonExamplesRender() throws {
    let dir = try Self.workspace()
    let scenes = try Self.blocks().filter { $0.language == "json" && $0.marker == nil }
    #expect(scenes.count >= 3)
    for (i, b) in scenes.enumerated() {
      let text = b.text.trimmingCharacters(in: .whitespacesAndNewlines)
      let scene = text.hasPrefix("{") ? text : #"{"width": 100, "height": 100, "layers": [{\#(text)}]}"#
      let path = dir.appendingPathComponent("Examples/scene-\(i).json")
      try Data(scene.utf8).write(to: path)
      defer { try? FileManager.default.removeItem(at: path) }
      let (code, c) = strata("render", path.path, "-o", dir.appendingPathComponent("scene-\(i).png").path, "--backend", "cpu")
      #expect(code == .success, "\(b) does not render: \(c.stderr)")
    }
  }

  // MARK: Commands

  @Test func transcriptsPrintWhatTheySay() throws {
    let dir = try Self.workspace()
    for b in try Self.blocks() where b.marker == "exact" || b.marker == "status" {
      let steps = b.transcript
      #expect(!steps.isEmpty, "\(b): no $ commands")
      for step in steps {
        if step.command.contains("--backend gpu"), !Self.gpuAvailable { continue }
        let got = try Self.shell(step.command, in: dir)
        #expect(got.status == step.status ?? 0, "\(b): $ \(step.command) exited \(got.status): \(got.output)")
        let lines = got.output.components(separatedBy: "\n").map { $0.trimmingSuffixWhitespace }
        let printed = Array(lines.reversed().drop { $0.isEmpty }.reversed())
        let shown = step.output.map(\.trimmingSuffixWhitespace)
        if b.marker == "exact" {
          #expect(printed == shown, "\(b): $ \(step.command) printed:\n\(printed.joined(separator: "\n"))")
        } else if let first = shown.first {
          // The words before the first figure or parenthesis: the line's form.
          let form = String(first.prefix { !$0.isNumber && $0 != "(" })
          #expect(printed.first?.hasPrefix(form) == true, "\(b): $ \(step.command) printed:\n\(printed.joined(separator: "\n"))")
        }
      }
    }
  }

  @Test func commandBlocksRun() throws {
    let dir = try Self.workspace()
    for b in try Self.blocks() where b.marker == "run" {
      let commands = b.text.replacingOccurrences(of: "\\\n", with: " ").components(separatedBy: "\n")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
      #expect(!commands.isEmpty, "\(b): no commands")
      for command in commands {
        let got = try Self.shell(command, in: dir)
        #expect(got.status == 0, "\(b): \(command) exited \(got.status): \(got.output)")
      }
    }
  }

  // MARK: Links

  /// Links and paths stay inside the repository: a clone of it is all a reader has.
  @Test func linksStayInsideTheRepository() throws {
    for name in Self.documents {
      let url = repoRoot.appendingPathComponent(name)
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(!text.contains("../shared"), "\(name) names a path outside the repository")
      for match in text.matches(of: /\]\(([^)\s]+)\)/) {
        let target = String(match.1)
        #expect(!target.contains("://"), "\(name): link to \(target) leaves the repository")
        guard !target.contains("://"), !target.hasPrefix("#") else { continue }
        let file = String(target.split(separator: "#", maxSplits: 1).first ?? "")
        let resolved = url.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
        #expect(resolved.path.hasPrefix(repoRoot.standardizedFileURL.path), "\(name): \(target) is outside the repository")
        #expect(FileManager.default.fileExists(atPath: resolved.path), "\(name): \(target) does not exist")
      }
    }
  }

  // MARK: Support

  /// A directory laid out as the documents assume: the repository's `Examples/` and
  /// `Scripts/` (copied, so that commands writing beside a scene stay here), the tool at
  /// `.build/release/strata` and as `strata` on the path.
  static func workspace() throws -> URL {
    let dir = try scratchDirectory()
    let fm = FileManager.default
    for folder in ["Examples", "Scripts"] {
      try fm.copyItem(at: repoRoot.appendingPathComponent(folder), to: dir.appendingPathComponent(folder))
    }
    let tool = try #require(ToolProcess.tool, "the strata tool is not built next to the tests")
    for place in [".build/release", "bin"] {
      let d = dir.appendingPathComponent(place)
      try fm.createDirectory(at: d, withIntermediateDirectories: true)
      try fm.createSymbolicLink(at: d.appendingPathComponent("strata"), withDestinationURL: tool)
    }
    return dir
  }

  /// Runs `command` with `/bin/sh` in `dir`, standard error into standard output.
  static func shell(_ command: String, in dir: URL) throws -> (status: Int32, output: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", "exec 2>&1; " + command]
    p.currentDirectoryURL = dir
    var env = ProcessInfo.processInfo.environment
    for name in ["STRATA_BACKEND", "STRATA_EGL_PLATFORM", "STRATA_EGL_LIBRARY"] { env[name] = nil }
    env["PATH"] = dir.appendingPathComponent("bin").path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    p.environment = env
    let out = Pipe()
    p.standardOutput = out
    p.standardError = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Whether a GPU context can be made here (commands with `--backend gpu` need one; on
  /// CI, `CI=true`, they always run).
  static let gpuAvailable: Bool = {
    if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
    let (_, c) = strata("info")
    return c.stdout.contains("gpu: available")
  }()
}

extension String {
  fileprivate var trimmingSuffixWhitespace: String {
    String(self.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}

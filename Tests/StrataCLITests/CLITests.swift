import Foundation
import Strata
import StrataCLI
import StrataPNG
import StrataScratch
import Synchronization
import Testing

/// Runs `strata` in-process and captures what it prints.
final class Captured: Sendable {
  let out = Mutex(""), err = Mutex("")
  var console: Console {
    Console(out: { s in self.out.withLock { $0 += s } }, err: { s in self.err.withLock { $0 += s } })
  }
  var stdout: String { out.withLock { $0 } }
  var stderr: String { err.withLock { $0 } }
}

func strata(_ args: String...) -> (ExitCode, Captured) {
  let c = Captured()
  return (StrataCommand.run(args, console: c.console), c)
}

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh directory for one test's files, removed when the test passes (give its suite
/// the `.scratch` trait).
func scratchDirectory() throws -> URL {
  try Scratch.directory(prefix: "strata-cli")
}

@Suite(.scratch) struct CLITests {
  @Test func showcaseRendersAndMatchesTheCommittedPicture() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("showcase.png").path
    let (code, c) = strata("render", repoRoot.appendingPathComponent("Examples/showcase.json").path, "-o", out, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let got = try PNG.read(path: out), want = try PNG.read(path: repoRoot.appendingPathComponent("Examples/showcase.png").path)
    #expect(got.width == want.width && got.height == want.height)
    let diff = zip(got.pixels, want.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(diff <= 1, "the showcase differs from Examples/showcase.png by up to \(diff)")
  }

  @Test func helpOnEveryCommand() {
    for args in [["--help"], ["render", "--help"], ["info", "--help"]] {
      let c = Captured()
      #expect(StrataCommand.run(args, console: c.console) == .success)
      #expect(c.stdout.contains("usage: strata"))
    }
  }

  @Test func usageErrorsExitTwo() {
    #expect(strata().0 == .usage)
    #expect(strata("frobnicate").0 == .usage)
    #expect(strata("render").0 == .usage)
    #expect(strata("render", "a.json").0 == .usage)  // no -o
    #expect(strata("render", "a.json", "-o").0 == .usage)
    #expect(strata("render", "a.json", "-o", "x.png", "--backend", "vulkan").0 == .usage)
    #expect(strata("render", "a.json", "-o", "x.png", "--backend").0 == .usage)
    #expect(strata("render", "a.json", "-o", "x.png", "--scale", "-1").0 == .usage)
    #expect(strata("render", "a.json", "-o", "x.png", "--bogus").0 == .usage)
    let (_, c) = strata("render", "a.json", "-o", "x.png", "--bogus")
    #expect(c.stderr.contains("unknown option '--bogus'"))
  }

  /// The GPU is asked for explicitly: `auto` renders on the CPU where the GPU is llvmpipe.
  @Test func gpuRendersTheShowcaseCloseToTheCPUPicture() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("x.png").path
    let (code, c) = strata("render", repoRoot.appendingPathComponent("Examples/showcase.json").path, "-o", out, "--backend", "gpu", "--verbose")
    #expect(code == .success, "\(c.stderr)")
    #expect(c.stderr.contains("backend: gpu ("), "\(c.stderr)")
    let got = try PNG.read(path: out), want = try PNG.read(path: repoRoot.appendingPathComponent("Examples/showcase.png").path)
    let a = got.pixels, b = want.pixels  // `Image.pixels` copies: take it once
    let over = (0..<(got.width * got.height)).filter { i in
      (0..<4).contains { abs(Int(a[i * 4 + $0]) - Int(b[i * 4 + $0])) > 2 }
    }.count
    #expect(Double(over) / Double(got.width * got.height) <= 0.005)
  }

  @Test func infoListsBackends() {
    let (code, c) = strata("info")
    #expect(code == .success)
    #expect(c.stdout.contains("cpu: available") && c.stdout.contains("gpu: ") && c.stdout.contains("auto: "))
  }

  @Test func verboseSaysWhichBackendRendered() throws {
    let dir = try scratchDirectory()
    let scene = dir.appendingPathComponent("s.json")
    try ##"{"width": 8, "height": 8, "layers": [{"frame": [0, 0, 4, 4], "backgroundColor": "#F00"}]}"##.write(to: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("s.png").path
    let (code, c) = strata("render", scene.path, "-o", out, "--verbose", "--scale", "2")
    #expect(code == .success)
    #expect(c.stderr.contains("backend: "))
    let img = try PNG.read(path: out)
    #expect(img.width == 16 && img.height == 16)
    #expect(img[7, 7] == (255, 0, 0, 255) && img[8, 8] == (0, 0, 0, 0))
  }
}

/// Bad input: exit 1, a message naming the file and the JSON path, and no output file.
@Suite(.scratch) struct CLIBadInputTests {
  static let cases: [(name: String, scene: String, expected: String)] = [
    ("malformed", #"{"width": 10, "height": 10, "layers": [}"#, "malformed JSON"),
    ("unknown", #"{"width": 10, "height": 10, "layers": [{"sublayers": [{}, {"cornerRadus": 3}]}]}"#,
     #"layers[0].sublayers[1].cornerRadus: unknown property; did you mean "cornerRadius"?"#),
    ("type", #"{"width": 10, "height": 10, "layers": [{"opacity": "half"}]}"#, "layers[0].opacity: expected a number"),
    ("missing image", #"{"width": 10, "height": 10, "layers": [{"contents": "nope.png"}]}"#, "layers[0].contents: nope.png"),
    ("corrupt image", #"{"width": 10, "height": 10, "layers": [{"contents": "bad.png"}]}"#, "layers[0].contents: bad.png"),
    ("infinite", #"{"width": 10, "height": 10, "layers": [{"zPosition": 1e999}]}"#, "1e999"),
    ("negative size", #"{"width": 10, "height": 10, "layers": [{"bounds": [0, 0, -5, 5]}]}"#, "layers[0].bounds"),
    ("absurd canvas", #"{"width": 1000000, "height": 1000000, "layers": []}"#, "width"),
    ("missing font", #"{"width": 10, "height": 10, "layers": [{"type": "text", "string": "a", "font": "fonts/nope.ttf"}]}"#,
     "layers[0].font: fonts/nope.ttf: cannot be opened (missing or unreadable)"),
    ("corrupt font", #"{"width": 10, "height": 10, "layers": [{"type": "text", "string": "a", "font": "bad.ttf"}]}"#,
     "layers[0].font: bad.ttf: not a font file (unknown format)"),
    ("unknown font", #"{"width": 10, "height": 10, "layers": [{"type": "text", "font": "Strata Missing Family"}]}"#,
     #"layers[0].font: font "Strata Missing Family": no such font is installed"#),
    ("run font", #"{"width": 10, "height": 10, "layers": [{"type": "text", "string": [{"text": "a"}, {"text": "b", "font": "gone.otf"}]}]}"#,
     "layers[0].string[1].font: gone.otf: cannot be opened"),
  ]

  @Test(arguments: 0..<cases.count)
  func badInput(_ i: Int) throws {
    let (name, json, expected) = Self.cases[i]
    let dir = try scratchDirectory()
    try Data("this is not a PNG".utf8).write(to: dir.appendingPathComponent("bad.png"))
    try Data("this is not a font".utf8).write(to: dir.appendingPathComponent("bad.ttf"))
    let scene = dir.appendingPathComponent("scene.json")
    try json.write(to: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.png").path
    let (code, c) = strata("render", scene.path, "-o", out)
    #expect(code == .failure, "\(name)")
    #expect(c.stderr.contains(scene.path), "\(name): \(c.stderr)")
    #expect(c.stderr.contains(expected), "\(name): \(c.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out), "\(name) left an output file")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("out.png") }
    #expect(leftovers.isEmpty, "\(name) left \(leftovers)")
  }

  @Test func missingSceneFile() {
    let (code, c) = strata("render", "/nonexistent/scene.json", "-o", "/tmp/never.png")
    #expect(code == .failure)
    #expect(c.stderr.contains("/nonexistent/scene.json: file not found"))
  }

  @Test func absurdScaleIsRefusedBeforeRendering() throws {
    let dir = try scratchDirectory()
    let scene = dir.appendingPathComponent("s.json")
    try #"{"width": 1000, "height": 1000, "layers": []}"#.write(to: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("s.png").path
    let (code, c) = strata("render", scene.path, "-o", out, "--scale", "100")
    #expect(code == .failure)
    #expect(c.stderr.contains("--scale"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func unwritableOutputFails() throws {
    let (code, c) = strata("render", repoRoot.appendingPathComponent("Examples/showcase.json").path, "-o", "/nonexistent-dir/x.png")
    #expect(code == .failure)
    #expect(c.stderr.contains("/nonexistent-dir/x.png"))
  }
}

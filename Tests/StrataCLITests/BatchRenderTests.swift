import Foundation
import Strata
import StrataBackends
import StrataPNG
import StrataRender
import StrataScratch
import Synchronization
import Testing

@testable import StrataCLI

/// `strata render a.json b.json -o 'out/{name}.png'`: several scenes in one process.
@Suite(.scratch) struct BatchRenderTests {
  static func example(_ name: String) -> String { repoRoot.appendingPathComponent("Examples/\(name).json").path }

  /// A scene file written into `dir`.
  static func scene(_ dir: URL, _ file: String, _ json: String) throws -> String {
    let path = dir.appendingPathComponent(file).path
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let tiny = ##"{"width": 8, "height": 6, "background": "#336699", "layers": []}"##

  @Test func eachSceneGoesToItsOwnFileAsItWouldAlone() throws {
    let dir = try scratchDirectory()
    let template = dir.appendingPathComponent("out/{name}.png").path
    let (code, c) = strata("render", Self.example("shapes"), Self.example("replicator"), "-o", template, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    // out/ did not exist: it is made, as a frame pattern's directory is.
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
    #expect(names == ["replicator.png", "shapes.png"])
    for name in ["shapes", "replicator"] {
      let alone = dir.appendingPathComponent("\(name)-alone.png").path
      #expect(strata("render", Self.example(name), "-o", alone, "--backend", "cpu").0 == .success)
      let got = try PNG.read(path: dir.appendingPathComponent("out/\(name).png").path)
      #expect(got.pixels == (try PNG.read(path: alone)).pixels, "\(name)")
    }
  }

  @Test func nameGoesWithFrameNumbers() throws {
    let dir = try scratchDirectory()
    let a = try Self.scene(dir, "a%d.json", Self.tiny)  // a % in the name stays literal
    let b = try Self.scene(dir, "b.scene.json", Self.tiny)
    let template = dir.appendingPathComponent("{name}/f-%03d.png").path
    let (code, c) = strata("render", a, b, "--frames", "2:4", "-o", template, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    for (sub, frame) in [("a%d", 2), ("a%d", 3), ("b.scene", 2), ("b.scene", 3)] {
      let path = dir.appendingPathComponent(String(format: "%@/f-%03d.png", sub, frame)).path
      #expect(FileManager.default.fileExists(atPath: path), "\(path)")
    }
    // APNG: one file per scene.
    let apng = dir.appendingPathComponent("{name}.apng").path
    #expect(strata("render", a, b, "--frames", "0:3", "--format", "apng", "-o", apng, "--backend", "cpu").0 == .success)
    let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("b.scene.apng")))
    #expect(try APNGReader.frames(bytes).count == 3)
  }

  @Test func namesAreBaseNamesWithoutTheExtension() {
    #expect(BatchRender.name(of: "a/b/walk.json") == "walk")
    #expect(BatchRender.name(of: "walk") == "walk")
    #expect(BatchRender.name(of: "x.y.json") == "x.y")
    #expect(BatchRender.name(of: "dir/.hidden") == ".hidden")
    #expect(BatchRender.output("o/{name}-{name}.png", name: "w", isPattern: false) == "o/w-w.png")
    #expect(BatchRender.output("o/{name}-%d.png", name: "5%", isPattern: true) == "o/5%%-%d.png")
  }

  @Test func usageErrorsBeforeAnythingRenders() throws {
    let dir = try scratchDirectory()
    let a = try Self.scene(dir, "a.json", Self.tiny)
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("x"), withIntermediateDirectories: true)
    let a2 = try Self.scene(dir, "x/a.json", Self.tiny)
    let out = dir.appendingPathComponent("{name}.png").path
    var (code, c) = strata("render", a, a2, "-o", dir.appendingPathComponent("one.png").path)
    #expect(code == .usage)
    #expect(c.stderr.contains("2 scene files need {name} in -o"), "\(c.stderr)")
    (code, c) = strata("render", a, a2, "-o", out)
    #expect(code == .usage)
    #expect(c.stderr.contains("have the same name 'a'"), "\(c.stderr)")
    (code, c) = strata("render", a, a, "-o", out)
    #expect(code == .usage)
    (code, c) = strata("render", a, a2, "--format", "rgba", "--frames", "0:2", "-o", "-")
    #expect(code == .usage)
    // An output that is another scene's file: nothing is written, not even the first.
    let first = try Self.scene(dir, "first.json", Self.tiny)
    (code, c) = strata("render", first, a, "-o", dir.appendingPathComponent("{name}.json").path, "--backend", "cpu")
    #expect(code == .usage)
    #expect(c.stderr.contains("would overwrite"), "\(c.stderr)")
    #expect(try String(contentsOfFile: a, encoding: .utf8) == Self.tiny)
    #expect(try String(contentsOfFile: first, encoding: .utf8) == Self.tiny)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("first.png").path))
  }

  /// The choice: a bad scene does not stop the others; the run says which failed, exit 1.
  @Test func oneBadSceneIsReportedAndTheOthersAreWritten() throws {
    let dir = try scratchDirectory()
    let a = try Self.scene(dir, "a.json", Self.tiny)
    let bad = try Self.scene(dir, "bad.json", #"{"width": 8, "height": 6, "layers": [{"bounds": [0, 0, "x", 4]}]}"#)
    let missing = dir.appendingPathComponent("missing.json").path
    let c2 = try Self.scene(dir, "c.json", Self.tiny)
    let (code, c) = strata("render", a, bad, missing, c2, "-o", dir.appendingPathComponent("out/{name}.png").path, "--backend", "cpu")
    #expect(code == .failure)
    #expect(c.stderr.contains("bad.json"), "\(c.stderr)")
    #expect(c.stderr.contains("2 of 4 scenes failed: '\(bad)', '\(missing)'"), "\(c.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
    #expect(names == ["a.png", "c.png"])
  }

  /// One renderer, so one GPU context, for the whole batch: the chain's source is asked once.
  @Test func theBatchSharesOneRenderer() throws {
    let dir = try scratchDirectory()
    let made = Atomic<Int>(0)
    let renderer = FallbackRenderer(
      primary: {
        made.add(1, ordering: .relaxed)
        return Backends.gpu().map { $0 as any Renderer }.mapError { RenderError(.unavailable, "\($0)") }
      }, required: true)
    let scenes = ["shapes", "replicator", "effects"].map(Self.example)
    let c = Captured()
    var o = RenderCommand.Options()
    o.scenes = scenes
    o.output = dir.appendingPathComponent("{name}.png").path
    let code = BatchRender.run(o, console: c.console, renderer: renderer)
    #expect(code == .success, "\(c.stderr)")
    #expect(made.load(ordering: .relaxed) == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 3)
  }
}

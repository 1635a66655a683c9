import Foundation
import StrataFuzz
import Testing

/// The differential fuzzer (`strata-fuzz`, docs/Testing.md "Hardening"): a few generated
/// trees agree on both backends, the disagreements it found (reduced, in
/// Fuzz/differential) agree now, and the reducer and generator do what they say.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct DifferentialFuzzTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// The long runs live in Scripts/harden.sh; a dozen trees keep the machinery honest.
  @Test func aDozenTreesAgree() throws {
    let d = try Differential(baseDirectory: Self.root)
    var run = FuzzRun()
    run.count = 12
    run.seed = 1000
    run.reduce = false
    run.output = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fuzz-tests").path
    var lines: [String] = []
    let summary = run.run(d) { lines.append($0) }
    #expect(summary.trees == 12 && summary.invalid == 0, "\(lines)")
    #expect(summary.disagreements.isEmpty, "\(lines)")
  }

  /// Every reduced disagreement the fuzzer saved, at its time, agrees now.
  @Test func savedDisagreementsAgree() throws {
    let d = try Differential(baseDirectory: Self.root)
    let dir = Self.root + "/Fuzz/differential"
    let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted()
    #expect(!files.isEmpty)
    for f in files {
      let scene = try FuzzJSON(parsing: try String(contentsOfFile: "\(dir)/\(f)", encoding: .utf8))
      let timeFile = "\(dir)/\(f.dropLast(5)).time"
      let time = (try? String(contentsOfFile: timeFile, encoding: .utf8)).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
      let outcome = d.run(scene, time: time)
      #expect(!outcome.isDisagreement, "\(f) at \(time) s: \(FuzzRun.describe(outcome))")
      if case .invalid(let why) = outcome { Issue.record("\(f) does not load: \(why)") }
    }
  }
}

/// The generator and the reducer, without rendering.
@Suite struct SceneGeneratorTests {
  /// Generated scenes load (so a disagreement is never a bad file), the same seed gives the
  /// same scene, and 300 seeds reach every layer kind.
  @Test func scenesLoadAndCoverEveryKind() throws {
    var kinds: Set<String> = []
    for seed in UInt64(0)..<300 {
      var g = SceneGenerator(seed: seed)
      let (scene, time) = g.scene()
      var again = SceneGenerator(seed: seed)
      #expect(again.scene().scene == scene)
      #expect(time >= 0 && time <= 3)
      let text = scene.text()
      #expect(try FuzzJSON(parsing: text) == scene, "the text reads back as the tree")
      _ = try Differential.load(scene, baseDirectory: DifferentialFuzzTests.root)
      for k in ["shape", "gradient", "replicator", "emitter", "transform", "text", "scroll", "tiled"] where text.contains("\"type\": \"\(k)\"") {
        kinds.insert(k)
      }
    }
    #expect(kinds.count == 8, "\(kinds)")
  }

  /// The reduction of a tree that "fails" when any layer has a cornerRadius keeps one such
  /// layer with that key alone (and the canvas), whatever else the tree held.
  @Test func theReducerFindsTheOneCulprit() {
    let frame = FuzzJSON.array([.number(0), .number(0), .number(10), .number(10)])
    let plain = FuzzJSON.object([("frame", frame), ("backgroundColor", .string("#FFF"))])
    let culprit = FuzzJSON.object([("frame", frame), ("opacity", .number(0.5)), ("cornerRadius", .number(7)), ("sublayers", .array([plain]))])
    let scene = FuzzJSON.object([
      ("width", .number(64)), ("height", .number(48)), ("background", .string("#000")),
      ("layers", .array([plain, .object([("frame", frame), ("opacity", .number(0.5)), ("sublayers", .array([plain, culprit]))])])),
    ])
    var reducer = TreeReducer()
    let fails: (FuzzJSON) -> Bool = { $0.text().contains("cornerRadius") }
    let reduced = reducer.reduce(scene, fails: fails)
    #expect(fails(reduced))
    let expected = FuzzJSON.object([
      ("width", .number(64)), ("height", .number(48)),
      ("layers", .array([.object([("sublayers", .array([.object([("cornerRadius", .number(7))])]))])])),
    ])
    #expect(reduced == expected, "\(reduced.text())")
  }
}

import Foundation
import Strata
import StrataCompare
import StrataPNG

/// A differential run: `count` random scenes from consecutive seeds, each rendered on both
/// backends; each disagreement reduced and saved (`<out>/seed-<seed>.json`, the reduced
/// scene, with the original, the time and a diff image beside it).
public struct FuzzRun {
  public var count = 100
  public var seed: UInt64 = 1
  public var output = ".build/strata-fuzz"
  public var reduce = true

  /// What a run found.
  public struct Summary: Sendable {
    public var trees = 0, agreed = 0, refused = 0, invalid = 0
    /// The seeds of the scenes the backends disagreed on, with what they said.
    public var disagreements: [(seed: UInt64, message: String)] = []
    /// How many layers of each kind the scenes had.
    public var kinds: [String: Int] = [:]
  }

  public init() {}

  public func run(_ differential: Differential, log: (String) -> Void) -> Summary {
    var summary = Summary()
    for i in 0..<count {
      let s = seed &+ UInt64(i)
      var generator = SceneGenerator(seed: s)
      let (scene, time) = generator.scene()
      Self.countKinds(scene, into: &summary.kinds)
      summary.trees += 1
      let outcome = differential.run(scene, time: time)
      switch outcome {
      case .agree: summary.agreed += 1
      case .refused: summary.refused += 1
      case .invalid(let why):
        summary.invalid += 1
        log("seed \(s): the generated scene does not load: \(why)")
      case .differ, .failed:
        let message = Self.describe(outcome)
        summary.disagreements.append((s, message))
        log("seed \(s) at \(time) s: \(message)")
        save(scene, time: time, name: "seed-\(s)", outcome: outcome, differential, log: log)
      }
    }
    return summary
  }

  /// Reduces a failing scene and writes it, the original and the diff image.
  public func save(_ scene: FuzzJSON, time: Double, name: String, outcome: Differential.Outcome, _ d: Differential, log: (String) -> Void) {
    try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let base = "\(output)/\(name)"
    try? scene.text().write(toFile: base + ".original.json", atomically: true, encoding: .utf8)
    var reduced = scene
    var last = outcome
    if reduce {
      var reducer = TreeReducer()
      reduced = reducer.reduce(scene) { candidate in
        let o = d.run(candidate, time: time)
        if o.isDisagreement { last = o }
        return o.isDisagreement
      }
      log("  reduced in \(reducer.tries) renders (\(reducer.kept) removals): \(Self.layerCount(scene)) -> \(Self.layerCount(reduced)) layers")
    }
    try? (reduced.text() + "\n").write(toFile: base + ".json", atomically: true, encoding: .utf8)
    try? "\(time)\n".write(toFile: base + ".time", atomically: true, encoding: .utf8)
    if case .differ(let result, let cpu, let gpu) = d.run(reduced, time: time) {
      try? PNG.write(DiffImage.threePanel(expected: cpu.image, actual: gpu.image, result: result), to: base + ".diff.png")
    }
    log("  saved \(base).json (time \(time) s): \(Self.describe(last))")
  }

  public static func describe(_ o: Differential.Outcome) -> String {
    switch o {
    case .differ(let result, _, _): result.summary.split(separator: "\n").joined(separator: "; ")
    case .failed(let m), .refused(let m), .invalid(let m): m
    case .agree: "agree"
    }
  }

  static func layerCount(_ v: FuzzJSON) -> Int {
    switch v {
    case .object(let m): (m.contains { $0.0 == "frame" || $0.0 == "bounds" } ? 1 : 0) + m.reduce(0) { $0 + layerCount($1.1) }
    case .array(let a): a.reduce(0) { $0 + layerCount($1) }
    default: 0
    }
  }

  static func countKinds(_ v: FuzzJSON, into kinds: inout [String: Int]) {
    switch v {
    case .object(let m):
      if m.contains(where: { $0.0 == "frame" || $0.0 == "bounds" }) {
        if case .string(let k)? = v["type"] { kinds[k, default: 0] += 1 } else { kinds["layer", default: 0] += 1 }
      }
      for (key, x) in m where key != "emitterCells" { countKinds(x, into: &kinds) }
    case .array(let a): for x in a { countKinds(x, into: &kinds) }
    default: break
    }
  }
}

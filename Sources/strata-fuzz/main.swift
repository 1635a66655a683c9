import Foundation
import StrataFuzz

/// strata-fuzz: the differential fuzzer of the two backends (docs/Testing.md, "Hardening").
let usage = """
  usage: strata-fuzz [--count N] [--seed S] [--out DIR] [--base DIR] [--no-reduce]
         strata-fuzz --scene FILE [--time T] [--out DIR] [--base DIR] [--no-reduce]

  Generates N random scenes (default 100) from seeds S, S+1, ... (default 1), renders each
  on the GPU backend (llvmpipe counts) and on the CPU renderer, and compares them with the
  default cross-backend tier. A disagreement is reduced by delta debugging over the scene's
  tree and saved as DIR/seed-<seed>.json (default .build/strata-fuzz), with the original
  scene, the time it was rendered at and a diff image. Images and fonts are named relative
  to --base (default: the current directory, which must be the repository root).

  With --scene, runs one scene file at time T (default 0), and reduces it when the backends
  disagree (a saved disagreement, or a scene written by hand).

  exit status: 0 no disagreement, 1 disagreements, 2 wrong command line or no GPU backend
  """
var run = FuzzRun()
var base = FileManager.default.currentDirectoryPath
var sceneFile: String?
var time = 0.0
var args = CommandLine.arguments.dropFirst().makeIterator()
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("strata-fuzz: \(message)\n\(usage)\n".utf8))
  exit(2)
}
while let a = args.next() {
  switch a {
  case "--count": guard let v = args.next(), let n = Int(v), n >= 0 else { fail("--count needs a whole number") }; run.count = n
  case "--seed": guard let v = args.next(), let n = UInt64(v) else { fail("--seed needs a whole number") }; run.seed = n
  case "--out": guard let v = args.next() else { fail("--out needs a directory") }; run.output = v
  case "--base": guard let v = args.next() else { fail("--base needs a directory") }; base = v
  case "--no-reduce": run.reduce = false
  case "--scene": guard let v = args.next() else { fail("--scene needs a file") }; sceneFile = v
  case "--time": guard let v = args.next(), let t = Double(v), t.isFinite else { fail("--time needs a number") }; time = t
  case "-h", "--help": print(usage); exit(0)
  default: fail("unexpected argument '\(a)'")
  }
}
let differential: Differential
do { differential = try Differential(baseDirectory: base) } catch { fail("no GPU backend: \(error)") }
if let sceneFile {
  guard let text = try? String(contentsOfFile: sceneFile, encoding: .utf8) else { fail("cannot read \(sceneFile)") }
  let scene: FuzzJSON
  do { scene = try FuzzJSON(parsing: text) } catch { fail("\(sceneFile): \(error)") }
  let outcome = differential.run(scene, time: time)
  print("\(sceneFile) at \(time) s on \(differential.gpuKey) vs cpu: \(FuzzRun.describe(outcome))")
  guard outcome.isDisagreement else { exit(0) }
  if run.reduce { run.save(scene, time: time, name: URL(fileURLWithPath: sceneFile).deletingPathExtension().lastPathComponent + ".reduced", outcome: outcome, differential) { print($0) } }
  exit(1)
}
let start = Date()
let summary = run.run(differential) { print($0) }
let kinds = summary.kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
print(
  """
  \(summary.trees) scenes from seed \(run.seed) on \(differential.gpuKey) vs cpu in \(Int(Date().timeIntervalSince(start))) s: \
  \(summary.agreed) agree, \(summary.disagreements.count) disagree, \(summary.refused) refused by both at a limit, \
  \(summary.invalid) invalid
  layers: \(kinds)
  """)
exit(summary.disagreements.isEmpty && summary.invalid == 0 ? 0 : 1)

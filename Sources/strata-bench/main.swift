import Foundation
import Strata
import StrataCPU
import StrataPNG
import StrataRender

/// strata-bench: renders the peers' benchmark scenes and prints `<scene> strata-cpu <median ms>`
/// lines, the format of `../shared/peers`, so both run side by side.
let usage = """
  usage: strata-bench [--scene S1|S5|all] [--frames N] [--warmup N] [--backend cpu] [--save DIR]

  Times snapshot + compile + render of each frame (the whole frame from the layer tree),
  after the warm-up frames. Prints '<scene> strata-cpu <median ms>' on stdout and a detail
  line on stderr.
  """

var scenes = ["S1", "S5"]
var frames = 15, warmup = 3
var saveDir: String? = nil
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
  let a = args.removeFirst()
  func value() -> String {
    guard !args.isEmpty else { FileHandle.standardError.write("strata-bench: \(a) needs a value\n".data(using: .utf8)!); exit(2) }
    return args.removeFirst()
  }
  switch a {
  case "--scene": let v = value(); scenes = v == "all" ? ["S1", "S5"] : [v.uppercased()]
  case "--frames": frames = Int(value()) ?? frames
  case "--warmup": warmup = Int(value()) ?? warmup
  case "--backend": let b = value(); if b != "cpu" { FileHandle.standardError.write("strata-bench: backend \(b) is not available yet\n".data(using: .utf8)!); exit(2) }
  case "--save": saveDir = value()
  case "-h", "--help": print(usage); exit(0)
  default: FileHandle.standardError.write("strata-bench: unknown option \(a)\n\(usage)\n".data(using: .utf8)!); exit(2)
  }
}

for name in scenes {
  let scene: BenchScene
  switch name {
  case "S1": scene = BenchScenes.s1()
  case "S5": scene = BenchScenes.s5()
  default:
    print("\(name) strata-cpu n/a")
    continue
  }
  let renderer = CPURenderer()
  var target = PixelBuffer(width: scene.width, height: scene.height)
  var times: [Double] = []
  for i in 0..<(warmup + frames) {
    let t0 = DispatchTime.now().uptimeNanoseconds
    let list = RenderListCompiler(width: scene.width, height: scene.height, background: scene.background)
      .compile(scene.root.snapshot())
    renderer.render(list, into: &target)
    let t1 = DispatchTime.now().uptimeNanoseconds
    if i >= warmup { times.append(Double(t1 - t0) / 1e6) }
  }
  times.sort()
  let median = times[times.count / 2]
  print("\(name) strata-cpu \(String(format: "%.3f", median))")
  FileHandle.standardError.write(
    "\(name) strata-cpu min \(String(format: "%.3f", times.first!)) max \(String(format: "%.3f", times.last!)) n \(times.count) threads \(ProcessInfo.processInfo.activeProcessorCount)\n".data(using: .utf8)!)
  if let dir = saveDir {
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try PNG.write(target, to: "\(dir)/\(name)-strata-cpu.png")
  }
}

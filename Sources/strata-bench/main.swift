import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataPNG
import StrataRender
import StrataAllocator
import StrataBackends

/// strata-bench: renders the peers' benchmark scenes and prints `<scene> strata-cpu <median ms>`
/// lines, the format of `../shared/peers`, so both run side by side.
let usage = """
  usage: strata-bench [--scene S1|S2|S3|S4|S5|P100K|CUBE|PLANES200|TILED|TEXT200|GOLDEN256|LOTTIE|all] [--frames N] [--warmup N] [--backend cpu|gpu|all|compile] [--save DIR]
         strata-bench --write-sequence-scene DIR   (writes DIR/s1-animated.json, S1 turning, for Scripts/bench.sh)

  Times snapshot + compile + render of each frame (the whole frame from the layer tree),
  after the warm-up frames. Prints '<scene> strata-cpu <median ms>' on stdout, and for the
  GPU '<scene> strata-gl <median ms>' (draws until glFinish) and '<scene> strata-gl:readback
  <median ms>' (glReadPixels), like the peers; a detail line per result goes to stderr.
  S2 (shape layers) is timed cold, with the path mask cache emptied before every frame as
  the peers draw every path afresh, then again with the cache kept ('<scene> <renderer>:cached').
  S4 (20000 additive sprites) runs as 20000 plus-lighter sprite layers ('S4 <renderer>'),
  then as one additive emitter with 20000 particles spread the same way ('S4
  <renderer>:emitter'); '--scene S4:layers' or 'S4:emitter' times one. 'S4:edited' (only
  when named) is the layers form with every layer set again before each frame, so that its
  snapshot reuses nothing. P100K is an additive emitter with 100,000 live particles.
  CUBE (6 faces) and PLANES200 (200 crossing planes) are 3D contexts: 'strata-sort' lines give
  the time of their depth sorting per frame (within the frame time). '--backend compile'
  draws nothing: it times snapshot + compile alone ('<scene> strata-compile <median ms>'),
  so that 'perf stat' of a run counts the compile (and depth sort) without the drawing.
  TILED draws a 100000 x 100000 pyramid of PNG tiles (made once, hard links, in
  $STRATA_BENCH_TILES or the temporary directory) zoomed out to fit ('TILED <renderer>:fit')
  and at 1:1 in a corner (':corner'), cold (the tile cache emptied before every frame) and
  with the cache kept (':cached:fit'); 'TILED decoded-tiles:fit N' gives the tiles a cold
  frame decodes and 'TILED peak-rss-mib:fit M' the process's peak resident memory so far
  (run '--scene TILED:fit' alone for its own).
  TEXT200 (200 text labels) is timed cold (layouts, text masks and glyph bitmaps dropped
  before every frame), with glyph bitmaps kept (':glyphs': the layouts and masks are made
  again from cached glyphs) and with every cache kept (':cached').
  GOLDEN256 is a 256 x 256 golden check end to end through StrataTesting (RenderScene,
  the backend, the comparison with a reference recorded by the first, untimed check).
  Every run also prints '<scene> peak-mib:<backend> M', its peak resident memory over the
  process before the scene was built, and '<scene> frame-textures-mib:<backend> F', the
  frame buffer plus the scene's distinct images (the goal: M at most 3 F).
  LOTTIE imports the corpus's largest vector Lottie file (LottieFiles/growth.json) ('LOTTIE
  import <median ms>') and draws its middle frame at 1080 x 1080 on the 1080p canvas.
  """

// As `strata` does: frames reuse the memory the frame before freed (README "Performance").
FrameLoopMemory.keepFreedMemory()
let allScenes = ["S1", "S2", "S3", "S4", "S5", "P100K", "CUBE", "PLANES200", "TILED", "TEXT200", "GOLDEN256", "LOTTIE"]
var scenes = allScenes
var frames = 15, warmup = 3
var saveDir: String? = nil
var backends = ["cpu"]
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
  let a = args.removeFirst()
  func value() -> String {
    guard !args.isEmpty else { FileHandle.standardError.write("strata-bench: \(a) needs a value\n".data(using: .utf8)!); exit(2) }
    return args.removeFirst()
  }
  switch a {
  case "--scene": let v = value(); scenes = v == "all" ? allScenes : [v.uppercased()]
  case "--frames": frames = Int(value()) ?? frames
  case "--warmup": warmup = Int(value()) ?? warmup
  case "--backend":
    let b = value()
    guard ["cpu", "gpu", "all", "compile"].contains(b) else { FileHandle.standardError.write("strata-bench: unknown backend \(b)\n".data(using: .utf8)!); exit(2) }
    backends = b == "all" ? ["cpu", "gpu"] : [b]
  case "--save": saveDir = value()
  case "--write-sequence-scene":
    // Not a benchmark: the animated S1 scene file for Scripts/bench.sh's frame sequence.
    let dir = value()
    do { print(try BenchScenes.writeAnimatedS1(to: dir)) } catch {
      FileHandle.standardError.write("strata-bench: \(error)\n".data(using: .utf8)!)
      exit(1)
    }
    exit(0)
  case "-h", "--help": print(usage); exit(0)
  default: FileHandle.standardError.write("strata-bench: unknown option \(a)\n\(usage)\n".data(using: .utf8)!); exit(2)
  }
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
func report(_ scene: String, _ peer: String, _ times: [Double], _ extra: String = "") {
  let t = times.sorted()
  print("\(scene) \(peer) \(String(format: "%.3f", median(t)))")
  FileHandle.standardError.write(
    "\(scene) \(peer) min \(String(format: "%.3f", t.first!)) max \(String(format: "%.3f", t.last!)) n \(t.count)\(extra)\n".data(using: .utf8)!)
}

let gpu: GLRenderer? = backends.contains("gpu") ? {
  // STRATA_EGL_PLATFORM and STRATA_GL_MASK_TILING, checked as the tools check them.
  let settings: BackendSettings
  do throws(BackendSettingError) { settings = try BackendSettings(environment: ProcessInfo.processInfo.environment) } catch {
    FileHandle.standardError.write("strata-bench: \(error)\n".data(using: .utf8)!)
    exit(2)
  }
  do { return try GLRenderer(options: settings.glOptions()) } catch {
    FileHandle.standardError.write("strata-bench: GPU backend unavailable: \(error)\n".data(using: .utf8)!)
    exit(1)
  }
}() : nil
if let g = gpu {
  FileHandle.standardError.write("strata-bench: GPU \(g.info.renderer) via \(g.info.platform.rawValue)\n".data(using: .utf8)!)
}

/// The forms a scene is timed in: a suffix for the renderer's name, and the scene.
/// Built only when timed (S4's layers hold 20000 images).
/// `importRuns`: how many times LOTTIE imports its file.
func forms(_ name: String, importRuns: Int) -> [(suffix: String, scene: () -> BenchScene)]? {
  switch name {
  case "S1": [("", BenchScenes.s1)]
  case "S2": [("", BenchScenes.s2)]
  case "S3": [("", BenchScenes.s3)]
  case "S4": [("", BenchScenes.s4), (":emitter", BenchScenes.s4Emitter), (":edited", BenchScenes.s4Edited)]
  case "S5": [("", BenchScenes.s5)]
  case "P100K": [("", BenchScenes.p100k)]
  case "CUBE": [("", BenchScenes.cube)]
  case "PLANES200": [("", BenchScenes.planes200)]
  case "TILED": [(":fit", BenchScenes.tiledFit), (":corner", BenchScenes.tiledCorner)]
  case "TEXT200": [("", BenchScenes.text200)]
  case "LOTTIE": [("", { BenchScenes.lottieTimed(runs: importRuns) })]
  default: nil
  }
}

func compile(_ scene: BenchScene) -> RenderList {
  let snapshot = scene.time.map { scene.root.snapshot(at: $0) } ?? scene.root.snapshot()
  return RenderListCompiler(width: scene.width, height: scene.height, background: scene.background).compile(snapshot)
}

for name in scenes {
  if name == "GOLDEN256" {
    do {
      try BenchGolden.run(frames: frames, warmup: warmup, backends: backends) { report("GOLDEN256", $0, $1) }
    } catch {
      FileHandle.standardError.write("strata-bench: \(error)\n".data(using: .utf8)!)
      exit(1)
    }
    continue
  }
  // 'S4:emitter' (or 'S4:layers') times one form only.
  let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
  guard let forms = forms(parts[0], importRuns: warmup + frames) else {
    print("\(name) strata-cpu n/a")
    continue
  }
  // Forms timed only when named ('S4:edited'), not by 'S4' or 'all'.
  let namedOnly: Set<String> = [":edited"]
  for (form, makeScene) in forms
  where (parts.count == 1 && !namedOnly.contains(form)) || (parts.count > 1 && form == ":" + parts[1].lowercased())
    || (form.isEmpty && parts.count > 1 && parts[1].lowercased() == "layers")
  {
    let startBytes = BenchMemory.residentBytes
    let scene = makeScene()
    let budgetMiB = Double(BenchMemory.frameAndTextureBytes(scene)) / 1048576
    if let n = scene.particles {
      // The emitter scenes are only what they claim when the frame draws that many sprites.
      let drawn = compile(scene).commands.reduce(0) { if case .sprites(let b) = $1 { $0 + b.sprites.count } else { $0 } }
      precondition(drawn == n, "\(name)\(form) draws \(drawn) particles, not \(n)")
    }
    var target = PixelBuffer(width: scene.width, height: scene.height)
    // Path masks, tiles and text are kept between frames; the cold runs start each frame
    // without them. What each run drops before every frame: S2 its path masks (cold) or
    // nothing; TILED its tiles and masks, or nothing; TEXT200 everything of text, the
    // layouts and masks but not the glyph bitmaps, or nothing.
    enum Cold { case all, keepGlyphs, none }
    let levels: [(Cold, String)] =
      switch parts[0] {
      case "S2", "TILED": [(.all, ""), (.none, ":cached")]
      case "TEXT200": [(.all, ""), (.keepGlyphs, ":glyphs"), (.none, ":cached")]
      default: [(.none, "")]
      }
    let runs = backends.flatMap { b in levels.map { (backend: b, cold: $0.0, level: $0.1) } }
    for (backend, cold, level) in runs {
      let suffix = level + form
      var decoded: [Int] = []
      var times: [Double] = [], readbacks: [Double] = [], compiles: [Double] = [], sorts: [Double] = []
      var submits: [Double] = []
      var sorting = DepthSortStatistics()
      BenchMemory.resetPeak()
      for i in 0..<(warmup + frames) {
        if cold != .none {
          PathMaskCache.shared.removeAll()
          TileCache.shared.removeAll()
          TextLayoutCache.shared.removeAll()
          TextMaskCache.shared.removeAll()
          if cold == .all { GlyphBitmapCache.shared.removeAll() }
        }
        scene.beforeFrame?()  // the app's edits, not timed
        let decodedBefore = TileCache.shared.decodedTiles
        let t0 = DispatchTime.now().uptimeNanoseconds
        let list = compile(scene)
        if i >= warmup { decoded.append(TileCache.shared.decodedTiles - decodedBefore) }
        if i >= warmup, list.depthSorting.contexts > 0 {
          sorts.append(ms(list.depthSorting.time))
          sorting = list.depthSorting
        }
        if backend == "compile" {
          if i >= warmup { times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6) }
        } else if backend == "gpu" {
          try gpu!.render(list, into: &target)
          let t = gpu!.lastTimings
          let compile = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6 - ms(t.render) - ms(t.readback)
          if i >= warmup {
            times.append(compile + ms(t.render))
            compiles.append(compile)
            readbacks.append(ms(t.readback))
            submits.append(ms(t.submit))
          }
        } else {
          let t1 = DispatchTime.now().uptimeNanoseconds
          try! CPURenderer().render(list, into: &target)  // the bench scenes are within the limits
          if i >= warmup {
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            compiles.append(Double(t1 - t0) / 1e6)
          }
        }
      }
      if backend == "compile" {
        report(parts[0], "strata-compile" + suffix, times)
      } else if backend == "gpu" {
        let c = gpu!.lastFrameCounts
        report(parts[0], "strata-gl" + suffix, times, " draw calls \(c.drawCalls) instances \(c.instances) mask pixels \(c.maskPixels) snapshot+compile \(String(format: "%.1f", median(compiles))) ms submit \(String(format: "%.1f", median(submits))) ms")
        report(parts[0], "strata-gl:readback" + suffix, readbacks)
      } else {
        report(
          parts[0], "strata-cpu" + suffix, times,
          " threads \(ProcessInfo.processInfo.activeProcessorCount) snapshot+compile \(String(format: "%.1f", median(compiles))) ms")
      }
      // Peak memory of the run over the process before the scene was built (BenchMemory).
      let peakMiB = Double(max(0, BenchMemory.peakBytes - startBytes)) / 1048576
      print("\(parts[0]) peak-mib:\(backend)\(suffix) \(String(format: "%.1f", peakMiB))")
      print("\(parts[0]) frame-textures-mib:\(backend)\(suffix) \(String(format: "%.1f", budgetMiB))")
      FileHandle.standardError.write(
        "\(parts[0]) \(backend)\(suffix): peak \(String(format: "%.1f", peakMiB)) MiB over the start, frame + textures \(String(format: "%.1f", budgetMiB)) MiB\n"
          .data(using: .utf8)!)
      if parts[0] == "TILED" {
        // The tiles a frame decoded (every frame of a cold run decodes the same ones).
        print("\(parts[0]) decoded-tiles\(suffix) \(decoded.max() ?? 0)")
        print("\(parts[0]) peak-rss-mib\(suffix) \(String(format: "%.1f", Double(BenchScenes.peakResidentBytes()) / 1048576))")
      }
      if !sorts.isEmpty {
        report(parts[0], "strata-sort" + suffix, sorts, " planes \(sorting.planes) pieces \(sorting.pieces) trees \(sorting.trees)")
      }
      if let dir = saveDir, backend != "compile" {
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try PNG.write(target, to: "\(dir)/\(name)\(form.replacingOccurrences(of: ":", with: "-"))-strata-\(backend).png")
      }
    }
  }
}

func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }

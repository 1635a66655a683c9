import Foundation
import Strata
import StrataBackends
import StrataCompare
import StrataGL
import StrataPNG
import StrataRender
import StrataScene

/// `strata parity`: renders a scene on the GPU and on the CPU and compares them with the
/// cross-backend tier, as the golden tests do.
enum ParityCommand {
  static let usage = """
    usage: strata parity SCENE.json [--time T] [--diff OUT.png] [--scale S] [--max-layers N] [--max-scene-size MIB] [--tile-memory MIB]

    Renders SCENE.json at time T (default 0) on the GPU backend and on the CPU renderer and
    compares the two with the default cross-backend tier, as golden tests do without a
    budget file: edge geometry, 3x3 envelope, clusters, flat regions, mean bias and
    critical alpha, with allowances that scale with the picture's edges, size and
    contrast. Prints the result and the allowance it used; with --diff, writes expected
    (CPU) | difference | actual (GPU) to OUT.png when they differ. --tile-memory is as for
    'strata render'.

    exit status: 0 the backends agree, 1 they differ, 2 wrong command line, unreadable scene,
    a --scale beyond the canvas limits, no GPU backend, or a --diff that cannot be written
    or names the scene file or one of its images
    """

  struct Options {
    var scene = ""
    var diff: String?
    var scale: Double?
    var time: Double = 0
    var limits = SceneLimits()
    var tileMemory: Int?
  }

  static func parse(_ items: [String]) throws(UsageError) -> Options? {
    var o = Options()
    var scene: String?
    var args = Arguments(items)
    while let a = args.next() {
      switch a {
      case "-h", "--help": return nil
      case "--diff": o.diff = try args.value(for: a)
      case "--max-layers": o.limits.maxLayers = try args.onceCount(for: a)
      case "--max-scene-size": o.limits.maxFileBytes = try args.onceMebibytes(for: a)
      case "--tile-memory": o.tileMemory = try args.onceMebibytes(for: a)
      case "--scale": o.scale = try args.positiveNumber(for: a)
      case "--time":
        let v = try args.value(for: a)
        guard let t = Arguments.decimal(v) else { throw UsageError(message: "--time needs a number of seconds, got '\(v)'") }
        o.time = t
      default:
        if a.hasPrefix("-") || scene != nil { throw UsageError(message: "unexpected argument '\(a)'") }
        scene = a
      }
    }
    guard let scene else { throw UsageError(message: "no scene file given") }
    o.scene = scene
    return o
  }

  static func run(_ args: [String], console: Console, environment: [String: String] = [:]) -> ExitCode {
    let o: Options
    var settings = BackendSettings()
    switch Parsed.from("parity", usage: usage, console: console, { () throws(UsageError) -> Options? in
      let o = try parse(args)
      if o != nil { try settings.apply(environment: environment) }
      return o
    }) {
    case .exit(let code): return code
    case .run(let options): o = options
    }
    let path = o.scene
    var s: Scene
    do { s = try SceneLoader.load(path: path, limits: o.limits) } catch {
      console.err("strata parity: \(error)\n")
      return .usage
    }
    if let scale = o.scale {
      if let problem = s.canvasProblem(scale: scale) {
        console.err("strata parity: \(problem)\n")
        return .usage
      }
      s.scale = scale
    }
    if let diff = o.diff {
      do throws(UsageError) {
        try InputFiles(scene: path, images: s.imageFiles, tiles: s.tilePyramids).check(output: diff, option: "--diff")
      } catch {
        console.err(UsageError.report(error, command: "strata parity", usage: usage))
        return .usage
      }
    }
    if let bytes = o.tileMemory { TileCache.shared.budget = bytes }
    let list = RenderListCompiler(width: s.pixelWidth, height: s.pixelHeight, scale: s.scale, background: s.background)
      .compile(s.root.snapshot(at: o.time))
    let gl: GLRenderer
    switch Backends.gpu(options: settings.glOptions()) {
    case .success(let r): gl = r
    case .failure(let e):
      console.err("strata parity: no GPU backend: \(e)\n")
      return .usage
    }
    let gpu: PixelBuffer, cpu: PixelBuffer
    do { gpu = try gl.render(list) } catch where error.kind == .limitExceeded {
      // Both backends hold the frame to the same limits.
      console.err("strata parity: \(error)\n")
      return .failure
    } catch {
      console.err("strata parity: the GPU frame failed: \(error)\n")
      return .usage
    }
    do { cpu = try Backends.cpu.render(list) } catch {
      console.err("strata parity: \(error)\n")
      return .failure
    }
    // The default tier, exactly as a golden test without a budget file applies it: the
    // allowances follow from the picture, so a scene file needs no calibration.
    let result = ImageComparator.compare(expected: cpu.image, actual: gpu.image, tolerance: .cross)
    let m = result.measurements
    let at = o.time == 0 ? "" : " at \(ImageComparator.format2(o.time)) s"
    console.out("\(path)\(at): \(gl.info.backendKey) vs cpu: \(result.passed ? "agree" : "differ")\n\(result)\n")
    if let a = result.allowance {
      console.out(
        "allowance: \(a) (for \(m.edgePixels) edge pixels of \(list.width * list.height), mean contrast \(ImageComparator.format2(m.meanContrast)) levels)\n")
    }
    if !result.passed, let d = o.diff {
      do {
        try PNG.write(DiffImage.threePanel(expected: cpu.image, actual: gpu.image, result: result), to: d)
        console.out("wrote \(d)\n")
      } catch {
        console.err("strata parity: \(error)\n")
        return .usage
      }
    }
    return result.passed ? .success : .failure
  }
}

import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataPNG
import StrataRender
import StrataScene
import StrataTesting

/// `strata parity`: renders a scene on the GPU and on the CPU and compares them with the
/// cross-backend tier, as the golden tests do.
enum ParityCommand {
  static let usage = """
    usage: strata parity SCENE.json [--diff OUT.png] [--scale S]

    Renders SCENE.json on the GPU backend and on the CPU renderer and compares the two with
    the cross-backend tolerance (edge geometry, 3x3 envelope, flat regions, mean bias,
    critical alpha), allowing one pixel in 10,000 for edge and envelope differences. Prints
    the result; with --diff, writes expected (CPU) | difference | actual (GPU) to OUT.png
    when they differ.

    exit status: 0 the backends agree, 1 they differ, 2 wrong command line, unreadable scene
    or no GPU backend
    """

  static func run(_ args: [String], console: Console) -> ExitCode {
    var scene: String?, diff: String?, scale: Double?
    var i = 0
    while i < args.count {
      let a = args[i]
      switch a {
      case "-h", "--help":
        console.out(usage + "\n")
        return .success
      case "--diff", "--scale":
        guard i + 1 < args.count else {
          console.err("strata parity: \(a) needs a value\n\n" + usage + "\n")
          return .usage
        }
        i += 1
        if a == "--diff" { diff = args[i] } else {
          guard let s = Double(args[i]), s > 0, s.isFinite else {
            console.err("strata parity: --scale needs a positive number\n")
            return .usage
          }
          scale = s
        }
      default:
        if a.hasPrefix("-") || scene != nil {
          console.err("strata parity: unexpected argument '\(a)'\n\n" + usage + "\n")
          return .usage
        }
        scene = a
      }
      i += 1
    }
    guard let path = scene else {
      console.err("strata parity: no scene file given\n\n" + usage + "\n")
      return .usage
    }
    var s: Scene
    do { s = try SceneLoader.load(path: path) } catch {
      console.err("strata parity: \(error)\n")
      return .usage
    }
    if let scale { s.scale = scale }
    let list = RenderListCompiler(width: s.pixelWidth, height: s.pixelHeight, scale: s.scale, background: s.background)
      .compile(s.root.snapshot())
    let renderer = FrameRenderer(.gpu)
    guard let gl = renderer.gpu else {
      console.err("strata parity: no GPU backend: \(renderer.gpuUnavailableReason ?? "unknown")\n")
      return .usage
    }
    let gpu: PixelBuffer
    do { gpu = try gl.render(list) } catch {
      console.err("strata parity: the GPU frame failed: \(error)\n")
      return .usage
    }
    let cpu = CPURenderer().render(list)
    // A scene file has no calibrated budget: allow one pixel in 10,000 per check (edge
    // pixels of filtering and coverage ties), no pixel of critical alpha or flat colour.
    var budget = Budget()
    let allowance = Double(max(2, list.width * list.height / 10_000))
    budget.envelopePixels = .init(max: allowance)
    budget.geometryPixels = .init(max: allowance)
    let result = ImageComparator.compare(
      expected: cpu.image, actual: gpu.image, tolerance: .crossBackend(CrossBackendTolerance(budget: budget)))
    console.out("\(path): \(gl.info.backendKey) vs cpu: \(result.passed ? "agree" : "differ")\n\(result)\n")
    if !result.passed, let d = diff {
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

import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataPNG
import StrataRender
import StrataScene

/// `strata render`: a scene file to a PNG, written atomically.
enum RenderCommand {
  static let usage = """
    usage: strata render SCENE.json -o OUT.png [--backend auto|cpu|gpu] [--scale S] [--verbose]

    Renders a scene file (see docs/SceneFormat.md) to a PNG image.

    options:
      -o, --output OUT.png   where to write the image (written whole or not at all)
      --backend B            auto (the GPU when a probe finds one, else the CPU), cpu or gpu;
                             default: $STRATA_BACKEND, else auto
      --scale S              pixels per point, overriding the scene's "scale"
      --verbose              say which backend rendered and how long each step took
      -h, --help             show this help

    exit status: 0 rendered, 1 the scene could not be rendered, 2 wrong command line
    """

  struct Options {
    var scene: String?
    var output: String?
    var backend = ProcessInfo.processInfo.environment[BackendPreference.variable].flatMap(BackendPreference.init(rawValue:)) ?? .auto
    var scale: Double?
    var verbose = false
  }

  static func parse(_ args: [String]) throws(UsageError) -> Options? {
    var o = Options()
    var i = 0
    func value(_ name: String) throws(UsageError) -> String {
      i += 1
      guard i < args.count else { throw UsageError(message: "\(name) needs a value") }
      return args[i]
    }
    while i < args.count {
      let a = args[i]
      switch a {
      case "-h", "--help": return nil
      case "-o", "--output": o.output = try value(a)
      case "--backend":
        let v = try value(a)
        guard let b = BackendChoice(rawValue: v) else {
          throw UsageError(message: "unknown backend '\(v)'; choose auto, cpu or gpu")
        }
        o.backend = b
      case "--scale":
        let v = try value(a)
        guard let s = Double(v), s.isFinite, s > 0 else {
          throw UsageError(message: "--scale needs a positive number, got '\(v)'")
        }
        o.scale = s
      case "--verbose", "-v": o.verbose = true
      default:
        if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'") }
        guard o.scene == nil else { throw UsageError(message: "unexpected argument '\(a)'; give one scene file") }
        o.scene = a
      }
      i += 1
    }
    guard o.scene != nil else { throw UsageError(message: "no scene file given") }
    guard o.output != nil else { throw UsageError(message: "no output file given (-o OUT.png)") }
    return o
  }

  static func run(_ args: [String], console: Console) -> ExitCode {
    let options: Options
    do {
      guard let o = try parse(args) else {
        console.out(usage + "\n")
        return .success
      }
      options = o
    } catch {
      console.err("strata render: \(error.message)\n\n" + usage + "\n")
      return .usage
    }
    return render(options, console: console)
  }

  static func render(_ o: Options, console: Console) -> ExitCode {
    let scenePath = o.scene!, output = o.output!
    let clock = ContinuousClock()
    let t0 = clock.now
    var scene: Scene
    do {
      scene = try SceneLoader.load(path: scenePath)
    } catch {
      console.err("strata render: \(error)\n")
      return .failure
    }
    if let s = o.scale {
      let w = (Double(scene.width) * s).rounded(.up), h = (Double(scene.height) * s).rounded(.up)
      guard w <= Double(Scene.maxPixelsPerSide), h <= Double(Scene.maxPixelsPerSide), w * h <= Double(Scene.maxPixels) else {
        console.err(
          "strata render: --scale \(s): the canvas would be \(Int(w)) x \(Int(h)) pixels; the limits are \(Scene.maxPixelsPerSide) per side and \(Scene.maxPixels) in all\n")
        return .failure
      }
      scene.scale = s
    }
    let t1 = clock.now
    let list = RenderListCompiler(
      width: scene.pixelWidth, height: scene.pixelHeight, scale: scene.scale, background: scene.background
    ).compile(scene.root.snapshot())
    let t2 = clock.now
    var pixels = PixelBuffer(width: list.width, height: list.height)
    let renderer = FrameRenderer(o.backend)
    let report: FrameRenderer.Report
    do {
      report = try renderer.render(list, into: &pixels)
    } catch {
      console.err("strata render: --backend gpu: no GPU backend: \(error); use --backend cpu or auto\n")
      return .failure
    }
    let t3 = clock.now
    do {
      try PNG.write(pixels, to: output)
    } catch {
      console.err("strata render: \(error)\n")
      return .failure
    }
    if o.verbose {
      let notes = report.notes.map { "\n  \($0)" }.joined()
      console.err("""
        backend: \(report.backend)\(notes)
        canvas: \(list.width)x\(list.height) pixels, \(list.commands.count) draws, \(list.clips.count) clips
        load \(ms(t1 - t0)) ms, compile \(ms(t2 - t1)) ms, render \(ms(t3 - t2)) ms, write \(ms(clock.now - t3)) ms
        wrote \(output)

        """)
    }
    return .success
  }

  static func ms(_ d: Duration) -> String {
    let v = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    return String(format: "%.1f", v)
  }
}

import Foundation
import Strata
import StrataBackends
import StrataPNG
import StrataRender
import StrataLottie
import StrataScene

/// `strata render`: a scene file to a PNG at one time, or to a sequence of frames (PNG
/// files, one animated PNG, or raw RGBA for ffmpeg). Every file is written atomically.
enum RenderCommand {
  static let usage = """
    usage: strata render SCENE.json -o OUT.png [--time T] [--backend auto|cpu|gpu] [--scale S] [--verbose]
           strata render A.json B.json … -o 'out/{name}.png' [options as above]
           strata render SCENE.json --frames START:END [--fps N] -o 'frames/frame-%04d.png'
           strata render SCENE.json --frames START:END [--fps N] --format apng -o OUT.png
           strata render SCENE.json --frames START:END [--fps N] --format rgba -o - | ffmpeg …
           strata render ANIM.json -o OUT.png [--frame F | --progress P | --time T] [--size WxH [--fit MODE]] [--strict]
           strata render ANIM.lottie -o OUT.png [--animation ID] [Lottie options as above]
           strata render ANIM.json --format apng -o OUT.png [--frames START:END] [--fps N] [--size WxH]

    Renders a scene file (see docs/SceneFormat.md) with its animations at time T, or a
    sequence of frames. A Lottie file (Bodymovin JSON: it has "fr", "ip", "op" and
    "layers"), gzip-compressed Lottie JSON (.tgs) or a dotLottie container (.lottie) is
    recognised by its contents and imported (README, "Lottie"); its warnings go to
    standard error.

    options:
      -o, --output OUT       where to write: a PNG file; with --frames and --format png a
                             pattern with %d or %0Nd (N up to 32) for the frame number (its
                             directory is created when missing); '-' for standard output
                             (rgba only). Never the scene file or one of its images.
                             {name} is the scene file's name without its extension
                             (a/b/walk.json: walk); several scenes need it in -o
      --time T               the time in seconds to render (default 0)
      --frames START:END     frames START up to END (not included), frame i at time i/fps
      --fps N                frames per second for --frames (default 30)
      --format F             png (default): one PNG per frame; apng: one animated PNG;
                             rgba: raw 8-bit RGBA frames, straight alpha, top row first
      --backend B            auto (a hardware GPU when there is one, else the CPU), cpu,
                             or gpu (any GPU, llvmpipe too); default: $STRATA_BACKEND,
                             else auto ('strata info' says what auto picks here)
      --scale S              pixels per point, overriding the scene's "scale"
      --max-layers N         the most layers the scene may have (default 100000)
      --max-scene-size MIB   the largest scene file to read, in MiB (default 64)
      --max-frames N         the most frames --frames may render (default 100000)
      --tile-memory MIB      the most memory of decoded tiles of tiled layers, in MiB
                             (default 128): what is kept between frames, and the most one
                             tiled layer's frame may need (more refuses the frame)
      --verbose              say which backend rendered and how long each step took
      --format-in F          scene or lottie: how to read the input (default: recognised
                             from its contents)

    Lottie options:
      --frame F              the Lottie frame to render, fractional frames included
      --progress P           the frame at fraction P of the animation: ip + P * (op - ip)
      --size WxH             the frame's size in points; the canvas is that size
                             rounded up (default: the file's w x h)
      --fit MODE             how the animation fills --size: contain (default: aspect
                             ratio kept, centred), cover (kept, cropped) or fill (stretched)
      --strict               unsupported features are errors, not warnings
      --animation ID         the animation of a dotLottie container to render, by its
                             manifest id (default: the manifest's first)
      With a Lottie file, --frames defaults to the file's frames (ip up to op) when a
      sequence is written (--format apng or rgba, or -o with %d), --fps to its rate, and
      --time T is T seconds after the in point.
      -h, --help             show this help

    A file is written to a temporary file beside it and renamed into place, so it is
    whole or not there (the old one stays); a device or FIFO (/dev/null, a named pipe) is
    written directly. A progress bar (frame, frames per second, time left) appears on
    standard error when it is a terminal. Frames render several at a time on the CPU
    backend, one after the other on the GPU. Ctrl-C (SIGINT) or SIGTERM stops a sequence
    between frames, leaving the frame files written so far whole and no temporary file; a
    second Ctrl-C stops at once. Several scenes render one after the other in one process,
    sharing the GPU context and its compiled shaders; a scene that cannot be loaded or
    rendered is reported and the others are still rendered (exit status 1). Numbers are
    decimal. An option that takes a value may be given once.

    environment:
      STRATA_BACKEND=auto|cpu|gpu                  the default of --backend
      STRATA_EGL_PLATFORM=device|gbm|surfaceless   probe only this EGL platform
      STRATA_PROGRAM_CACHE=DIR|off                 where compiled GPU programs are kept
                                                   (default ~/.cache/strata/gl-programs)
      STRATA_GL_MASK_TILING=on|off                 GPU masks as runs of tiles or one quad
                                                   (default: runs on llvmpipe only)

    exit status: 0 rendered, 1 the scene could not be rendered or the output not written,
    2 wrong command line or environment variable, or -o names an input; ended by SIGINT or
    SIGTERM, the tool ends by that signal (shells report 130 or 143)
    """

  struct Options {
    /// The scene files, in the order given; several make a batch (`BatchRender`).
    var scenes: [String] = []
    /// The first scene file: the one scene of a plain render.
    var scene: String? {
      get { scenes.first }
      set { scenes = newValue.map { [$0] } ?? [] }
    }
    var output: String?
    var backend = BackendSettings()
    var scale: Double?
    var verbose = false
    var time: Double?
    var frames: Range<Int>?
    var fps = 30.0
    var format = FrameFormat.png
    var limits = SceneLimits()
    /// `--tile-memory`, in bytes.
    var tileMemory: Int?
    var fpsGiven = false
    /// `--format-in`: nil recognises the input from its contents.
    var formatIn: InputFormat?
    var frame: Double?
    var progress: Double?
    var size: (width: Double, height: Double)?
    /// `--fit`: how a Lottie animation fills `--size` (default contain).
    var fit: LottieFit?
    var strict = false
    /// `--animation`: a dotLottie container's animation id.
    var animation: String?
    /// `--max-frames`: the most frames `--frames` may ask for (`Limits.frames`).
    var maxFrames = Limits.frames
  }

  enum InputFormat: String { case scene, lottie }

  /// The largest frame number `--frames` takes: times and batch ends stay exact and far
  /// from overflowing.
  static let maxFrameNumber = Int(Int32.max)

  static func parse(_ args: [String], environment: [String: String] = [:]) throws(UsageError) -> Options? {
    var o = Options()
    var fpsGiven = false
    var backendFlag: String?
    var args = Arguments(args)
    while let a = args.next() {
      switch a {
      case "-h", "--help": return nil
      case "-o", "--output": o.output = try args.onceValue(for: a, key: "-o")
      case "--backend": backendFlag = try args.onceValue(for: a)
      case "--scale": o.scale = try args.oncePositiveNumber(for: a)
      case "--time":
        let v = try args.onceValue(for: a)
        guard let t = Arguments.decimal(v) else { throw UsageError(message: "--time needs a number of seconds, got '\(v)'") }
        o.time = t
      case "--frames":
        let v = try args.onceValue(for: a)
        let parts = v.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let s = Int(parts[0]), let e = Int(parts[1]), s >= 0, e > s, e <= maxFrameNumber else {
          throw UsageError(message: "--frames needs START:END with 0 <= START < END <= \(maxFrameNumber), got '\(v)'")
        }
        o.frames = s..<e
      case "--fps":
        o.fps = try args.oncePositiveNumber(for: a)
        fpsGiven = true
      case "--format":
        let v = try args.onceValue(for: a)
        guard let f = FrameFormat(rawValue: v) else { throw UsageError(message: "unknown format '\(v)'; choose png, apng or rgba") }
        o.format = f
      case "--max-layers": o.limits.maxLayers = try args.onceCount(for: a)
      case "--max-scene-size": o.limits.maxFileBytes = try args.onceMebibytes(for: a)
      case "--max-frames": o.maxFrames = try args.onceCount(for: a)
      case "--tile-memory": o.tileMemory = try args.onceMebibytes(for: a)
      case "--verbose", "-v": o.verbose = true
      case "--format-in":
        let v = try args.onceValue(for: a)
        guard let f = InputFormat(rawValue: v) else { throw UsageError(message: "unknown input format '\(v)'; choose scene or lottie") }
        o.formatIn = f
      case "--frame":
        let v = try args.onceValue(for: a)
        guard let f = Arguments.decimal(v) else { throw UsageError(message: "--frame needs a frame number, got '\(v)'") }
        o.frame = f
      case "--progress":
        let v = try args.onceValue(for: a)
        guard let p = Arguments.decimal(v) else { throw UsageError(message: "--progress needs a number, got '\(v)'") }
        o.progress = p
      case "--size":
        let v = try args.onceValue(for: a)
        let parts = v.split(separator: "x", omittingEmptySubsequences: false).map { Arguments.decimal(String($0)) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w > 0, h > 0, w <= 16384, h <= 16384 else {
          throw UsageError(message: "--size needs WIDTHxHEIGHT in points, each up to 16384, such as 400x300, got '\(v)'")
        }
        o.size = (w, h)
      case "--fit":
        let v = try args.onceValue(for: a)
        guard let f = LottieFit(rawValue: v) else {
          throw UsageError(message: "--fit needs one of \(LottieFit.allCases.map(\.rawValue).joined(separator: ", ")), got '\(v)'")
        }
        o.fit = f
      case "--strict": o.strict = true
      case "--animation": o.animation = try args.onceValue(for: a)
      default:
        if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'") }
        o.scenes.append(a)
      }
    }
    if let v = backendFlag {
      do throws(BackendSettingError) { try o.backend.setChoice(v) } catch { throw UsageError(message: error.description) }
    }
    guard o.scene != nil else { throw UsageError(message: "no scene file given") }
    guard o.output != nil else { throw UsageError(message: "no output file given (-o OUT.png)") }
    o.fpsGiven = fpsGiven
    let times = [o.time != nil ? "--time" : nil, o.frame != nil ? "--frame" : nil, o.progress != nil ? "--progress" : nil, o.frames != nil ? "--frames" : nil].compactMap { $0 }
    if times.count > 1 { throw UsageError(message: "give one of --time, --frame, --progress and --frames, not \(times.joined(separator: " and "))") }
    try BatchRender.check(o)
    try o.backend.apply(environment: environment)
    return o
  }

  /// The checks that depend on the input's kind: a Lottie file defaults its frame range
  /// and rate, and only it takes the Lottie options.
  static func check(_ o: inout Options, lottie: LottieInput?) throws(UsageError) {
    let output = o.output!
    if let lottie {
      let pattern = try FramePattern(output)
      let isSequence = o.format != .png || pattern != nil
      if o.frames == nil && o.time == nil && o.frame == nil && o.progress == nil && isSequence {
        o.frames = lottie.defaultFrames
      }
      if !o.fpsGiven { o.fps = lottie.animation.frameRate }
    } else {
      for (given, name) in [(o.frame != nil, "--frame"), (o.progress != nil, "--progress"), (o.size != nil, "--size"), (o.fit != nil, "--fit"), (o.strict, "--strict"), (o.animation != nil, "--animation")] where given {
        throw UsageError(message: "\(name) is for Lottie files; '\(o.scene!)' is a scene file")
      }
    }
    if o.fpsGiven && o.frames == nil { throw UsageError(message: "--fps goes with --frames") }
    if output == "-" && o.format != .rgba { throw UsageError(message: "only --format rgba writes to standard output ('-o -')") }
    let isPattern = try FramePattern(output) != nil
    if o.frames != nil && o.format == .png && !isPattern {
      throw UsageError(message: "with --frames, -o needs a pattern such as 'frames/frame-%04d.png' (or use --format apng or rgba)")
    }
    if isPattern && (o.frames == nil || o.format != .png) {
      // One file would be written, literally named with the %d in it.
      let why = o.frames == nil ? "without --frames one image is written" : "--format \(o.format.rawValue) writes one file"
      throw UsageError(
        message: "-o '\(output)' has a frame number (%d), but \(why); give a plain file name, or --frames with --format png for one file per frame")
    }
  }

  /// Checked before anything is read or rendered: a frame count past the limit would run
  /// for days (`--frames 0:1000000000`). Again once a Lottie file gave its frame range.
  static func tooManyFrames(_ options: Options, console: Console) -> Bool {
    guard let frames = options.frames, frames.count > options.maxFrames else { return false }
    console.err(
      "strata render: --frames \(frames.lowerBound):\(frames.upperBound) asks for \(frames.count) frames; the limit is \(options.maxFrames) (--max-frames N raises it)\n")
    return true
  }

  static func run(_ args: [String], console: Console, environment: [String: String]) -> ExitCode {
    var options: Options
    switch Parsed.from("render", usage: usage, console: console, { () throws(UsageError) in try parse(args, environment: environment) }) {
    case .exit(let code): return code
    case .run(let o): options = o
    }
    if tooManyFrames(options, console: console) { return .failure }
    if BatchRender.applies(to: options) { return BatchRender.run(options, console: console) }
    let lottie: LottieInput?
    switch LottieInput.recognise(options, console: console) {
    case .failed: return .failure
    case .scene: lottie = nil
    case .lottie(let l): lottie = l
    }
    do throws(UsageError) { try check(&options, lottie: lottie) } catch {
      console.err(UsageError.report(error, command: "strata render", usage: usage))
      return .usage
    }
    if tooManyFrames(options, console: console) { return .failure }
    guard var scene = lottie.map({ $0.scene(options) }) ?? load(options, console: console) else { return .failure }
    if let lottie {
      if let problem = scene.canvasProblem(scale: options.scale ?? 1) {
        console.err("strata render: \(problem)\n")
        return .failure
      }
      if options.frames == nil { options.time = lottie.time(options) }
    }
    if let s = options.scale { scene.scale = s }
    // Before anything is written: -o must not name the scene file or one of its images.
    let inputs = InputFiles(scene: options.scene!, images: scene.imageFiles, tiles: scene.tilePyramids)
    do throws(UsageError) {
      if let frames = options.frames, options.format == .png, let pattern = try FramePattern(options.output!) {
        try inputs.check(pattern: pattern, frames: frames, option: "-o")
      } else {
        try inputs.check(output: options.output!, option: "-o")
      }
    } catch {
      console.err(UsageError.report(error, command: "strata render", usage: usage))
      return .usage
    }
    if let bytes = options.tileMemory { TileCache.shared.budget = bytes }
    return FrameSequence(scene: scene, options: options, console: console).render()
  }

  /// The scene, with the `--scale` override checked against the canvas limits.
  static func load(_ o: Options, console: Console) -> Scene? {
    let scene: Scene
    do {
      scene = try SceneLoader.load(path: o.scene!, limits: o.limits)
    } catch {
      console.err("strata render: \(error)\n")
      return nil
    }
    if let s = o.scale, let problem = scene.canvasProblem(scale: s) {
      console.err("strata render: \(problem)\n")
      return nil
    }
    return scene
  }

  static func ms(_ d: Duration) -> String {
    String(format: "%.1f", seconds(d) * 1000)
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }
}

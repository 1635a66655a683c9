import Foundation
import StrataBackends
import StrataPNG
import StrataRender
import StrataScene

/// `strata render a.json b.json -o 'out/{name}.png'`: several scenes in one process.
///
/// Why one process: the renderer is made once and shared, so a GPU batch opens one EGL
/// context and compiles each shader program once for all scenes (on llvmpipe a program
/// costs tens of milliseconds, more than a small scene's frame); image and tile caches are
/// shared as well. Each scene is otherwise rendered exactly as `strata render` renders it
/// alone, with the same options (`--frames`, `--format`, `--time`, …).
///
/// `{name}` in `-o` is the scene file's base name without its extension (`a/walk.json`:
/// `walk`); it goes with a frame number (`'out/{name}-%04d.png'`). Several scenes need it,
/// and two scenes of one name are a usage error: every output name is distinct and known
/// before anything renders, so shards of a batch can be merged by name.
///
/// Failures: all scenes are loaded and their outputs checked against every scene's inputs
/// before anything is written (an output that names an input stops the batch, exit 2). A
/// scene that cannot be loaded or rendered is reported with its file name, and the others
/// are still rendered (as `make -k` does): the exit status is then 1 and a last line lists
/// the scenes that failed. A signal stops the batch between scenes (and, in a sequence,
/// between frames), as it stops a sequence.
///
/// Memory: the loaded scenes are kept until each has rendered, so a batch holds every
/// scene's decoded images at once; split batches of thousands of scenes (docs/Cluster.md).
enum BatchRender {
  static let placeholder = "{name}"

  /// Whether `options` ask for a batch: several scenes, or `{name}` in `-o`.
  static func applies(to options: RenderCommand.Options) -> Bool {
    options.scenes.count > 1 || (options.output?.contains(placeholder) ?? false)
  }

  /// The scene's name for `{name}`: the file's last path component without its extension.
  static func name(of scenePath: String) -> String {
    let file = String(scenePath.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
    return String(file[..<dot])
  }

  /// `template` with every `{name}` replaced by `name`; in a frame-number pattern a `%` of
  /// the name is written `%%`, so that the name stays literal.
  static func output(_ template: String, name: String, isPattern: Bool) -> String {
    template.replacingOccurrences(of: placeholder, with: isPattern ? name.replacingOccurrences(of: "%", with: "%%") : name)
  }

  /// Command-line checks of a batch, at parse time (exit 2).
  static func check(_ o: RenderCommand.Options) throws(UsageError) {
    guard applies(to: o), let template = o.output else { return }
    guard template.contains(placeholder) else {
      throw UsageError(
        message: "\(o.scenes.count) scene files need {name} in -o (for example -o 'out/{name}.png'), so that each has its own output")
    }
    var seen: [String: String] = [:]
    for path in o.scenes {
      let n = name(of: path)
      guard !n.isEmpty else { throw UsageError(message: "'\(path)' has no file name for {name}") }
      if let first = seen[n] {
        throw UsageError(message: "'\(first)' and '\(path)' have the same name '\(n)' for {name}: their outputs would be one file")
      }
      seen[n] = path
    }
  }

  static func run(_ options: RenderCommand.Options, console: Console) -> ExitCode {
    run(options, console: console, renderer: Backends.renderer(for: options.backend))
  }

  /// Renders every scene of `options` with `renderer` (tests pass one that counts its
  /// contexts).
  static func run(_ options: RenderCommand.Options, console: Console, renderer: FallbackRenderer) -> ExitCode {
    let template = options.output!
    let isPattern = options.frames != nil && options.format == .png
    var failed: [String] = []
    // Loaded first, so that every output is checked against every scene's inputs.
    var inputs = InputFiles()
    for path in options.scenes { inputs.add(path, role: "a scene file") }
    var scenes: [Scene?] = []
    for path in options.scenes {
      var one = options
      one.scenes = [path]
      guard var scene = RenderCommand.load(one, console: console) else {
        failed.append(path)
        scenes.append(nil)
        continue
      }
      if let s = options.scale { scene.scale = s }
      for image in scene.imageFiles { inputs.add(image, role: "an image '\(path)' loads") }
      inputs.add(pyramids: scene.tilePyramids)
      scenes.append(scene)
    }
    do throws(UsageError) {
      for (path, scene) in zip(options.scenes, scenes) where scene != nil {
        let out = output(template, name: name(of: path), isPattern: isPattern)
        if isPattern, let frames = options.frames, let pattern = try FramePattern(out) {
          try inputs.check(pattern: pattern, frames: frames, option: "-o")
        } else {
          try inputs.check(output: out, option: "-o")
        }
      }
    } catch {
      console.err(UsageError.report(error, command: "strata render", usage: RenderCommand.usage))
      return .usage
    }
    if options.backend.choice == .gpu, let why = renderer.primaryUnavailable {
      let s = options.backend
      console.err("strata render: \(s.choiceSource): no GPU backend: \(why); \(s.cpuAdvice)\n")
      return .failure
    }
    if let bytes = options.tileMemory { TileCache.shared.budget = bytes }
    return Interrupts.deferred {
      for k in scenes.indices {
        if Interrupts.pending != nil { return .interrupted }
        guard let scene = scenes[k] else { continue }
        scenes[k] = nil  // its images go once it has rendered
        let path = options.scenes[k]
        var one = options
        one.scenes = [path]
        one.output = output(template, name: name(of: path), isPattern: isPattern)
        if !isPattern, one.output != "-" {
          // 'out/{name}.png' makes out/ as a pattern's directory is made.
          do throws(PNGError) { try OutputFile.createDirectories(above: one.output!) } catch {
            console.err("strata render: \(error)\n")
            failed.append(path)
            continue
          }
        }
        switch FrameSequence(scene: scene, options: one, console: console, renderer: renderer).render() {
        case .success: break
        case .interrupted: return .interrupted
        case .failure, .usage: failed.append(path)
        }
      }
      if Interrupts.pending != nil { return .interrupted }
      guard failed.isEmpty else {
        let list = options.scenes.filter(failed.contains).map { "'\($0)'" }.joined(separator: ", ")
        console.err("strata render: \(failed.count) of \(options.scenes.count) scenes failed: \(list); the others were written\n")
        return .failure
      }
      return .success
    }
  }
}

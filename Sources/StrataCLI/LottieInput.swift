import Foundation
import Strata
import StrataLottie
import StrataPNG
import StrataScene

/// A Lottie file given to `strata render`: recognised by its contents (or `--format-in
/// lottie`), imported, and turned into a scene of the requested size.
struct LottieInput {
  let animation: LottieAnimation

  enum Recognised {
    case scene
    case lottie(LottieInput)
    /// The Lottie file could not be imported (the message is written).
    case failed
  }

  /// Reads the input as Lottie when asked to or when it looks like Lottie: a JSON object
  /// with a frame rate and range (`fr`, `ip`, `op`) and layers, a zip archive (a dotLottie
  /// container) or a gzip file (a `.tgs` sticker). Its warnings are written to standard
  /// error (with `--strict` they are errors).
  static func recognise(_ o: RenderCommand.Options, console: Console) -> Recognised {
    let path = o.scene!
    guard o.formatIn != .scene else { return .scene }
    // Read as the scene loader reads: regular files only (a FIFO would block), at most
    // the scene-file size limit. Anything unreadable is left to the scene loader, whose
    // messages say why (with --format-in lottie the importer says it).
    let bytes: [UInt8]
    do throws(PNGError) { bytes = try InputFile.read(path: path, maxBytes: o.limits.maxFileBytes) } catch {
      guard o.formatIn == .lottie else { return .scene }
      console.err("strata render: \(path): \(error.reason)\n")
      return .failed
    }
    if o.formatIn == nil && !LottieAnimation.isContainer(bytes) && !looksLikeLottie(bytes) { return .scene }
    do throws(LottieError) {
      let url = URL(fileURLWithPath: path)
      let animation = try LottieAnimation(
        bytes: bytes, fileName: path, baseDirectory: url.deletingLastPathComponent(), options: LottieOptions(strict: o.strict, animationID: o.animation))
      for w in animation.warnings { console.err("strata render: warning: \(path): \(w)\n") }
      let input = LottieInput(animation: animation)
      if let w = input.timeWarning(o) { console.err("strata render: warning: \(path): \(w)\n") }
      return .lottie(input)
    } catch {
      console.err("strata render: \(error)\n")
      return .failed
    }
  }

  /// Whether `bytes` parse as a JSON object with Lottie's required members, or, where they
  /// are not valid JSON, name all of `fr`, `ip`, `op` and `layers` (a truncated or broken
  /// Lottie file: the importer then says what is wrong with its JSON, where the scene
  /// loader would complain of unknown properties).
  static func looksLikeLottie(_ bytes: [UInt8]) -> Bool {
    // Cheap first: the member names must appear somewhere.
    func contains(_ s: String) -> Bool {
      let needle = Array(s.utf8)
      guard bytes.count >= needle.count else { return false }
      return bytes.indices.dropLast(needle.count - 1).contains { i in bytes[i..<i + needle.count].elementsEqual(needle) }
    }
    guard contains("\"fr\""), contains("\"op\"") else { return false }
    guard let json = try? JSONParser.parse(bytes) else { return contains("\"ip\"") && contains("\"layers\"") }
    guard case .object = json else { return false }
    return json["fr"] != nil && json["ip"] != nil && json["op"] != nil && json["layers"] != nil
  }

  /// The frames a sequence renders by default: the file's, from the in point up to the
  /// out point (whole frames, none before 0).
  var defaultFrames: Range<Int> {
    let start = max(0, Int(animation.inPoint.rounded(.up)))
    let end = max(start + 1, Int(animation.outPoint.rounded(.up)))
    return start..<end
  }

  /// The time to render one image at: `--frame`, `--progress` or `--time` (seconds after
  /// the in point); the in point without any.
  func time(_ o: RenderCommand.Options) -> Double {
    if let f = o.frame { return animation.time(forFrame: min(max(f, animation.inPoint), animation.outPoint)) }
    if let p = o.progress { return animation.time(forFrame: animation.frame(forProgress: min(max(p, 0), 1))) }
    return o.time ?? 0
  }

  /// What `time` clamped: `--frame` outside `ip`…`op`, or `--progress` outside 0…1.
  func timeWarning(_ o: RenderCommand.Options) -> String? {
    let (ip, op) = (animation.inPoint, animation.outPoint)
    if let f = o.frame, !(ip...op).contains(f) {
      return "--frame \(Arguments.format(f)) is outside the animation's frames \(Arguments.format(ip))…\(Arguments.format(op)); frame \(Arguments.format(min(max(f, ip), op))) is drawn"
    }
    if let p = o.progress, !(0...1).contains(p) {
      return "--progress \(Arguments.format(p)) is outside 0…1; \(p < 0 ? 0 : 1) is drawn"
    }
    return nil
  }

  /// The animation as a scene: the animation fitted to `--size` (default the file's size)
  /// by `--fit` (default contain: aspect ratio kept, centred), on a canvas of that size
  /// rounded up. For a sequence, frame i of `--frames` is Lottie frame i at the file's rate.
  func scene(_ o: RenderCommand.Options) -> Scene {
    let size = o.size ?? (animation.width, animation.height)
    let (w, h) = (Int(size.width.rounded(.up)), Int(size.height.rounded(.up)))
    let root = Layer()
    root.anchorPoint = .zero
    root.bounds = Rect(0, 0, Double(w), Double(h))
    let layer = animation.makeLayer(width: size.width, height: size.height, fit: o.fit ?? .contain)
    if o.frames != nil { layer.timeOffset = -animation.inPoint / animation.frameRate }
    do throws(LayerTreeError) { try root.addSublayer(layer) } catch { preconditionFailure("a fresh layer cannot make a cycle") }
    var scene = Scene(width: w, height: h, scale: 1, background: .clear, root: root, fileName: o.scene!)
    scene.imageFiles = animation.imageFiles
    return scene
  }
}

import Foundation
import Strata
import StrataPNG
import StrataScene

/// A Lottie (Bodymovin) animation imported as a Strata layer tree with animations, the
/// way lottie-ios's Core Animation rendering engine plays it: shape, gradient and plain
/// layers, masks and compositing filters, driven by animations that evaluate the file's
/// keyframes at any time.
///
/// ```swift
/// let anim = try LottieAnimation(contentsOf: URL(fileURLWithPath: "anim.json"))
/// let layer = anim.makeLayer(width: 400, height: 400)
/// let frame = layer.snapshot(at: anim.time(forFrame: 12.5))
/// ```
public final class LottieAnimation {
  /// The file's canvas (`w`, `h`) in points.
  public let width: Double, height: Double
  /// `fr`, `ip` and `op`: frames per second and the frame range.
  public let frameRate: Double, inPoint: Double, outPoint: Double
  /// What the importer does not render, or renders differently (empty in strict mode,
  /// where these are errors).
  public let warnings: [LottieWarning]
  /// The file's name as given, for messages.
  public let fileName: String
  /// The image files read from disk (resolved paths), so that a tool does not overwrite them.
  public let imageFiles: [String]

  /// The imported tree at the file's size, copied by `makeLayer`.
  private let prototype: [Layer]

  /// Reads and imports a Lottie file: Lottie JSON, gzip-compressed Lottie JSON (a `.tgs`
  /// sticker) or a dotLottie container (`.lottie`), recognised by content. Image files
  /// are read inside the JSON's folder or the container. Only regular files are read (a
  /// FIFO would block the import), at most `Limits.sceneFileBytes` of them, as scene files.
  public convenience init(contentsOf url: URL, options: LottieOptions = LottieOptions()) throws(LottieError) {
    let name = url.path
    let bytes: [UInt8]
    do throws(PNGError) { bytes = try InputFile.read(path: name, maxBytes: Limits.sceneFileBytes) } catch {
      throw LottieError(fileName: name, path: "", message: error.reason)
    }
    try self.init(bytes: bytes, fileName: name, baseDirectory: url.deletingLastPathComponent(), options: options)
  }

  /// Imports a Lottie file from its bytes, in any of the forms `init(contentsOf:options:)`
  /// reads. `fileName` names it in errors; `baseDirectory` is where the image files of
  /// (possibly compressed) JSON are looked for (nil: only embedded images), and plays no
  /// part for a dotLottie container, whose images are inside it.
  public convenience init(bytes: [UInt8], fileName: String, baseDirectory: URL?, options: LottieOptions = LottieOptions()) throws(LottieError) {
    let source = try LottieSource(bytes: bytes, fileName: fileName, baseDirectory: baseDirectory, animationID: options.animationID)
    try self.init(json: source.json, fileName: fileName, assets: source.assets, options: options)
  }

  /// Imports Lottie JSON whose image files come from `assets`.
  init(json bytes: [UInt8], fileName: String, assets: AssetSource, options: LottieOptions) throws(LottieError) {
    let json: JSONValue, duplicates: [String]
    do throws(JSONError) {
      (json, duplicates) = try JSONParser.parseKeepingLastDuplicates(bytes)
    } catch {
      throw LottieError(fileName: fileName, path: error.path, message: "not valid JSON: \(error)")
    }
    let context = DecodeContext(fileName: fileName, strict: options.strict)
    for path in duplicates { try context.warn(path, layer: nil, "the key is given twice (the last value is used)") }
    let document = try Document(json: json, context: context, assets: assets)
    prototype = try TreeBuilder(document: document, context: context).build()
    width = document.width
    height = document.height
    frameRate = document.frameRate
    inPoint = document.inPoint
    outPoint = document.outPoint
    warnings = context.warnings
    self.fileName = fileName
    imageFiles = document.images.values.compactMap(\.file).sorted()
  }

  /// `(op - ip) / fr`, in seconds.
  public var duration: Double { (outPoint - inPoint) / frameRate }

  /// The time of frame `frame` on the layer's clock: `(frame - ip) / fr`, not rounded.
  public func time(forFrame frame: Double) -> Double { (frame - inPoint) / frameRate }

  /// The frame at `progress` (0 the start, 1 the end): `ip + progress * (op - ip)`, as
  /// lottie-ios.
  public func frame(forProgress progress: Double) -> Double { inPoint + progress * (outPoint - inPoint) }

  /// A fresh layer tree whose frame is (0, 0, width, height) in canvas points, holding the
  /// animation fitted to it by `fit` (by default `contain`: scaled to fit inside with its
  /// aspect ratio kept, centred, as lottie-web's `xMidYMid meet` and rlottie place it). Its
  /// animations run on the clock `time(forFrame:)` gives. Nothing is clipped: what the
  /// animation draws outside its canvas shows where the fit leaves room, as a
  /// `CALayer` tree without `masksToBounds` shows it.
  public func makeLayer(width: Double, height: Double, fit: LottieFit = .contain) -> Layer {
    let root = Layer()
    root.name = "Lottie " + (fileName as NSString).lastPathComponent
    root.anchorPoint = .zero
    root.bounds = Rect(0, 0, width, height)
    let content = Layer()
    content.anchorPoint = .zero
    content.bounds = Rect(0, 0, self.width, self.height)
    let (sx, sy, dx, dy) = fit.placement(of: (self.width, self.height), in: (width, height))
    content.position = Point(dx, dy)
    content.transform = .scale(sx, sy)
    for l in prototype { content.adopt(l.deepCopy()) }
    root.adopt(content)
    return root
  }
}

/// How an animation's canvas is fitted to a frame of another size.
public enum LottieFit: String, CaseIterable, Sendable {
  /// Scaled to fit inside, aspect ratio kept, centred (lottie-web's `xMidYMid meet`).
  case contain
  /// Scaled to cover the frame, aspect ratio kept, centred; the overflow is cut by the
  /// frame (`xMidYMid slice`).
  case cover
  /// Stretched to fill the frame in each direction (lottie-ios's snapshots at the
  /// animation's own aspect ratio).
  case fill

  /// The scale in x and y and the offset of the canvas's top-left corner.
  func placement(of canvas: (Double, Double), in frame: (Double, Double)) -> (Double, Double, Double, Double) {
    let sx = frame.0 / canvas.0, sy = frame.1 / canvas.1
    let s: Double
    switch self {
    case .fill: return (sx, sy, 0, 0)
    case .contain: s = min(sx, sy)
    case .cover: s = max(sx, sy)
    }
    return (s, s, (frame.0 - canvas.0 * s) / 2, (frame.1 - canvas.1 * s) / 2)
  }
}

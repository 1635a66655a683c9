import Foundation
import Strata
import StrataPNG
import StrataScene

/// A decoded Lottie file: canvas, frame range and rate, the root layers and the assets.
struct Document: Sendable {
  var width: Double
  var height: Double
  var frameRate: Double
  var inPoint: Double
  var outPoint: Double
  var layers: [LayerModel]
  /// Precompositions by asset id.
  var compositions: [String: [LayerModel]]
  /// Images by asset id, with their size in points (`w`, `h`).
  var images: [String: (image: Image, width: Double, height: Double)]
  /// The fonts and glyph outlines text layers use.
  var text: TextAssets

  /// The largest canvas side, frame rate and frame range accepted: far beyond real files,
  /// small enough that every computed size and time stays finite and renderable.
  static let maxSide = 100_000.0
  static let maxFrameRate = 1000.0
  static let maxFrames = 10_000_000.0
}

extension Document {
  init(json: JSONValue, context: DecodeContext, baseDirectory: URL?) throws(LottieError) {
    let root = try Node(json, .root, context).object()
    func dimension(_ key: String) throws(LottieError) -> Double {
      let n = try root.required(key)
      let v = try n.number()
      guard v > 0, v <= Self.maxSide else { throw n.error("expected a size in 0 < \(key) <= \(Int(Self.maxSide)), got \(v)") }
      return v
    }
    width = try dimension("w")
    height = try dimension("h")
    let fr = try root.required("fr")
    frameRate = try fr.number()
    guard frameRate > 0, frameRate <= Self.maxFrameRate else {
      throw fr.error("expected a frame rate in 0 < fr <= \(Int(Self.maxFrameRate)), got \(frameRate)")
    }
    let ipNode = try root.required("ip"), opNode = try root.required("op")
    inPoint = try ipNode.number()
    outPoint = try opNode.number()
    guard inPoint.isFinite, abs(inPoint) <= Self.maxFrames else { throw ipNode.error("expected a frame number, got \(inPoint)") }
    guard outPoint.isFinite, outPoint > inPoint, outPoint - inPoint <= Self.maxFrames else {
      throw opNode.error("expected an out point after the in point (\(inPoint)) and at most \(Int(Self.maxFrames)) frames on, got \(outPoint)")
    }
    text = try TextAssets(root: root)
    compositions = [:]
    images = [:]
    if let assets = root["assets"] {
      for asset in try assets.array() {
        let a = try asset.object()
        let idNode = try a.required("id")
        let id: String
        if case .number = idNode.value { id = String(try idNode.wholeNumber()) } else { id = try idNode.string() }
        if let layers = a["layers"] {
          compositions[id] = try layers.array().map { (n) throws(LottieError) in try n.layerModel() }
        } else if a["p"] != nil {
          if let image = try a.imageAsset(baseDirectory: baseDirectory) { images[id] = image }
        }
      }
    }
    layers = try root.required("layers").array().map { (n) throws(LottieError) in try n.layerModel() }
  }
}

extension Node {
  /// An image asset: embedded (`data:image/png;base64,…`) or a file `u` + `p` beside the
  /// Lottie file. A missing or unreadable file is an error; formats other than PNG are
  /// warned about and left out.
  fileprivate func imageAsset(baseDirectory: URL?) throws(LottieError) -> (image: Image, width: Double, height: Double)? {
    let p = try required("p")
    let name = try p.string()
    let w = try number("w", default: 0), h = try number("h", default: 0)
    let bytes: [UInt8]
    if name.hasPrefix("data:") {
      guard let comma = name.firstIndex(of: ",") else { throw p.error("a data URI without data") }
      let header = name[..<comma]
      guard header.hasSuffix(";base64") else { throw p.error("only base64 data URIs are supported") }
      guard header.contains("image/png") else {
        try context.warn(path, layer: nil, "image format \(header.dropFirst(5).prefix { $0 != ";" }) is not supported (only PNG)")
        return nil
      }
      guard let data = Data(base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
        throw p.error("the embedded image is not valid base64")
      }
      bytes = [UInt8](data)
    } else {
      let folder = try string("u") ?? ""
      guard let base = baseDirectory else {
        throw p.error("the image file \"\(folder + name)\" cannot be found: the animation was given without a folder")
      }
      let url = base.appendingPathComponent(folder).appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: url.path) else {
        throw p.error("the image file \"\(url.path)\" cannot be read")
      }
      guard data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
        try context.warn(path, layer: nil, "image \"\(name)\" is not a PNG (only PNG is supported)")
        return nil
      }
      bytes = [UInt8](data)
    }
    let image: Image
    do throws(PNGError) {
      image = try PNG.decode(bytes, name: name.hasPrefix("data:") ? "embedded image" : name, pixelBudget: 64 << 20)
    } catch {
      throw p.error("\(error)")
    }
    return (image, w > 0 ? w : Double(image.width), h > 0 ? h : Double(image.height))
  }
}

import Foundation
import Strata
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
  var images: [String: ImageAsset]
  /// Image assets that could not be read or decoded (warned about): layers showing them
  /// are drawn empty.
  var droppedImages: Set<String>
  /// The fonts and glyph outlines text layers use.
  var text: TextAssets

  /// The largest canvas side, frame rate and frame range accepted: far beyond real files,
  /// small enough that every computed size and time stays finite and renderable.
  static let maxSide = 100_000.0
  static let maxFrameRate = 1000.0
  static let maxFrames = 10_000_000.0
}

extension Document {
  init(json: JSONValue, context: DecodeContext, assets imageFiles: AssetSource) throws(LottieError) {
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
    droppedImages = []
    if let assets = root["assets"] {
      for asset in try assets.array() {
        let a = try asset.object()
        let idNode = try a.required("id")
        let id: String
        if case .number = idNode.value { id = String(try idNode.wholeNumber()) } else { id = try idNode.string() }
        if let layers = a["layers"] {
          compositions[id] = try layers.array().map { (n) throws(LottieError) in try n.layerModel() }
        } else if a["p"] != nil {
          if let image = try a.imageAsset(assets: imageFiles) { images[id] = image } else { droppedImages.insert(id) }
        }
      }
    }
    layers = try root.required("layers").array().map { (n) throws(LottieError) in try n.layerModel() }
  }
}

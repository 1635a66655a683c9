import Foundation
import Strata
import StrataPNG

/// Loads scene files (JSON, described in `docs/SceneFormat.md`) into a `Scene`.
///
/// Loading either returns a complete, checked scene or throws one `SceneError` that names
/// the file and the JSON path of the first problem. Every number in the result is finite.
public enum SceneLoader {
  /// The keys a scene file's top-level object may have.
  public static let topLevelKeys = ["width", "height", "scale", "background", "layers"]
  /// The keys a layer object may have, for tools and documentation checks.
  public static var layerKeys: [String] { SceneBuilder.layerKeys }

  /// Loads the scene file at `path`; images named in it are found relative to its
  /// directory. Errors name the file as `path`.
  ///
  /// - Parameters:
  ///   - pixelBudget: The most pixels any one image may have (see `PNG.read`).
  ///   - limits: How many layers the scene may have (see `SceneLimits`).
  public static func load(
    path: String, pixelBudget: Int = PNG.defaultPixelBudget, limits: SceneLimits = SceneLimits()
  ) throws(SceneError) -> Scene {
    // C ends a path at its first NUL: "a.json\0x" would open a.json.
    guard !path.utf8.contains(0) else {
      throw SceneError(file: path, path: "", message: "the file name contains a NUL character")
    }
    // Regular files only, opened without blocking (a FIFO would wait for a writer
    // forever), and at most `limits.maxFileBytes` of them, checked before reading.
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(path: path, maxBytes: limits.maxFileBytes)
    } catch {
      var reason = error.reason
      if reason.contains("more than the limit") {
        reason += " (SceneLimits.maxFileBytes; strata render and parity take --max-scene-size MIB to raise it)"
      }
      throw SceneError(file: path, path: "", message: reason)
    }
    let directory = (path as NSString).deletingLastPathComponent
    return try load(data: bytes, fileName: path, baseDirectory: directory, pixelBudget: pixelBudget, limits: limits)
  }

  /// Loads a scene from its bytes.
  ///
  /// - Parameters:
  ///   - fileName: The name errors and `Scene.fileName` use.
  ///   - baseDirectory: Where relative image paths start; "" for the current directory.
  ///   - limits: How many layers the scene may have (see `SceneLimits`).
  public static func load(
    data: [UInt8], fileName: String, baseDirectory: String, pixelBudget: Int = PNG.defaultPixelBudget,
    limits: SceneLimits = SceneLimits()
  ) throws(SceneError) -> Scene {
    let json: JSONValue
    do {
      let top = Set(topLevelKeys), layer = anyLayerKeys()
      json = try JSONParser.parse(data, knownKeys: { knownKeys($0, top: top, layer: layer) })
    } catch {
      throw SceneError(file: fileName, json: error)
    }
    let top = Field(value: json, path: .root, file: fileName)
    let m = try top.members(known: topLevelKeys)
    let width = try dimension(m["width"], "width", top)
    let height = try dimension(m["height"], "height", top)
    let scale = try m["scale"]?.positive() ?? 1
    // Checked before any layer or image is built, so an absurd canvas costs nothing.
    try checkCanvas(width: width, height: height, scale: scale, m, top)
    let background = try m["background"]?.color() ?? .clear

    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    root.anchorPoint = .zero
    root.position = .zero
    let builder = SceneBuilder(file: fileName, baseDirectory: baseDirectory, pixelBudget: pixelBudget, limits: limits)
    if let layers = m["layers"] {
      for item in try layers.array() { SceneBuilder.adopt(try builder.layer(item), into: root) }
    }
    var scene = Scene(width: width, height: height, scale: scale, background: background, root: root, fileName: fileName)
    scene.imageFiles = builder.imagePaths
    scene.tilePyramids = builder.tilePyramids
    return scene
  }

  /// Every key a layer object of any kind may have: a key outside it is unknown whatever
  /// the layer's `type`, so parsing may stop there (`JSONParser.parse(_:knownKeys:)`).
  /// (Computed per load: kinds may be registered at any time.)
  static func anyLayerKeys() -> Set<String> {
    Set(SceneBuilder.layerKeys + LayerKinds.all.flatMap { ($0 as? any SceneLayerKind.Type)?.sceneKeys ?? [] })
  }

  /// The keys the objects of a scene file may have where that is known from the path
  /// alone: the top level, and layers (`layers[i]`, `sublayers[i]`, `mask`). Elsewhere, nil.
  static func knownKeys(_ path: [JSONPath.Component], top: Set<String>, layer: Set<String>) -> Set<String>? {
    guard let last = path.last else { return top }
    switch last {
    case .key("mask"): return layer
    case .index where path.count >= 2:
      if case .key(let k) = path[path.count - 2], k == "layers" || k == "sublayers" { return layer }
      return nil
    default: return nil
    }
  }

  /// A required positive whole number of points.
  private static func dimension(_ field: Field?, _ key: String, _ top: Field) throws(SceneError) -> Int {
    guard let field else { throw top.error("missing required property \"\(key)\" (the canvas \(key) in points)") }
    let v = try field.number()
    guard v >= 1, v == v.rounded(), v <= Double(Int32.max) else {
      throw field.error("expected a positive whole number, got \(Field.format(v))")
    }
    return Int(v)
  }

  private static func checkCanvas(
    width: Int, height: Int, scale: Double, _ m: [String: Field], _ top: Field
  ) throws(SceneError) {
    let w = (Double(width) * scale).rounded(.up), h = (Double(height) * scale).rounded(.up)
    let limit = Scene.maxPixelsPerSide
    for (side, pixels, key) in [("wide", w, "width"), ("high", h, "height")] where pixels > Double(limit) {
      throw (m[key] ?? top).error(
        "the canvas would be \(Field.format(pixels)) pixels \(side) (\(key) x scale); the limit is \(limit)")
    }
    guard w * h <= Double(Scene.maxPixels) else {
      throw top.error(
        "the canvas would be \(Int(w)) x \(Int(h)) = \(Int(w * h)) pixels; the limit is \(Scene.maxPixels)")
    }
  }
}

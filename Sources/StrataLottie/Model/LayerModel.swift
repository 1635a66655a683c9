import Strata
import StrataPath

/// A Lottie layer, decoded (`layers[i]`, `assets[j].layers[i]`).
struct LayerModel: Sendable {
  enum Content: Sendable {
    /// A precomposition (`ty: 0`): the asset's layers in a `w` x `h` box.
    case precomp(assetID: String, width: Double, height: Double)
    case solid(color: Color, width: Double, height: Double)
    case image(assetID: String)
    case null
    case shapes([ShapeItem])
    case text(TextModel)
    /// Audio, cameras and the like: not rendered (warned about).
    case unsupported
  }

  struct Mask: Sendable {
    /// `a` add, `s` subtract, `i` intersect, `l` lighten, `d` darken, `f` difference, `n`
    /// none (others are warned about and added).
    var mode: Character
    var inverted: Bool
    var path: Animated<Bezier>
    var opacity: Animated<[Double]>
    /// Mask expansion (`x`, points: positive grows the mask); nil where it is 0 throughout.
    var expansion: Animated<[Double]>? = nil
  }

  /// The index in the layer list, where the layer is in the document, for warnings.
  var path: JSONPathText
  var name: String?
  var index: Int?
  var parent: Int?
  var content: Content
  var transform: TransformModel
  var inPoint: Double
  var outPoint: Double
  var startTime: Double
  var timeStretch: Double
  /// Time remapping, in seconds of the precomposition.
  var timeRemap: Animated<[Double]>?
  var masks: [Mask]
  /// 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted; 0 none.
  var matteMode: Int
  /// The layer is a matte for the next one (`td`) and is not drawn itself.
  var isMatteSource: Bool
  /// The `ind` of the matte layer (`tp`, newer files); nil: the layer above.
  var matteParent: Int?
  var blendMode: CompositingFilter?
  var hidden: Bool
  /// The effects drawn (`ef`), in order.
  var effects: [Effect] = []
}

/// A document path kept as text (the paths are only for messages).
typealias JSONPathText = String

extension Node {
  func layerModel() throws(LottieError) -> LayerModel {
    let o = try object()
    let name = try o.string("nm")
    let ty = try o.int("ty", default: -1)
    let content: LayerModel.Content
    switch ty {
    case 0:
      content = .precomp(
        assetID: try o.required("refId").string(), width: try o.number("w", default: 0), height: try o.number("h", default: 0))
    case 1:
      content = .solid(
        color: try o.required("sc").hexColor(), width: try o.number("sw", default: 0), height: try o.number("sh", default: 0))
    case 2: content = .image(assetID: try o.required("refId").string())
    case 3: content = .null
    case 4: content = .shapes(try o["shapes"]?.shapeItems(layer: name) ?? [])
    case 5: content = .text(try o.required("t").textModel(layer: name))
    default:
      try context.warn(path, layer: name, "layer type \(ty) is not supported")
      content = .unsupported
    }
    let effects = try o["ef"]?.effects(layer: name) ?? []
    var transform = try o["ks"]?.transform(layer: name) ?? TransformModel()
    transform.autoOrient = try o.bool("ao")
    var masks: [LayerModel.Mask] = []
    if let list = o["masksProperties"] {
      for m in try list.array() {
        let mo = try m.object()
        var mode = Character(try mo.string("mode")?.first.map(String.init) ?? "a")
        if !"asinldf".contains(mode) {
          try context.warn(m.path, layer: name, "mask mode \"\(mode)\" is not a Lottie mask mode (drawn as add)")
          mode = "a"
        }
        let expansion = try mo["x"]?.scalar(layer: name)
        masks.append(
          .init(
            mode: mode, inverted: try mo.bool("inv"),
            path: try mo.required("pt").animated(layer: name) { (n) throws(LottieError) in try n.bezier() },
            opacity: try mo["o"]?.scalar(layer: name) ?? Animated([100]),
            expansion: expansion?.keys.contains(where: { $0.value[0] != 0 }) == true ? expansion : nil))
      }
    }
    var stretch = try o.number("sr", default: 1)
    if stretch == 0 {
      try context.warn(path.appending("sr"), layer: name, "a time stretch of 0 (1 is used)")
      stretch = 1
    }
    let ip = try o.number("ip", default: 0), op = try o.number("op", default: 0)
    let matte = try o.int("tt", default: 0)
    if matte > 4 { try context.warn(path, layer: name, "track matte mode \(matte) is not supported (drawn unmatted)") }
    let bm = try o.int("bm", default: 0)
    return LayerModel(
      path: path.description, name: name, index: try o["ind"].map { (n) throws(LottieError) in try n.wholeNumber() },
      parent: try o["parent"].map { (n) throws(LottieError) in try n.wholeNumber() }, content: content,
      transform: transform, inPoint: ip, outPoint: op, startTime: try o.number("st", default: 0), timeStretch: stretch,
      timeRemap: try o["tm"]?.scalar(layer: name), masks: masks, matteMode: matte, isMatteSource: try o.bool("td"),
      matteParent: try o["tp"].map { (n) throws(LottieError) in try n.wholeNumber() }, blendMode: try blendMode(bm, layer: name),
      hidden: try o.bool("hd"), effects: effects)
  }

  /// Lottie's blend mode numbers as Core Animation compositing filters; those Strata
  /// lacks are drawn normally, with a warning.
  private func blendMode(_ bm: Int, layer: String?) throws(LottieError) -> CompositingFilter? {
    let table: [Int: CompositingFilter] = [
      1: .multiplyBlendMode, 2: .screenBlendMode, 3: .overlayBlendMode, 4: .darkenBlendMode, 5: .lightenBlendMode,
      6: .colorDodgeBlendMode, 7: .colorBurnBlendMode, 8: .hardLightBlendMode, 9: .softLightBlendMode,
      10: .differenceBlendMode, 11: .exclusionBlendMode, 12: .hueBlendMode, 13: .saturationBlendMode,
      14: .colorBlendMode, 15: .luminosityBlendMode, 16: .plusL,
    ]
    if bm == 0 { return nil }
    if let f = table[bm] { return f }
    try context.warn(path, layer: layer, "blend mode \(bm) is not supported (drawn as normal)")
    return nil
  }

  /// `"#rrggbb"` (or `#rgb`, `#rrggbbaa`).
  func hexColor() throws(LottieError) -> Color {
    let s = try string()
    if s.isEmpty {
      try context.warn(path, layer: nil, "an empty colour (black is used)")
      return .black
    }
    var hex = Substring(s)
    if hex.hasPrefix("#") { hex = hex.dropFirst() }
    if hex.count == 3 { hex = Substring(hex.map { "\($0)\($0)" }.joined()) }
    guard hex.count == 6 || hex.count == 8, let v = UInt64(hex, radix: 16) else { throw error("expected a colour \"#rrggbb\", got \"\(s)\"") }
    let bytes = hex.count == 8 ? v : (v << 8) | 0xFF
    return Color(
      Double((bytes >> 24) & 0xFF) / 255, Double((bytes >> 16) & 0xFF) / 255, Double((bytes >> 8) & 0xFF) / 255,
      Double(bytes & 0xFF) / 255)
  }
}

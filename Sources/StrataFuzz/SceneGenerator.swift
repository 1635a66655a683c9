/// Random scene files for the differential fuzzer: small canvases (64x48 to 128x96) with a
/// few layers of every kind and effect the scene format has, random transforms (perspective
/// included) and animations, and a time to render them at.
///
/// The same seed gives the same scene. Values stay where both backends are meant to agree
/// (the fuzzer hunts disagreements, not bad input: that is the mutation fuzzer's part), so
/// every scene the generator makes loads.
public struct SceneGenerator {
  /// Images and fonts are named relative to the repository root, the scene's base
  /// directory: `Examples/images/*.png`, `Tests/Fonts/*.ttf`.
  static let images = ["Examples/images/button.png", "Examples/images/heart.png", "Examples/images/checker.png",
    "Examples/images/spark.png", "Examples/images/invader.png"]
  static let fonts = ["Tests/Fonts/DejaVuSans-Subset.ttf", "Tests/Fonts/DejaVuSans-Bold-Subset.ttf"]
  static let kinds = ["layer", "layer", "shape", "gradient", "replicator", "emitter", "transform", "text", "scroll", "tiled"]
  static let blendModes = ["multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode",
    "lightenBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode",
    "differenceBlendMode", "exclusionBlendMode", "plusL", "normalBlendMode", "hueBlendMode", "saturationBlendMode",
    "colorBlendMode", "luminosityBlendMode"]

  var rng: SplitMix
  /// Layers still to make in this scene.
  var budget = 0
  var width = 0.0, height = 0.0

  public init(seed: UInt64) { rng = SplitMix(seed: seed) }

  /// A scene file and the time to render it at.
  public mutating func scene() -> (scene: FuzzJSON, time: Double) {
    let w = rng.int(64...128), h = rng.int(48...96)
    width = Double(w)
    height = Double(h)
    budget = rng.int(1...8)
    var top: [(String, FuzzJSON)] = [("width", .number(Double(w))), ("height", .number(Double(h)))]
    if rng.chance(0.15) { top.append(("scale", .number(rng.pick([0.5, 1.5, 2])))) }
    if rng.chance(0.7) { top.append(("background", color(opaque: rng.chance(0.7)))) }
    var layers: [FuzzJSON] = []
    while budget > 0 { layers.append(layer(depth: 0, in: (width, height))) }
    top.append(("layers", .array(layers)))
    let time = rng.chance(0.3) ? 0 : rng.number(0...3)
    return (.object(top), time)
  }

  /// One layer of a random kind with random common properties, and its sublayers.
  mutating func layer(depth: Int, in box: (Double, Double), kind forced: String? = nil) -> FuzzJSON {
    budget -= 1
    let kind = forced ?? rng.pick(Self.kinds)
    var m: [(String, FuzzJSON)] = []
    if kind != "layer" || rng.chance(0.3) { m.append(("type", .string(kind))) }
    let w = rng.number(8...max(9, box.0 * 0.9), places: 0), h = rng.number(8...max(9, box.1 * 0.9), places: 0)
    let x = rng.number(-w * 0.2...max(0, box.0 - w * 0.8), places: 1), y = rng.number(-h * 0.2...max(0, box.1 - h * 0.8), places: 1)
    if rng.chance(0.8) {
      m.append(("frame", numbers([x, y, w, h])))
    } else {
      m.append(("bounds", numbers([0, 0, w, h])))
      m.append(("position", numbers([x + w / 2, y + h / 2])))
      if rng.chance(0.5) { m.append(("anchorPoint", numbers([rng.number(0...1), rng.number(0...1)]))) }
    }
    m += common(kind: kind, size: (w, h))
    m += kindProperties(kind, size: (w, h), depth: depth)
    if rng.chance(0.35) { m.append(("animations", animations(size: (w, h), kind: kind))) }
    // Sublayers: a replicator, transform or scroll layer wants some; others sometimes.
    let wants = ["replicator", "transform", "scroll"].contains(kind) ? 0.9 : 0.35
    if depth < 3 && budget > 0 && rng.chance(wants) {
      var subs: [FuzzJSON] = []
      for _ in 0..<rng.int(1...3) where budget > 0 {
        subs.append(layer(depth: depth + 1, in: (w, h), kind: kind == "transform" && rng.chance(0.5) ? "layer" : nil))
      }
      if kind == "transform" { subs = subs.map(Self.lifted(rng.number(-40...40, places: 0))) }
      m.append(("sublayers", .array(subs)))
    }
    if depth < 2 && rng.chance(0.12) { m.append(("mask", mask(size: (w, h)))) }
    return .object(m)
  }

  /// A sublayer of a transform layer moved along z, so that its 3D context has depth.
  static func lifted(_ z: Double) -> (FuzzJSON) -> FuzzJSON {
    { layer in
      guard case .object(var m) = layer, !m.contains(where: { $0.0 == "transform" }) else { return layer }
      m.append(("transform", .array([.object([("translate", .array([.number(0), .number(0), .number(z)]))])])))
      return .object(m)
    }
  }

  /// The properties every layer has, each present with some probability.
  mutating func common(kind: String, size: (Double, Double)) -> [(String, FuzzJSON)] {
    var m: [(String, FuzzJSON)] = []
    if rng.chance(kind == "layer" ? 0.85 : 0.3) { m.append(("backgroundColor", color(opaque: rng.chance(0.6)))) }
    if rng.chance(0.35) {
      m.append(("cornerRadius", .number(rng.number(0...min(size.0, size.1) / 2, places: 1))))
      if rng.chance(0.3) {
        let corners = ["minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"].filter { _ in rng.chance(0.6) }
        m.append(("maskedCorners", .array(corners.map { .string($0) })))
      }
      if rng.chance(0.3) { m.append(("cornerCurve", .string(rng.pick(["circular", "continuous"])))) }
    }
    if rng.chance(0.25) {
      m.append(("borderWidth", .number(rng.number(0.5...5, places: 1))))
      m.append(("borderColor", color(opaque: rng.chance(0.7))))
    }
    if rng.chance(0.3) { m.append(("opacity", .number(rng.number(0.3...1)))) }
    if rng.chance(0.15) { m.append(("allowsGroupOpacity", .bool(rng.chance(0.5)))) }
    if rng.chance(0.35) { m.append(("transform", transform(size: size))) }
    if rng.chance(0.1) { m.append(("sublayerTransform", .array([.object([("perspective", .number(rng.number(150...800, places: 0)))])]))) }
    if rng.chance(0.2) { m.append(("masksToBounds", .bool(true))) }
    if rng.chance(0.2) {
      m.append(("shadowOpacity", .number(rng.number(0.2...1))))
      m.append(("shadowRadius", .number(rng.number(0...8, places: 1))))
      m.append(("shadowOffset", numbers([rng.number(-6...6, places: 1), rng.number(-6...6, places: 1)])))
      if rng.chance(0.5) { m.append(("shadowColor", color(opaque: true))) }
      if rng.chance(0.3) { m.append(("shadowPath", pathValue(size: size))) }
    }
    if rng.chance(0.12) { m.append(("filters", filters())) }
    if rng.chance(0.08) { m.append(("backgroundFilters", .array([.object([("gaussianBlur", .number(rng.number(0.5...4, places: 1)))])]))) }
    if rng.chance(0.12) { m.append(("compositingFilter", .string(rng.pick(Self.blendModes)))) }
    if rng.chance(0.06) {
      m.append(("shouldRasterize", .bool(true)))
      if rng.chance(0.5) { m.append(("rasterizationScale", .number(rng.pick([0.5, 1, 2])))) }
    }
    if rng.chance(0.05) { m.append(("doubleSided", .bool(false))) }
    if rng.chance(0.03) { m.append(("hidden", .bool(true))) }
    if rng.chance(0.05) { m.append(("allowsEdgeAntialiasing", .bool(true))) }
    if rng.chance(0.1) { m.append(("zPosition", .number(rng.number(-5...5, places: 0)))) }
    if kind == "layer" && rng.chance(0.2) { m += contents() }
    return m
  }

  mutating func contents() -> [(String, FuzzJSON)] {
    var m: [(String, FuzzJSON)] = [("contents", .string(rng.pick(Self.images)))]
    if rng.chance(0.5) {
      m.append(("contentsGravity", .string(rng.pick(["center", "top", "bottomRight", "resize", "resizeAspect", "resizeAspectFill"]))))
    }
    if rng.chance(0.2) { m.append(("contentsRect", numbers([rng.number(0...0.3), rng.number(0...0.3), rng.number(0.4...0.7), rng.number(0.4...0.7)]))) }
    if rng.chance(0.15) { m.append(("contentsCenter", numbers([0.3, 0.3, 0.4, 0.4]))) }
    if rng.chance(0.3) { m.append(("magnificationFilter", .string(rng.pick(["nearest", "linear", "trilinear"])))) }
    if rng.chance(0.3) { m.append(("minificationFilter", .string(rng.pick(["nearest", "linear", "trilinear"])))) }
    if rng.chance(0.2) { m.append(("contentsScale", .number(rng.pick([1, 2, 3])))) }
    return m
  }

  mutating func filters() -> FuzzJSON {
    var list: [FuzzJSON] = []
    if rng.chance(0.7) { list.append(.object([("gaussianBlur", .number(rng.number(0.3...4, places: 1)))])) }
    if list.isEmpty || rng.chance(0.3) {
      var matrix = [1.0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
      for i in [0, 1, 2, 4, 6, 7, 9, 12, 14, 18] where rng.chance(0.3) { matrix[i] += rng.number(-0.5...0.5) }
      list.append(.object([("colorMatrix", numbers(matrix))]))
    }
    return .array(list)
  }

  mutating func mask(size: (Double, Double)) -> FuzzJSON {
    budget -= 1
    if rng.chance(0.5) {
      return .object([("type", .string("shape")), ("frame", numbers([0, 0, size.0, size.1])), ("path", pathValue(size: size))])
    }
    let inset = rng.number(0...min(size.0, size.1) / 4, places: 0)
    return .object([
      ("frame", numbers([inset, inset, max(1, size.0 - 2 * inset), max(1, size.1 - 2 * inset)])),
      ("backgroundColor", color(opaque: rng.chance(0.7))), ("cornerRadius", .number(rng.number(0...12, places: 0))),
    ])
  }

  // MARK: values

  mutating func color(opaque: Bool) -> FuzzJSON {
    var c = [rng.number(0...1), rng.number(0...1), rng.number(0...1)]
    if !opaque { c.append(rng.number(0.1...0.95)) }
    return numbers(c)
  }

  func numbers(_ values: [Double]) -> FuzzJSON { .array(values.map { .number($0) }) }

  /// Transform steps: rotations (about z, or about an axis with a perspective step), scales,
  /// translations.
  mutating func transform(size: (Double, Double)) -> FuzzJSON {
    var steps: [FuzzJSON] = []
    for _ in 0..<rng.int(1...3) {
      switch rng.int(0...4) {
      case 0: steps.append(.object([("rotate", .string("\(rng.int(-180...180))deg"))]))
      case 1:
        let axis = rng.pick([[1.0, 0, 0], [0, 1, 0], [1, 1, 0], [0.3, 1, 0.2]])
        steps.append(.object([("rotate", .array([.string("\(rng.int(-60...60))deg")] + axis.map { .number($0) }))]))
        steps.append(.object([("perspective", .number(rng.number(200...900, places: 0)))]))
      case 2: steps.append(.object([("scale", rng.chance(0.5) ? .number(rng.number(0.5...1.5)) : numbers([rng.number(0.5...1.5), rng.number(0.5...1.5)]))]))
      case 3: steps.append(.object([("translate", numbers([rng.number(-10...10, places: 1), rng.number(-10...10, places: 1)]))]))
      default: steps.append(.object([("perspective", .number(rng.number(200...900, places: 0)))]))
      }
    }
    return .array(steps)
  }

  /// A path in a box of `size`: SVG path data (polygons, curves, arcs) or a shape object.
  mutating func pathValue(size: (Double, Double)) -> FuzzJSON {
    let (w, h) = size
    switch rng.int(0...4) {
    case 0: return .object([("ellipse", numbers([rng.number(0...w / 4, places: 0), rng.number(0...h / 4, places: 0), w / 2, h / 2]))])
    case 1: return .object([("roundedRect", numbers([0, 0, w, h])), ("cornerRadius", .number(rng.number(0...10, places: 0)))])
    case 2: return .object([("rect", numbers([w / 4, h / 4, w / 2, h / 2]))])
    default:
      var d = "M \(FuzzJSON.format(rng.number(0...w, places: 0))) \(FuzzJSON.format(rng.number(0...h, places: 0)))"
      for _ in 0..<rng.int(2...6) {
        let x = { (r: inout SplitMix) in FuzzJSON.format(r.number(0...w, places: 0)) }
        let y = { (r: inout SplitMix) in FuzzJSON.format(r.number(0...h, places: 0)) }
        switch rng.int(0...3) {
        case 0: d += " L \(x(&rng)) \(y(&rng))"
        case 1: d += " Q \(x(&rng)) \(y(&rng)) \(x(&rng)) \(y(&rng))"
        case 2: d += " C \(x(&rng)) \(y(&rng)) \(x(&rng)) \(y(&rng)) \(x(&rng)) \(y(&rng))"
        default: d += " A \(rng.int(4...20)) \(rng.int(4...20)) 0 \(rng.int(0...1)) \(rng.int(0...1)) \(x(&rng)) \(y(&rng))"
        }
      }
      if rng.chance(0.7) { d += " Z" }
      return .string(d)
    }
  }
}

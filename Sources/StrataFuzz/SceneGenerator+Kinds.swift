extension SceneGenerator {
  /// The keys of `kind` (docs/SceneFormat.md), a random selection with values in range.
  mutating func kindProperties(_ kind: String, size: (Double, Double), depth: Int) -> [(String, FuzzJSON)] {
    let (w, h) = size
    var m: [(String, FuzzJSON)] = []
    switch kind {
    case "shape":
      m.append(("path", pathValue(size: size)))
      if rng.chance(0.8) { m.append(("fillColor", rng.chance(0.1) ? .null : color(opaque: rng.chance(0.6)))) }
      if rng.chance(0.3) { m.append(("fillRule", .string("evenOdd"))) }
      if rng.chance(0.6) {
        m.append(("strokeColor", color(opaque: rng.chance(0.7))))
        m.append(("lineWidth", .number(rng.chance(0.1) ? 0 : rng.number(0.5...6, places: 1))))
        if rng.chance(0.4) { m.append(("lineCap", .string(rng.pick(["butt", "round", "square"])))) }
        if rng.chance(0.4) { m.append(("lineJoin", .string(rng.pick(["miter", "round", "bevel"])))) }
        if rng.chance(0.25) {
          m.append(("lineDashPattern", numbers((0..<rng.int(1...4)).map { _ in rng.number(1...8, places: 0) })))
          if rng.chance(0.5) { m.append(("lineDashPhase", .number(rng.number(0...5, places: 1)))) }
        }
        if rng.chance(0.2) {
          m.append(("strokeStart", .number(rng.number(0...0.4))))
          m.append(("strokeEnd", .number(rng.number(0.5...1))))
        }
      }
    case "gradient":
      let n = rng.int(2...4)
      m.append(("colors", .array((0..<n).map { _ in color(opaque: rng.chance(0.7)) })))
      if rng.chance(0.4) { m.append(("locations", numbers((0..<n).map { Double($0) / Double(n - 1) }.map { min(1, max(0, $0 + rng.number(-0.1...0.1))) }.sorted()))) }
      if rng.chance(0.6) {
        m.append(("startPoint", numbers([rng.number(0...1), rng.number(0...1)])))
        m.append(("endPoint", numbers([rng.number(0...1), rng.number(0...1)])))
      }
      if rng.chance(0.5) { m.append(("gradientType", .string(rng.pick(["axial", "radial", "conic"])))) }
    case "replicator":
      m.append(("instanceCount", .number(Double(rng.int(1...6)))))
      let steps: [FuzzJSON] = [
        .object([("translate", numbers([rng.number(-12...12, places: 0), rng.number(-12...12, places: 0)]))]),
        .object([("rotate", .string("\(rng.int(-45...45))deg"))]),
      ].filter { _ in rng.chance(0.7) }
      m.append(("instanceTransform", .array(steps)))
      if rng.chance(0.4) { m.append(("instanceColor", color(opaque: rng.chance(0.7)))) }
      for key in ["instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"] where rng.chance(0.2) {
        m.append((key, .number(rng.number(-0.2...0.1))))
      }
      if rng.chance(0.2) { m.append(("instanceDelay", .number(rng.number(0...0.3)))) }
    case "emitter":
      m.append(("emitterPosition", numbers([rng.number(0...w, places: 0), rng.number(0...h, places: 0)])))
      if rng.chance(0.5) {
        m.append(("emitterShape", .string(rng.pick(["point", "line", "rectangle", "circle"]))))
        m.append(("emitterSize", numbers([rng.number(0...w, places: 0), rng.number(0...h, places: 0)])))
      }
      if rng.chance(0.3) { m.append(("emitterMode", .string(rng.pick(["points", "outline", "surface", "volume"])))) }
      if rng.chance(0.4) { m.append(("renderMode", .string(rng.pick(["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"])))) }
      m.append(("seed", .number(Double(rng.int(0...1000)))))
      var cell: [(String, FuzzJSON)] = [
        ("name", .string("c")), ("contents", .string(rng.pick(Self.images))),
        ("birthRate", .number(rng.number(2...30, places: 0))), ("lifetime", .number(rng.number(0.5...3, places: 1))),
        ("velocity", .number(rng.number(0...40, places: 0))), ("scale", .number(rng.number(0.05...0.4))),
      ]
      if rng.chance(0.5) { cell.append(("emissionRange", .string("\(rng.int(0...360))deg"))) }
      if rng.chance(0.4) { cell.append(("color", color(opaque: rng.chance(0.5)))) }
      if rng.chance(0.3) { cell.append(("alphaSpeed", .number(rng.number(-0.8...0)))) }
      if rng.chance(0.3) { cell.append(("spin", .number(rng.number(-2...2)))) }
      if rng.chance(0.3) { cell.append(("yAcceleration", .number(rng.number(-20...20, places: 0)))) }
      m.append(("emitterCells", .array([.object(cell)])))
    case "text":
      let words = ["Strata", "fuzz", "Ag", "jumps", "over", "the", "lazy", "dog", "0123", "ÅÉ", "fi", "→"]
      let text = (0..<rng.int(1...5)).map { _ in rng.pick(words) }.joined(separator: " ")
      if rng.chance(0.2) {
        m.append(("string", .array([
          .object([("text", .string(text))]),
          .object([("text", .string(" " + rng.pick(words))), ("font", .string(Self.fonts[1])), ("underline", .bool(true)),
            ("foregroundColor", color(opaque: true))]),
        ])))
      } else {
        m.append(("string", .string(text)))
      }
      m.append(("font", .string(rng.pick(Self.fonts))))
      m.append(("fontSize", .number(rng.number(6...28, places: 0))))
      if rng.chance(0.6) { m.append(("foregroundColor", color(opaque: rng.chance(0.8)))) }
      if rng.chance(0.4) { m.append(("alignmentMode", .string(rng.pick(["natural", "left", "right", "center", "justified"])))) }
      if rng.chance(0.4) { m.append(("isWrapped", .bool(true))) }
      if rng.chance(0.3) { m.append(("truncationMode", .string(rng.pick(["none", "start", "middle", "end"])))) }
    case "scroll":
      m.append(("scrollPosition", numbers([rng.number(-10...20, places: 0), rng.number(-10...20, places: 0)])))
      if rng.chance(0.3) { m.append(("scrollMode", .string(rng.pick(["none", "vertically", "horizontally", "both"])))) }
    case "tiled":
      m.append(("contents", .string(rng.pick(Self.images))))
      m.append(("tileSize", numbers([Double(rng.pick([16, 32, 64])), Double(rng.pick([16, 32, 64]))])))
      if rng.chance(0.5) { m.append(("levelsOfDetail", .number(Double(rng.int(1...4))))) }
      if rng.chance(0.3) { m.append(("levelsOfDetailBias", .number(Double(rng.int(0...2))))) }
    default: break
    }
    return m
  }

  /// One to three named animations of properties `kind` has, of every animation type.
  mutating func animations(size: (Double, Double), kind: String) -> FuzzJSON {
    var list: [(String, FuzzJSON)] = []
    for k in 0..<rng.int(1...3) {
      var a: [(String, FuzzJSON)]
      switch rng.int(0...9) {
      case 0: a = basic("opacity", .number(rng.number(0...1)))
      case 1: a = basic("position", numbers([rng.number(0...width, places: 0), rng.number(0...height, places: 0)]))
      case 2: a = basic("transform.rotation.z", .string("\(rng.int(-360...360))deg"))
      case 3: a = basic("bounds.size.width", .number(rng.number(4...size.0 * 1.5, places: 0)))
      case 4: a = basic("cornerRadius", .number(rng.number(0...15, places: 0)))
      case 5: a = basic("backgroundColor", color(opaque: rng.chance(0.5)))
      case 6: a = basic("transform.scale", .number(rng.number(0.5...1.5)))
      case 7:
        a = [("type", .string("keyframe")), ("keyPath", .string("position")),
          ("values", .array((0..<3).map { _ in numbers([rng.number(0...width, places: 0), rng.number(0...height, places: 0)]) })),
          ("calculationMode", .string(rng.pick(["linear", "discrete", "paced", "cubic"])))]
      case 8:
        a = [("type", .string("spring")), ("keyPath", .string("position.y")), ("fromValue", .number(rng.number(0...height, places: 0))),
          ("toValue", .number(rng.number(0...height, places: 0))), ("damping", .number(rng.number(5...20, places: 0)))]
      default:
        if kind == "shape" {
          a = basic(rng.pick(["strokeEnd", "lineWidth"]), .number(rng.number(0...1)))
        } else if kind == "gradient" {
          a = basic("startPoint", numbers([rng.number(0...1), rng.number(0...1)]))
        } else {
          a = basic("shadowOpacity", .number(rng.number(0...1)))
          a.append(("fillMode", .string("both")))
        }
      }
      if rng.chance(0.8) { a.append(("duration", .number(rng.number(0.3...3, places: 1)))) }
      if rng.chance(0.3) { a.append(("repeatCount", rng.chance(0.5) ? .string("infinity") : .number(rng.number(1...4, places: 0)))) }
      if rng.chance(0.3) { a.append(("autoreverses", .bool(true))) }
      if rng.chance(0.3) { a.append(("timingFunction", .string(rng.pick(["linear", "easeIn", "easeOut", "easeInEaseOut"])))) }
      if rng.chance(0.2) { a.append(("beginTime", .number(rng.number(0...1, places: 1)))) }
      list.append(("a\(k)", .object(a)))
    }
    return .object(list)
  }

  private func basic(_ keyPath: String, _ to: FuzzJSON) -> [(String, FuzzJSON)] {
    [("type", .string("basic")), ("keyPath", .string(keyPath)), ("toValue", to)]
  }
}

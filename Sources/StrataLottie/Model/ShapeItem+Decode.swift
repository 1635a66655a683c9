import StrataPath

extension Node {
  /// The shape items of a list (`shapes`, `it`). Hidden items (`hd`) are left out;
  /// unknown or unsupported ones are warned about and ignored.
  func shapeItems(layer: String?, depth: Int = 0) throws(LottieError) -> [ShapeItem] {
    guard depth < 64 else { throw error("shape groups nested more than 64 deep") }
    var out: [ShapeItem] = []
    for item in try array() {
      out.append(try item.shapeItem(layer: layer, depth: depth))
    }
    return out
  }

  func shapeItem(layer: String?, depth: Int) throws(LottieError) -> ShapeItem {
    let o = try object()
    if try o.bool("hd") { return .ignored }
    guard let tyNode = o["ty"] else {
      try context.warn(path, layer: layer, "a shape item without a type (\"ty\") is left out")
      return .ignored
    }
    let ty = try tyNode.string()
    func v(_ key: String, _ d: [Double]) throws(LottieError) -> Animated<[Double]> {
      guard let n = o[key] else { return Animated(d) }
      return try n.vector(layer: layer)
    }
    func s(_ key: String, _ d: Double) throws(LottieError) -> Animated<[Double]> {
      guard let n = o[key] else { return Animated([d]) }
      return try n.scalar(layer: layer)
    }
    // `d` is the drawing direction of paths (3: reversed), but the dashes of strokes.
    let direction = o["d"]?.isNumber == true ? try o.int("d", default: 1) : 1
    let reversed = ["rc", "el", "sr", "sh"].contains(ty) && direction == 3
    switch ty {
    case "gr":
      let items = try o["it"]?.shapeItems(layer: layer, depth: depth + 1) ?? []
      // The group's transform is its `tr` item (normally the last).
      var transform = TransformModel()
      if let list = o["it"] {
        for item in try list.array() where try item.object().string("ty") == "tr" {
          transform = try item.transform(layer: layer)
        }
      }
      return .group(.init(items: items, transform: transform))
    case "tr": return .ignored  // read by the group
    case "rc":
      return .path(.init(geometry: .rect(position: try v("p", [0, 0]), size: try v("s", [0, 0]), roundness: try s("r", 0)), reversed: reversed))
    case "el":
      return .path(.init(geometry: .ellipse(position: try v("p", [0, 0]), size: try v("s", [0, 0])), reversed: reversed))
    case "sr":
      let star = ShapeItem.Star(
        isStar: try o.int("sy", default: 1) == 1, points: try s("pt", 5), position: try v("p", [0, 0]), rotation: try s("r", 0),
        outerRadius: try s("or", 0), innerRadius: try s("ir", 0), outerRoundness: try s("os", 0), innerRoundness: try s("is", 0))
      return .path(.init(geometry: .star(star), reversed: reversed))
    case "sh":
      let ks = try o.required("ks")
      return .path(.init(geometry: .bezier(try ks.animated(layer: layer) { (n) throws(LottieError) in try n.bezier() }), reversed: reversed))
    case "fl":
      return .fill(.init(color: try v("c", [0, 0, 0, 1]).map(Paint.unitScale), opacity: try s("o", 100), evenOdd: try o.int("r", default: 1) == 2))
    case "st":
      return .stroke(.init(color: try v("c", [0, 0, 0, 1]).map(Paint.unitScale), style: try strokeStyle(layer: layer)))
    case "gf":
      return .gradientFill(.init(gradient: try gradient(layer: layer), evenOdd: try o.int("r", default: 1) == 2))
    case "gs":
      return .gradientStroke(.init(gradient: try gradient(layer: layer), style: try strokeStyle(layer: layer)))
    case "tm":
      return .trim(.init(start: try s("s", 0), end: try s("e", 100), offset: try s("o", 0), individually: try o.int("m", default: 1) == 2,
          id: path.description))
    case "rp":
      let tr = try o["tr"]?.transform(layer: layer) ?? TransformModel()
      let trNode = o["tr"]
      func trs(_ key: String) throws(LottieError) -> Animated<[Double]> {
        guard let n = trNode?[key] else { return Animated([100]) }
        return try n.scalar(layer: layer)
      }
      return .repeater(
        .init(
          copies: try s("c", 1), offset: try s("o", 0), above: try o.int("m", default: 1) == 1, transform: tr,
          startOpacity: try trs("so"), endOpacity: try trs("eo")))
    case "mm":
      let mode = try o.int("mm", default: 1)
      if !(1...5).contains(mode) {
        try context.warn(path, layer: layer, "merge paths mode \(mode) is not supported (the paths are drawn together)")
      }
      return .merge(mode: mode)
    case "rd":
      return .roundCorners(try s("r", 0))
    case "op":
      // The miter limit is an animated property, but some files give a plain number (as strokes do).
      let ml = o["ml"]?.isNumber == true ? Animated([try o.number("ml", default: 4)]) : try s("ml", 4)
      return .offsetPaths(.init(amount: try s("a", 0), join: try o.int("lj", default: 1), miterLimit: ml))
    case "pb":
      return .puckerBloat(try s("a", 0))
    case "zz":
      return .zigZag(.init(ridges: try s("r", 0), size: try s("s", 0), points: try s("pt", 1)))
    case "tw":
      try context.warn(path, layer: layer, "shape modifier \"\(ty)\" is not supported")
      return .ignored
    default:
      try context.warn(path, layer: layer, "unknown shape item type \"\(ty)\"")
      return .ignored
    }
  }

  private func strokeStyle(layer: String?) throws(LottieError) -> ShapeItem.StrokeStyle {
    var dashes: [Animated<[Double]>] = []
    var offset: Animated<[Double]>? = nil
    if let d = self["d"] {
      for entry in try d.array() {
        let e = try entry.object()
        let value = try e.required("v").scalar(layer: layer)
        if try e.string("n") == "o" { offset = value } else { dashes.append(value) }
      }
    }
    return .init(
      width: try self["w"]?.scalar(layer: layer) ?? Animated([1]), opacity: try self["o"]?.scalar(layer: layer) ?? Animated([100]),
      cap: try int("lc", default: 2), join: try int("lj", default: 2), miterLimit: try number("ml", default: 4),
      dashes: dashes, dashOffset: offset)
  }

  private func gradient(layer: String?) throws(LottieError) -> ShapeItem.Gradient {
    let g = try required("g")
    let count = try g.int("p", default: 0)
    guard count >= 0, count <= 1000 else { throw try g.required("p").error("expected a colour stop count in 0...1000, got \(count)") }
    let stops = try g.required("k").vector(layer: layer)
    if try self["h"]?.scalar(layer: layer).keys.contains(where: { $0.value[0] != 0 }) == true {
      try context.warn(path, layer: layer, "the highlight of radial gradients is not supported")
    }
    return .init(
      type: try int("t", default: 1), start: try self["s"]?.vector(layer: layer) ?? Animated([0, 0]),
      end: try self["e"]?.vector(layer: layer) ?? Animated([0, 0]), colorCount: count,
      stops: stops.map { GradientBuilder.unitScaledStops($0, colorCount: count) },
      opacity: try self["o"]?.scalar(layer: layer) ?? Animated([100]))
  }
}

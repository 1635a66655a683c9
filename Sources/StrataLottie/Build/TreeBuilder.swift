import Strata
import StrataPath

/// Builds the layer tree of a decoded document, as lottie-ios's Core Animation engine
/// lays it out: per Lottie layer a container carrying its transform (its parents'
/// transforms concatenated: parenting passes transforms, not opacity), opacity,
/// visibility (`ip <= frame < op`), masks and blend mode, holding its content
/// (a precomposition clipped to its `w` x `h`, a solid, an image, shapes or text). Track mattes
/// wrap the matted layer in a layer whose mask is the matte layer.
struct TreeBuilder {
  let document: Document
  let context: DecodeContext

  /// Precompositions nested deeper than this are refused (a file can only reach it by
  /// nesting one composition in another hundreds of times).
  static let maxDepth = 64

  /// The root composition's layers, bottom first.
  func build() throws(LottieError) -> [Layer] {
    let time = TimeMap(parent: nil, step: .root(inPoint: document.inPoint, frameRate: document.frameRate))
    return try composition(
      document.layers, path: "layers", time: time, size: (document.width, document.height), open: [])
  }

  /// `open`: the precompositions being built around this one (a cycle is an error).
  private func composition(
    _ layers: [LayerModel], path: String, time: TimeMap, size: (Double, Double), open: [String]
  ) throws(LottieError) -> [Layer] {
    var byIndex: [Int: Int] = [:]
    for (i, l) in layers.enumerated() { if let ind = l.index, byIndex[ind] == nil { byIndex[ind] = i } }
    // Matte sources: the layer named by `tp`, else the one above.
    var matteOf: [Int: Int] = [:]
    var sources = Set<Int>()
    for (i, l) in layers.enumerated() where (1...4).contains(l.matteMode) {
      let source = l.matteParent.flatMap { byIndex[$0] } ?? (i > 0 ? i - 1 : nil)
      guard let s = source, s != i else {
        try context.warn(l.path, layer: l.name, "track matte without a matte layer (drawn unmatted)")
        continue
      }
      matteOf[i] = s
      sources.insert(s)
    }
    for (i, l) in layers.enumerated() where l.isMatteSource { sources.insert(i) }
    var out: [Layer] = []
    for i in layers.indices.reversed() where !sources.contains(i) && !layers[i].hidden {
      out.append(try matted(i, layers, byIndex, matteOf, time: time, size: size, open: open, chain: []))
    }
    return out
  }

  /// Layer `i`'s container, wrapped, when it has a track matte, in a layer whose mask is
  /// the matte layer (itself matted when it has a matte of its own) in the matte's mode:
  /// alpha, inverted alpha, luminance or inverted luminance (`Layer.maskMode`). `chain`:
  /// the layers whose mattes are being built around this one (a cycle is an error).
  private func matted(
    _ i: Int, _ layers: [LayerModel], _ byIndex: [Int: Int], _ matteOf: [Int: Int], time: TimeMap, size: (Double, Double),
    open: [String], chain: [Int]
  ) throws(LottieError) -> Layer {
    let node = try layerNode(i, layers, byIndex, time: time, size: size, open: open)
    guard let s = matteOf[i] else { return node }
    let l = layers[i]
    guard !chain.contains(s), chain.count < Self.maxDepth else {
      throw LottieError(fileName: context.fileName, path: l.path + ".tt", message: "track mattes that matte each other in a cycle")
    }
    let wrapper = Layer()
    wrapper.anchorPoint = .zero
    wrapper.bounds = Rect(0, 0, size.0, size.1)
    wrapper.compositingFilter = node.compositingFilter
    node.compositingFilter = nil
    wrapper.adopt(node)
    wrapper.mask = try matted(s, layers, byIndex, matteOf, time: time, size: size, open: open, chain: chain + [i])
    wrapper.maskMode = Self.maskMode(matte: l.matteMode)
    return wrapper
  }

  /// Lottie's track matte modes (`tt`): 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted.
  static func maskMode(matte: Int) -> MaskMode {
    switch matte {
    case 2: .invertedAlpha
    case 3: .luminance
    case 4: .invertedLuminance
    default: .alpha
    }
  }

  /// The container of layer `i`, with its content.
  private func layerNode(
    _ i: Int, _ layers: [LayerModel], _ byIndex: [Int: Int], time: TimeMap, size: (Double, Double), open: [String]
  ) throws(LottieError) -> Layer {
    let l = layers[i]
    try context.countLayers(2 + l.masks.count * 2, at: l.path)
    let chain = try parentChain(i, layers, byIndex)
    let container = Layer()
    container.anchorPoint = .zero
    container.bounds = Rect(0, 0, size.0, size.1)
    container.name = l.name
    container.compositingFilter = l.blendMode
    let (ip, op) = (l.inPoint, l.outPoint)
    // Visible from the in point until the out point, as lottie-ios's `isHidden`
    // keyframes; a layer that lasts to the animation's end stays visible at its last
    // frame `op` itself (lottie-ios: "anything visible during the last frame should stay
    // visible until the absolute end of the animation").
    let lastsToEnd = time.rootFrame(op).map { $0 >= document.outPoint - 1e-9 } ?? false
    let turnsInDepth = chain.contains { $0.isThreeDimensional }
    container.drive(time) { layer, f in
      layer.isHidden = !(f >= ip && (f < op || lastsToEnd))
      if turnsInDepth {
        var m = Transform3D.identity
        for t in chain { m = m.concatenating(t.matrix3D(at: f)) }
        layer.transform = m
      } else {
        var m = PathTransform.identity
        for t in chain { m = m.concatenating(t.matrix(at: f)) }
        layer.transform = Transform3D(m)
      }
      layer.opacity = chain[0].opacity(at: f)
    }
    EffectBuilder.apply(l.effects, to: container, time: time)
    // Masks: one nested layer per mask level inside the container.
    var holder = container
    for level in MaskBuilder(time: time).levels(l.masks, size: size) {
      let inner = Layer()
      inner.anchorPoint = .zero
      inner.bounds = Rect(0, 0, size.0, size.1)
      holder.mask = level.layer
      holder.maskMode = level.mode
      holder.adopt(inner)
      holder = inner
    }
    for c in try content(l, time: time, open: open) { holder.adopt(c) }
    return container
  }

  /// The transforms from the layer out through its parents, the layer's own first.
  private func parentChain(_ i: Int, _ layers: [LayerModel], _ byIndex: [Int: Int]) throws(LottieError) -> [TransformModel] {
    var chain = [layers[i].transform]
    var seen: Set<Int> = [i]
    var current = layers[i]
    while let p = current.parent {
      guard let j = byIndex[p] else {
        try context.warn(current.path + ".parent", layer: current.name, "parent \(p) is not a layer of this composition (ignored)")
        break
      }
      guard !seen.contains(j) else {
        throw LottieError(
          fileName: context.fileName, path: current.path + ".parent",
          message: "cyclic parenting: layer \(p) is its own ancestor")
      }
      seen.insert(j)
      chain.append(layers[j].transform)
      current = layers[j]
    }
    return chain
  }

  private func content(_ l: LayerModel, time: TimeMap, open: [String]) throws(LottieError) -> [Layer] {
    switch l.content {
    case .precomp(let id, let w, let h):
      guard let layers = document.compositions[id] else {
        // Players draw such a layer empty.
        try context.warn(l.path + ".refId", layer: l.name, "no precomposition asset with id \"\(id)\" (drawn empty)")
        return []
      }
      guard !open.contains(id) else {
        throw LottieError(fileName: context.fileName, path: l.path + ".refId", message: "precomposition \"\(id)\" contains itself")
      }
      guard open.count < Self.maxDepth else {
        throw LottieError(fileName: context.fileName, path: l.path + ".refId", message: "precompositions nested more than \(Self.maxDepth) deep")
      }
      let clip = Layer()
      clip.anchorPoint = .zero
      clip.bounds = Rect(0, 0, w, h)
      clip.masksToBounds = true
      let step: TimeMap.Step =
        l.timeRemap.map { .remap($0, frameRate: document.frameRate) } ?? .precomp(startTime: l.startTime, stretch: l.timeStretch)
      let inner = TimeMap(parent: time, step: step)
      for c in try composition(layers, path: "", time: inner, size: (w, h), open: open + [id]) { clip.adopt(c) }
      return [clip]
    case .solid(let color, let w, let h):
      // A filled rectangle path, as lottie-ios's `SolidLayer` (a `CAShapeLayer`): its edges
      // are anti-aliased, unlike a background colour's under a transform.
      let s = ShapeLayer()
      s.anchorPoint = .zero
      s.bounds = Rect(0, 0, w, h)
      s.path = StrataPath.Path(rect: PathRect(x: 0, y: 0, width: w, height: h))
      s.fillColor = color
      return [s]
    case .image(let id):
      // A missing image draws nothing, as in lottie-ios; the layer keeps its place.
      guard let asset = document.images[id] else {
        if document.droppedImages.contains(id) {
          try context.warn(l.path + ".refId", layer: l.name, "image asset \"\(id)\" could not be loaded; the layer is drawn empty")
        } else if document.compositions[id] == nil {
          try context.warn(l.path + ".refId", layer: l.name, "no image asset with id \"\(id)\"; the layer is drawn empty")
        }
        return []
      }
      let s = Layer()
      s.anchorPoint = .zero
      s.bounds = Rect(0, 0, asset.width, asset.height)
      s.contents = asset.image
      s.contentsGravity = .resize
      return [s]
    case .shapes(let items):
      return try ShapeBuilder(time: time, context: context, layerName: l.name, path: l.path).layers(.init(items: items, outer: []))
    case .text(let t):
      return try TextBuilder(assets: document.text, context: context, layerName: l.name, path: l.path).layers(t)
    case .null, .unsupported:
      return []
    }
  }
}


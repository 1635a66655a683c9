import Strata

/// 3D rendering contexts (`TransformLayer`): the planes under a transform layer are drawn
/// back to front by depth, cut where they cross, instead of in sibling order.
///
/// 1. Gather: walking down through transform layers (which draw nothing and are not
///    flattened), every other layer is a plane, with its place in the context's 3D space
///    (the transform layer's superlayer's sublayer space, perspective included) and the
///    product of the transform layers' opacities above it.
/// 2. Each plane is compiled once as any layer is (its own subtree flattened into it). The
///    pixels its commands can touch, mapped back into its plane, give its outline for the
///    sort: shadows, strokes, particles and sublayers outside the bounds count too.
/// 3. `DepthSort` orders the planes and cuts those that cross. A whole plane appends the
///    commands it compiled to; a piece compiles the plane again inside a clip that is the
///    piece, a convex polygon with hard edges in the plane (so the pieces of a plane meet
///    without seams and nothing is drawn twice).
/// 4. Each plane's opacity factor applies to it alone: a group when its content overlaps
///    itself, a factor on each command otherwise.
extension RenderListCompiler.State {
  /// A plane of a context as gathered.
  struct ContextPlane {
    var layer: LayerSnapshot
    /// What `visit` takes as the plane's parent space: its place in the context's space.
    var parentSpace: Transform3D
    /// The opacities of the transform layers above it, multiplied (and the alpha of the
    /// replicator copies it is part of).
    var opacity: Double
    /// The red, green and blue of the replicator copies it is part of, multiplied.
    var tint = SIMD3<Double>(1, 1, 1)
    /// Set for a sprite of `layer` that is a plane by itself (`depthSprites(of:)`).
    var sprite: DepthSprite? = nil

    /// The plane → the context's space, not flattened.
    var toContext: Transform3D {
      let plane = RenderListCompiler.State.planeToContext(layer, parentSpace)
      return sprite.map { Transform3D.translation(0, 0, $0.z).concatenating(plane) } ?? plane
    }
  }

  /// Compiles one plane of a context inside `clip`: its layer (without its depth sprites),
  /// or one depth sprite.
  mutating func compile(_ p: ContextPlane, parentToDevice: Homography, clip: Int?) {
    guard let s = p.sprite else {
      let outer = contextPlane
      contextPlane = ObjectIdentifier(p.layer)
      visit(p.layer, parentSpace: p.parentSpace, parentToDevice: parentToDevice, clip: clip)
      contextPlane = outer
      return
    }
    guard let map = PlaneMap(toDevice: Homography(p.toContext).concatenating(parentToDevice)),
      let batch = SpriteBatch.make(
        label: p.layer.name.map { "\"\($0)\"" } ?? p.layer.typeName, map: map, image: s.image,
        minificationFilter: s.minificationFilter, magnificationFilter: s.magnificationFilter, blendMode: s.blendMode,
        opacity: 1, clip: clip, sprites: [s.sprite], canvas: canvas, clipBounds: clipBounds(clip))
    else { return }
    list.commands.append(.sprites(batch))
  }

  /// Draws the context that the transform layer `root` starts.
  mutating func visitRenderingContext(_ root: LayerSnapshot, parentSpace: Transform3D, parentToDevice: Homography, clip: Int?) {
    var gathered: [ContextPlane] = []
    Self.gather(root, parentSpace: parentSpace, opacity: 1, tint: SIMD3(1, 1, 1), into: &gathered)
    guard !gathered.isEmpty else { return }

    // Compile every plane once; keep its commands and outline.
    var planes: [ContextPlane] = []
    var compiled: [[RenderCommand]] = []
    var sortPlanes: [DepthSort.Plane] = []
    for p in gathered {
      let start = list.commands.count
      compile(p, parentToDevice: parentToDevice, clip: clip)
      guard list.commands.count > start else { continue }
      tint(p, from: start)
      let pixels = contentBounds(from: start)
      let commands = Array(list.commands[start...])
      list.commands.removeSubrange(start...)
      let toContext = p.toContext
      guard let map = PlaneMap(toDevice: Homography(toContext).concatenating(parentToDevice)),
        let outline = p.sprite.map({ s in Draw.corners(Rect(x: 0, y: 0, width: 1, height: 1)).map(s.sprite.transform.apply) })
          ?? Self.extent(of: p.layer).map(Draw.corners) ?? Self.outline(of: pixels, in: map)
          ?? Self.fallbackOutline(p.layer)
      else { continue }
      planes.append(p)
      compiled.append(commands)
      sortPlanes.append(DepthSort.Plane(outline: outline, toSortSpace: toContext))
    }
    guard !planes.isEmpty else { return }

    // The thick plane: 0.05 device pixels, in the context's units.
    let scale = PlaneMap(toDevice: parentToDevice).map { Self.linearScale($0, at: .zero) } ?? 1
    let clock = ContinuousClock()
    var result = DepthSort.Result(pieces: [], usedTree: false)
    let elapsed = clock.measure { result = DepthSort.order(sortPlanes, epsilon: 0.05 / scale) }
    list.depthSorting.add(planes: planes.count, pieces: result.pieces.count, usedTree: result.usedTree, time: elapsed)

    for piece in result.pieces {
      let p = planes[piece.plane]
      let start = list.commands.count
      var pieceClip = clip
      if let outline = result.outline(of: piece) {
        // The piece's clip: the outline grown past every anti-aliased edge, cut by the
        // piece's cuts, whose hard edges are the only ones that remove anything.
        guard let map = PlaneMap(toDevice: Homography(p.toContext).concatenating(parentToDevice)) else { continue }
        let xs = outline.map(\.x), ys = outline.map(\.y)
        let box = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        guard let polygon = ConvexPolygon(Self.cut(Draw.corners(Draw.grown(box, map, pixels: 2)), by: result.cuts(of: piece))),
          let c = addPolygonClip(polygon, map: map, parent: clip)
        else { continue }
        pieceClip = c
        compile(p, parentToDevice: parentToDevice, clip: pieceClip)
        tint(p, from: start)
        narrowToPiece(from: start, clip: c, parent: clip, map: map, cuts: result.cuts(of: piece))
      } else {
        list.commands += compiled[piece.plane]
      }
      applyOpacity(p.opacity, from: start, clip: pieceClip, label: "plane", reason: "context opacity")
    }
  }

  /// Cuts the plane's own draws (those in its plane, clipped by the piece's clip alone) to
  /// the piece as a polygon instead of the clip: the same pixels, found by the polygon's
  /// outline rather than tested one by one against the clip across its whole box.
  mutating func narrowToPiece(from start: Int, clip: Int, parent: Int?, map: PlaneMap, cuts: [SIMD3<Double>]) {
    for i in start..<list.commands.count {
      guard case .draw(let d) = list.commands[i], d.clip == clip, d.polygon == nil, d.map.toDevice == map.toDevice
      else { continue }
      if case .mask = d.shape { continue }
      let outline = Self.cut(Draw.corners(Draw.grown(d.rect, map, pixels: 2)), by: cuts)
      guard let polygon = ConvexPolygon(outline),
        let narrowed = Draw.make(
          label: d.label, part: d.part, map: d.map, rect: d.rect, shape: d.shape, paint: d.paint, opacity: d.opacity,
          clip: parent, edges: d.edgeAntialiasing, occluder: d.occluder, polygon: polygon, canvas: canvas,
          clipBounds: list.clips[clip].deviceBounds)
      else { continue }
      var n = narrowed
      n.blendMode = d.blendMode
      list.commands[i] = .draw(n)
    }
  }

  /// Collects the planes under `layer`, a transform layer or a replicator preserving depth
  /// (or any layer, which is then one plane), in document (drawing) order. A replicator's
  /// copies are planes of the context, each moved by its instance transform and carrying
  /// its instance colour.
  static func gather(
    _ layer: LayerSnapshot, parentSpace: Transform3D, opacity: Double, tint: SIMD3<Double>,
    into planes: inout [ContextPlane]
  ) {
    // Past the limit the frame is refused when the planes are visited (`countVisit`).
    guard !layer.isHidden, layer.opacity > 0, opacity > 0, planes.count <= Limits.maxLayersDrawn else { return }
    guard let kind = layer.kindSnapshot as? any LayerKindCompiling, kind.sharesDepthWithSublayers else {
      planes.append(ContextPlane(layer: layer, parentSpace: parentSpace, opacity: opacity, tint: tint))
      // Sprites inhabiting the context (an emitter preserving depth): a plane each, faded
      // by the layer's opacity as its own content would be.
      let kind = layer.kindSnapshot as? any LayerKindCompiling
      for s in kind?.depthSprites(of: layer) ?? [] {
        planes.append(
          ContextPlane(layer: layer, parentSpace: parentSpace, opacity: opacity * min(layer.opacity, 1), tint: tint, sprite: s))
      }
      return
    }
    let space = LayerGeometry.sublayerSpace(
      bounds: layer.bounds, anchorPoint: layer.anchorPoint, anchorPointZ: layer.anchorPointZ,
      sublayerTransform: layer.sublayerTransform, isGeometryFlipped: layer.isGeometryFlipped
    ).concatenating(planeToContext(layer, parentSpace))
    let inside = opacity * min(layer.opacity, 1)
    let instances =
      kind.sublayerInstances(of: layer)
      ?? [SublayerInstance(transform: .identity, color: .white, sublayers: layer.sublayersInDrawingOrder)]
    for instance in instances where instance.color.alpha > 0 {
      let c = instance.color
      let copySpace = instance.transform.concatenating(space)
      for s in instance.sublayers {
        gather(
          s, parentSpace: copySpace, opacity: inside * c.alpha, tint: tint * SIMD3(c.red, c.green, c.blue), into: &planes)
      }
    }
  }

  /// Multiplies what a plane compiled to (from `start`) by its copies' colour.
  mutating func tint(_ plane: ContextPlane, from start: Int) {
    let t = plane.tint
    guard t.x < 1 || t.y < 1 || t.z < 1 else { return }
    tint(from: start, red: t.x, green: t.y, blue: t.z)
  }

  /// A layer's plane → the context's space, not flattened.
  static func planeToContext(_ layer: LayerSnapshot, _ parentSpace: Transform3D) -> Transform3D {
    LayerGeometry.toSuperlayer(
      bounds: layer.bounds, position: layer.position, zPosition: layer.zPosition, anchorPoint: layer.anchorPoint,
      anchorPointZ: layer.anchorPointZ, transform: layer.transform
    ).concatenating(parentSpace)
  }

  /// What a plane draws, in its own coordinates, when that follows from its geometry: its
  /// bounds, its shadow, and (unless it masks to its bounds) its sublayers'. Nil when it
  /// cannot be told so simply (a kind's content, filters, a sublayer reaching past the eye);
  /// the compiled pixels tell then.
  static func extent(of layer: LayerSnapshot) -> Rect? {
    guard layer.filters.isEmpty else { return nil }
    if let k = layer.kindSnapshot, !(k is GradientLayer.Snapshot) { return nil }
    let b = layer.bounds.standardized
    var r = b
    func add(_ o: Rect) {
      r = Rect(x: min(r.minX, o.minX), y: min(r.minY, o.minY), width: max(r.maxX, o.maxX) - min(r.minX, o.minX),
               height: max(r.maxY, o.maxY) - min(r.minY, o.minY))
    }
    if layer.shadowOpacity > 0 && layer.shadowColor.alpha > 0 {
      let reach = 1.5 * max(0, layer.shadowRadius) + 1
      guard layer.shadowPath?.isEmpty != false else { return nil }
      let s = b
      add(Rect(x: s.minX + layer.shadowOffset.width - reach, y: s.minY + layer.shadowOffset.height - reach,
               width: s.width + 2 * reach, height: s.height + 2 * reach))
    }
    if !layer.masksToBounds {
      let space = LayerGeometry.sublayerSpace(
        bounds: layer.bounds, anchorPoint: layer.anchorPoint, anchorPointZ: layer.anchorPointZ,
        sublayerTransform: layer.sublayerTransform, isGeometryFlipped: layer.isGeometryFlipped)
      for s in layer.sublayers where !s.isHidden && s.opacity > 0 {
        guard let e = extent(of: s) else { return nil }
        let h = Homography(planeToContext(s, space))
        for c in Draw.corners(e) {
          guard let p = h.apply(c) else { return nil }
          add(Rect(x: p.x, y: p.y, width: 0, height: 0))
        }
      }
    }
    return r.isEmpty ? nil : r
  }

  /// The convex polygon `points` cut to the kept side (`a·u + b·v + c ≥ 0`) of each line.
  static func cut(_ points: [Point], by lines: [SIMD3<Double>]) -> [Point] {
    var poly = points
    for l in lines {
      let f = poly.map { l.x * $0.x + l.y * $0.y + l.z }
      guard f.contains(where: { $0 < 0 }) else { continue }
      var out: [Point] = []
      for i in poly.indices {
        let j = (i + 1) % poly.count
        if f[i] >= 0 { out.append(poly[i]) }
        if (f[i] >= 0) != (f[j] >= 0) { out.append(DepthSort.lerp(poly[i], poly[j], f[i] / (f[i] - f[j]))) }
      }
      poly = out
      if poly.count < 3 { return [] }
    }
    return poly
  }

  /// The rectangle of the plane holding the device pixels `pixels` (nil when some of them
  /// lie beyond the plane's horizon).
  static func outline(of pixels: PixelBounds, in map: PlaneMap) -> [Point]? {
    guard !pixels.isEmpty else { return nil }
    var xs: [Double] = [], ys: [Double] = []
    for (x, y) in [(pixels.x0, pixels.y0), (pixels.x1, pixels.y0), (pixels.x1, pixels.y1), (pixels.x0, pixels.y1)] {
      guard let (u, v, _) = Projection.unproject(map.fromDevice, x: Double(x), y: Double(y)) else { return nil }
      xs.append(u); ys.append(v)
    }
    return Draw.corners(Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!))
  }

  /// The plane's bounds, for a plane whose pixels reach past its horizon.
  static func fallbackOutline(_ layer: LayerSnapshot) -> [Point]? {
    let b = layer.bounds.standardized
    return b.isEmpty ? nil : Draw.corners(b)
  }

  /// A clip to the convex `polygon` of the plane `map`, inside `parent`; nil when nothing
  /// survives it.
  mutating func addPolygonClip(_ polygon: ConvexPolygon, map: PlaneMap, parent: Int?) -> Int? {
    guard let c = ClipShape.polygon(polygon, map: map, parent: parent, parentBounds: parent.map { list.clips[$0].deviceBounds }, canvas: canvas)
    else { return nil }
    list.clips.append(c)
    return list.clips.count - 1
  }

  /// Applies an opacity to the commands from `start` as a layer's own opacity: a group when
  /// they overlap one another, else a factor on each.
  mutating func applyOpacity(_ opacity: Double, from start: Int, clip: Int?, label: String, reason: String) {
    guard opacity < 1, list.commands.count > start else { return }
    guard contentOverlaps(from: start) else {
      scale(from: start, by: opacity)
      return
    }
    let bounds = contentBounds(from: start).intersection(clipBounds(clip))
    guard !bounds.isEmpty else {
      list.commands.removeSubrange(start...)
      return
    }
    let group = Group(
      label: label, bounds: bounds, opacity: opacity, blendMode: .sourceOver, clip: nil, filters: [], shadow: nil,
      reasons: [reason])
    list.commands.insert(.beginGroup(group), at: start)
    list.commands.append(.endGroup)
  }
}

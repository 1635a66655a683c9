import StrataPath
import Strata

/// Compiles a layer snapshot into a device-space `RenderList`.
///
/// Layers are flattened as a plain `CALayer` tree is: each layer's sublayers are drawn into
/// its plane in stable `zPosition` order, so every layer plane maps to the canvas by one
/// homography. Effects that need the layer's composited image (masks, filters, blend modes,
/// group opacity over overlapping content, shadows of anything but a plain rounded
/// rectangle or a `shadowPath`) become offscreen groups. Layers whose geometry is not finite or not
/// invertible draw nothing.
public struct RenderListCompiler {
  public var width: Int
  public var height: Int
  /// Device pixels per point.
  public var scale: Double
  public var background: Color
  /// Whether a layer with thousands of layers below it compiles its sublayers on all cores
  /// (`RenderListCompiler+Siblings`); the list is the same either way. A caller that
  /// already compiles several frames at once may turn it off.
  public var usesAllCores = true

  public init(width: Int, height: Int, scale: Double = 1, background: Color = .clear) {
    self.width = width
    self.height = height
    self.scale = scale
    self.background = background
  }

  /// The list for `root`, whose position is given in canvas points.
  public func compile(_ root: LayerSnapshot) -> RenderList {
    // Path masks the cache lacks are noted by a first pass and made together, on every
    // core (`PathMaskCache+Batch`); the frame is then compiled with all of them at hand.
    let masks = PathMaskCache.Collector()
    let first = PathMaskCache.shared.collecting(masks) { compileOnce(root) }
    if masks.isEmpty { return first }
    PathMaskCache.shared.make(masks)
    return compileOnce(root)
  }

  private func compileOnce(_ root: LayerSnapshot) -> RenderList {
    var state = State(
      list: RenderList(width: width, height: height, background: background.premultiplied),
      canvas: PixelBounds(x0: 0, y0: 0, x1: width, y1: height))
    state.splitsSublayers = usesAllCores
    // About one command per layer: reserved at once, the list does not grow by copying
    // (20000 sprite layers: half the compile's time was `append` moving the commands
    // to a larger buffer, and faulting in each new one).
    state.list.commands.reserveCapacity(min(root.layerCount, Limits.maxLayersDrawn))
    let device = Homography(Transform3D.scale(scale, scale))
    state.visit(root, parentSpace: .identity, parentToDevice: device, clip: nil)
    state.nestGroupBounds()
    return state.list
  }

  struct State {
    var list: RenderList
    let canvas: PixelBounds
    /// The layer being compiled as a plane of a 3D rendering context, if any.
    var contextPlane: ObjectIdentifier? = nil
    /// Layers visited so far, copies of replicated sublayers included (see `countVisit`).
    var visits = 0
    /// Whether a layer with many layers below may compile its sublayers on all cores
    /// (`visitSublayers`); false inside such a part, which one core compiles.
    var splitsSublayers = true

    /// The refusal of a frame that visits more than `Limits.maxLayersDrawn` layers.
    static let tooManyLayers =
      "the frame draws more than \(Limits.maxLayersDrawn) layers (replicated copies counted: nested replicators multiply their instance counts); that is the limit (Limits.maxLayersDrawn)"

    /// Counts one layer visit; false once the frame has visited `Limits.maxLayersDrawn`
    /// layers, and the frame is refused. Nested replicators multiply: three of 10,000
    /// instances each would draw 10^12 copies, a hang rather than a picture.
    mutating func countVisit() -> Bool {
      visits += 1
      guard visits > Limits.maxLayersDrawn else { return true }
      if visits == Limits.maxLayersDrawn + 1 { list.refusals.append(Self.tooManyLayers) }
      return false
    }

    /// Emits one layer. Every opacity it emits is relative to its parent's context: the
    /// layer's own opacity is either a group's or multiplied into its commands, and each
    /// ancestor does the same, so the product reaches every draw.
    ///
    /// - Parameters:
    ///   - parentSpace: the parent's sublayer space (flip and `sublayerTransform`), which
    ///     sees this layer's z before the parent flattens it into its plane.
    ///   - parentToDevice: the parent's plane → device.
    mutating func visit(_ layer: LayerSnapshot, parentSpace: Transform3D, parentToDevice: Homography, clip: Int?) {
      guard !layer.isHidden, layer.opacity > 0, countVisit() else { return }
      // Read once: each read of the existential copies it.
      let kind = layer.hasKindSnapshot ? layer.kindSnapshot as? any LayerKindCompiling : nil
      if kind != nil, let k = kind, k.sharesDepthWithSublayers {
        visitRenderingContext(layer, parentSpace: parentSpace, parentToDevice: parentToDevice, clip: clip)
        return
      }
      let local = Homography(
        LayerGeometry.toSuperlayer(
          bounds: layer.bounds, position: layer.position, zPosition: layer.zPosition,
          anchorPoint: layer.anchorPoint, anchorPointZ: layer.anchorPointZ, transform: layer.transform
        ).concatenating(parentSpace))
      let toDevice = local.concatenating(parentToDevice)
      guard let map = PlaneMap(toDevice: toDevice) else { return }
      // Seen from behind: the plane's orientation flips (W stays positive in front).
      if !layer.isDoubleSided && toDevice.determinant < 0 { return }
      let opacity = min(layer.opacity, 1)
      let bounds = layer.bounds.standardized
      let label = layer.name.map { "\"\($0)\"" } ?? layer.typeName
      let edges = layer.allowsEdgeAntialiasing ? layer.edgeAntialiasingMask : []
      let radii = CornerRadii(radius: layer.cornerRadius, mask: layer.maskedCorners, size: bounds.size, curve: layer.cornerCurve)
      // Only filters, shadows and kinds need it (not 20000 plain sprites).
      lazy var pixelScale = Self.linearScale(map, at: Point(x: bounds.midX, y: bounds.midY))
      let blend = layer.compositingFilter.map(BlendMode.init) ?? .sourceOver
      let filters = layer.filters.map { Self.deviceFilter($0, pixelScale) }

      // The masksToBounds clip is made first: shadows and contents use it.
      var ownClip: Int? = nil
      if layer.masksToBounds {
        guard !bounds.isEmpty, let c = addClip(map: map, rect: bounds, radii: radii, parent: clip) else { return }
        ownClip = c
      }
      let shadowVisible = layer.shadowOpacity > 0 && layer.shadowColor.alpha > 0
      // A shadowPath shapes the shadow instead of the content: one blurred mask, no group.
      let pathShadow = shadowVisible ? layer.shadowPath.flatMap { $0.isEmpty ? nil : $0 } : nil
      let analyticShadow = shadowVisible && pathShadow == nil && Self.isPlainRoundedRect(layer)
      if analyticShadow {
        addAnalyticShadow(
          layer, map: map, bounds: bounds, radii: radii, opacity: opacity, clip: ownClip ?? clip, bodyCovers: blend == .sourceOver)
      }
      // With a mask the shadow goes inside the layer's group (below its content), which the
      // mask then cuts, as Core Animation's masking rules cut a shadow path.
      if let path = pathShadow, layer.mask == nil {
        addShadowPathShadow(layer, path: path, map: map, pixelScale: pixelScale, opacity: opacity, clip: ownClip ?? clip)
      }
      if !layer.backgroundFilters.isEmpty, !bounds.isEmpty {
        addBackdrop(label: label, map: map, rect: bounds, radii: radii, filters: layer.backgroundFilters.map { Self.deviceFilter($0, pixelScale) }, clip: clip)
      }

      // The layer's own content, relative opacity 1; wrapped in a group or scaled below.
      let start = list.commands.count
      // A plus-lighter layer that can draw one thing only (its background or its single
      // piece of contents) draws it plus-lighter with the layer's opacity right away: the
      // draw the general rule below would make of it, without editing the list afterwards
      // (20000 sprite layers a frame).
      let borderVisible = layer.borderWidth > 0 && layer.borderColor.alpha > 0 && !bounds.isEmpty
      let backgroundVisible = (layer.backgroundColor?.alpha ?? 0) > 0 && !bounds.isEmpty
      let lonePlusLighter =
        blend == .plusLighter && kind == nil && layer.sublayers.isEmpty && !borderVisible && layer.mask == nil
        && filters.isEmpty && !shadowVisible && !layer.shouldRasterize
      // A background colour through an image mask of white: one tinted draw, no group.
      if layer.mask != nil, layer.maskMode == .alpha, layer.contents == nil, kind == nil, layer.sublayers.isEmpty, !borderVisible, filters.isEmpty,
        !shadowVisible, !layer.shouldRasterize,
        addTintedMask(
          layer, toDevice: toDevice, bounds: bounds, radii: radii, edges: edges, opacity: opacity, blend: blend, clip: clip,
          label: label)
      {
        return
      }
      if let path = pathShadow, layer.mask != nil {
        addShadowPathShadow(layer, path: path, map: map, pixelScale: pixelScale, opacity: 1, clip: ownClip ?? clip)
      }
      if let bg = layer.backgroundColor, bg.alpha > 0, !bounds.isEmpty {
        let lone = lonePlusLighter && layer.contents == nil
        addDraw(
          label: label, part: "background", map: map, rect: bounds,
          shape: radii.isZero ? .rect : .roundedRect(radii), paint: .solid(bg.premultiplied),
          opacity: lone ? opacity : 1, clip: clip, edges: edges, blendMode: lone ? .plusLighter : .sourceOver)
        if lone { return }
      }
      let inner = ownClip ?? clip
      if let image = layer.contents, kind?.drawsContents != false {
        let pieces = ContentsLayout.pieces(
          bounds: bounds, pixelWidth: image.width, pixelHeight: image.height, gravity: layer.contentsGravity,
          contentsRect: layer.contentsRect, contentsCenter: layer.contentsCenter, contentsScale: layer.contentsScale)
        let lone = lonePlusLighter && !backgroundVisible && pieces.count == 1
        for piece in pieces {
          let paint = ImagePaint(
            image: image, texelMap: ContentsLayout.texelMap(piece),
            minificationFilter: layer.minificationFilter, magnificationFilter: layer.magnificationFilter,
            minificationFilterBias: layer.minificationFilterBias)
          addDraw(
            label: label, part: "contents", map: map, rect: piece.destination, shape: .rect,
            paint: .image(paint), opacity: lone ? opacity : 1, clip: inner, edges: edges.intersection(piece.outerEdges),
            blendMode: lone ? .plusLighter : .sourceOver)
        }
        if lone { return }
      }
      // The kind's own content (a shape, a gradient…), where contents go: above the
      // background and contents, below the sublayers (unless the kind says otherwise).
      var kindContext: LayerKindContext? = nil
      if kind != nil {
        var c = LayerKindContext(
          label: label, map: map, bounds: bounds, radii: radii, edges: edges, clip: inner, clipBounds: clipBounds(inner),
          canvas: canvas, deviceScale: pixelScale)
        c.isPlaneOfRenderingContext = contextPlane == ObjectIdentifier(layer)
        kindContext = c
      }
      if kind != nil, let kind, let kindContext, kind.placement == .belowSublayers { compileKind(kind, kindContext) }
      if !layer.sublayers.isEmpty {
        let space = LayerGeometry.sublayerSpace(
          bounds: layer.bounds, anchorPoint: layer.anchorPoint, anchorPointZ: layer.anchorPointZ,
          sublayerTransform: layer.sublayerTransform, isGeometryFlipped: layer.isGeometryFlipped)
        if kind != nil, let instances = kind?.sublayerInstances(of: layer) {
          for i in instances { visitInstance(i, parentSpace: space, parentToDevice: toDevice, clip: inner) }
        } else {
          visitSublayers(layer.sublayersInDrawingOrder, parentSpace: space, parentToDevice: toDevice, clip: inner)
        }
      }
      if layer.borderWidth > 0, layer.borderColor.alpha > 0, !bounds.isEmpty {
        let w = min(layer.borderWidth, min(bounds.width, bounds.height) / 2)
        addDraw(
          label: label, part: "border", map: map, rect: bounds,
          shape: .ring(outer: radii, inner: bounds.insetBy(dx: w, dy: w), innerRadii: radii.inset(by: w)),
          paint: .solid(layer.borderColor.premultiplied), opacity: 1, clip: clip, edges: edges)
      }
      if kind != nil, let kind, let kindContext, kind.placement == .aboveBorder { compileKind(kind, kindContext) }

      let groupShadow = shadowVisible && !analyticShadow && pathShadow == nil
      let groupOpacity = opacity < 1 && layer.allowsGroupOpacity && contentOverlaps(from: start)
      let othersThanBlend = layer.mask != nil || !filters.isEmpty || groupShadow || groupOpacity || layer.shouldRasterize
      guard othersThanBlend || blend != .sourceOver else {
        scale(from: start, by: opacity)
        return
      }
      // Plus-lighter is a sum: a layer that draws one thing adds that draw directly, no
      // offscreen needed (particles as sprite layers: thousands of groups otherwise). Each
      // such draw adds whole levels (README "Rendering semantics"), as an additive
      // emitter's sprites do, so the two forms give the same bytes.
      if !othersThanBlend, blend == .plusLighter, list.commands.count == start + 1,
        list.commands[start].addPlusLighter(opacity: opacity)
      {
        return
      }
      var reasons: [String] = []
      if layer.mask != nil { reasons.append("mask") }
      if !filters.isEmpty { reasons.append("filters") }
      if blend != .sourceOver { reasons.append("blend") }
      if groupShadow { reasons.append("shadow") }
      if groupOpacity { reasons.append("opacity") }
      if layer.shouldRasterize { reasons.append("rasterize") }
      // What the group can show: its content's pixels, and with a mask only those the
      // mask covers too (outside the mask's draws its alpha and luminance are 0), unless
      // the mask is inverted, which shows the content where the mask draws nothing.
      var content = contentBounds(from: start)
      if let mask = layer.mask {
        let maskStart = list.commands.count
        list.commands.append(.beginMask)
        visit(mask, parentSpace: .identity, parentToDevice: toDevice, clip: nil)
        list.commands.append(.endMask)
        if !layer.maskMode.showsOutsideMask { content = content.intersection(contentBounds(from: maskStart)) }
      }
      var shadow: GroupShadow? = nil
      let shadowSigma = Blur.clamped(sigma: layer.shadowRadius / 2 * pixelScale)
      if groupShadow && !content.isEmpty
        && !Blur.isInvisible(sigma: shadowSigma, width: content.x1 - content.x0, height: content.y1 - content.y0)
      {
        let offset = Self.deviceOffset(map, at: Point(x: bounds.midX, y: bounds.midY), layer.shadowOffset)
        let sigma = Blur.clamped(sigma: layer.shadowRadius / 2 * pixelScale)
        let reach = Int(saturating: (3 * sigma).rounded(.up)) + 1
        let sb = PixelBounds(
          x0: content.x0 + Int(saturating: offset.x.rounded(.down)) - reach, y0: content.y0 + Int(saturating: offset.y.rounded(.down)) - reach,
          x1: content.x1 + Int(saturating: offset.x.rounded(.up)) + reach, y1: content.y1 + Int(saturating: offset.y.rounded(.up)) + reach
        ).intersection(canvas)
        // The layer's opacity fades its shadow too.
        let c = layer.shadowColor.premultiplied.scaled(by: layer.shadowOpacity * opacity)
        shadow = GroupShadow(color: c, dx: offset.x, dy: offset.y, sigma: sigma, bounds: sb, clip: ownClip ?? clip)
        var h = Hasher()
        h.combine(RasterizationKey.make(layer, map: map, bounds: content))
        h.combine(sb); h.combine(sigma); h.combine(offset.x); h.combine(offset.y)
        shadow?.cacheKey = h.finalize()
      }
      // A last blur far wider than the content draws nothing (`Blur.isInvisible`).
      if case .blur(let sigma)? = filters.last, !content.isEmpty,
        Blur.isInvisible(sigma: sigma, width: content.x1 - content.x0, height: content.y1 - content.y0)
      {
        list.commands.removeSubrange(start...)
        return
      }
      var groupBounds = content
      if let sb = shadow?.bounds, !sb.isEmpty { groupBounds = PixelBounds(x0: min(groupBounds.x0, sb.x0), y0: min(groupBounds.y0, sb.y0), x1: max(groupBounds.x1, sb.x1), y1: max(groupBounds.y1, sb.y1)) }
      // A blur spreads what there is; nothing stays nothing.
      for case .blur(let sigma) in filters where !groupBounds.isEmpty {
        let r = Int(saturating: (3 * sigma).rounded(.up)) + 1
        groupBounds = PixelBounds(x0: groupBounds.x0 - r, y0: groupBounds.y0 - r, x1: groupBounds.x1 + r, y1: groupBounds.y1 + r)
      }
      groupBounds = groupBounds.intersection(clip.map { list.clips[$0].deviceBounds } ?? canvas)
      if groupBounds.isEmpty {
        list.commands.removeSubrange(start...)
        return
      }
      let spreads = !filters.isEmpty || shadow != nil
      var group = Group(
        label: label, bounds: groupBounds, opacity: opacity, blendMode: blend, clip: spreads ? clip : nil,
        filters: filters, shadow: shadow, reasons: reasons)
      if layer.mask != nil { group.maskMode = layer.maskMode }
      if layer.shouldRasterize {
        group.rasterizationKey = RasterizationKey.make(layer, map: map, bounds: groupBounds)
      }
      list.commands.insert(.beginGroup(group), at: start)
      list.commands.append(.endGroup)
    }

    /// Runs a kind's compile step and appends what it drew.
    mutating func compileKind(_ kind: any LayerKindCompiling, _ context: LayerKindContext) {
      var c = context
      kind.compile(into: &c)
      list.commands += c.commands
      list.refusals += c.refusals
    }

    /// Cuts every group's bounds to its enclosing group's, so that nested offscreen
    /// surfaces can only shrink: a group's content outside its parent's surface (a masked
    /// parent, say) is never seen. Bounds are settled only once a group is closed, after
    /// its nested groups were emitted, hence this pass over the finished list.
    ///
    /// - Complexity: O(commands).
    mutating func nestGroupBounds() {
      // Most lists have no group (20000 sprite layers): a look at each command's case,
      // which copies nothing, instead of the pass below, which copies every command.
      guard list.commands.contains(where: { if case .beginGroup = $0 { true } else { false } }) else { return }
      var enclosing: [PixelBounds] = []
      for i in list.commands.indices {
        switch list.commands[i] {
        case .beginGroup(var g):
          g.bounds = g.bounds.intersection(enclosing.last ?? canvas)
          list.commands[i] = .beginGroup(g)
          enclosing.append(g.bounds)
        case .beginMask:
          // A mask draws into a surface of its group's bounds.
          enclosing.append(enclosing.last ?? canvas)
        case .endGroup, .endMask:
          _ = enclosing.popLast()
        case .draw, .backdrop, .sprites:
          break
        }
      }
    }

    /// Multiplies the opacity of the commands from `start` at this level (not inside
    /// groups, whose content is relative to them) by `factor`.
    mutating func scale(from start: Int, by factor: Double) {
      guard factor != 1 else { return }
      var depth = 0
      var i = start
      while i < list.commands.count {
        switch list.commands[i] {
        case .draw(var d) where depth == 0:
          d.opacity *= factor
          // The occluding body is no longer opaque: what it hid must be drawn after all.
          let omitted = d.occluder?.omitted
          d.occluder = nil
          list.commands[i] = .draw(d)
          if let rect = omitted {
            var middle = d
            middle.rect = rect
            middle.deviceBounds = DevicePolygon.pixelBounds(of: rect, d.map.toDevice, pad: 0, canvas: canvas)
              .intersection(d.clip.map { list.clips[$0].deviceBounds } ?? canvas)
            list.commands.insert(.draw(middle), at: i + 1)
            i += 1
          }
        case .beginGroup(var g):
          if depth == 0 {
            g.opacity *= factor
            if let s = g.shadow { g.shadow?.color = s.color.scaled(by: factor) }
            list.commands[i] = .beginGroup(g)
          }
          depth += 1
        case .sprites(var b) where depth == 0:
          b.opacity *= factor
          list.commands[i] = .sprites(b)
        case .beginMask: depth += 1
        case .endGroup, .endMask: depth -= 1
        default: break
        }
        i += 1
      }
    }

    /// Whether two of the commands from `start` (at this level) may cover the same pixel.
    func contentOverlaps(from start: Int) -> Bool {
      var boxes: [PixelBounds] = []
      var depth = 0
      for c in list.commands[start...] {
        switch c {
        case .draw(let d): if depth == 0 { boxes.append(d.deviceBounds) }
        case .beginGroup(let g):
          if depth == 0 { boxes.append(g.bounds) }
          depth += 1
        case .beginMask: depth += 1
        case .endGroup, .endMask: depth -= 1
        case .backdrop(let b): if depth == 0 { boxes.append(b.readBounds) }
        // Sprites overlap one another as a rule.
        case .sprites(let b): if depth == 0 { boxes.append(b.deviceBounds); if b.sprites.count > 1 { return true } }
        }
      }
      if boxes.count > 64 { return true }
      for i in boxes.indices {
        for j in boxes.indices where j > i {
          if !boxes[i].intersection(boxes[j]).isEmpty { return true }
        }
      }
      return false
    }

    /// The union of the pixels the commands from `start` can touch.
    func contentBounds(from start: Int) -> PixelBounds {
      var b = PixelBounds(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
      func add(_ o: PixelBounds) {
        guard !o.isEmpty else { return }
        b = PixelBounds(x0: min(b.x0, o.x0), y0: min(b.y0, o.y0), x1: max(b.x1, o.x1), y1: max(b.y1, o.y1))
      }
      for c in list.commands[start...] {
        switch c {
        case .draw(let d): add(d.deviceBounds)
        case .beginGroup(let g): add(g.bounds)
        case .backdrop(let bd): add(bd.bounds)
        case .sprites(let sb): add(sb.deviceBounds)
        default: break
        }
      }
      return b.x0 == Int.max ? PixelBounds(x0: 0, y0: 0, x1: 0, y1: 0) : b
    }

    mutating func addDraw(
      label: String, part: String, map: PlaneMap, rect: Rect, shape: DrawShape, paint: consuming Paint,
      opacity: Double, clip: Int?, edges: EdgeAntialiasingMask, occluder: Occluder? = nil, blendMode: BlendMode = .sourceOver
    ) {
      guard
        var d = Draw.make(
          label: label, part: part, map: map, rect: rect, shape: shape, paint: paint, opacity: opacity, clip: clip,
          edges: edges, occluder: occluder, canvas: canvas, clipBounds: clipBounds(clip))
      else { return }
      d.blendMode = blendMode
      // Moved, not copied: a copy retains and releases each of the draw's references.
      list.commands.append(.draw(consume d))
    }

    /// The pixels clip `clip` can keep; the canvas when nil.
    func clipBounds(_ clip: Int?) -> PixelBounds { clip.map { list.clips[$0].deviceBounds } ?? canvas }

    /// Adds a clip and returns its index, or nil when nothing survives it.
    mutating func addClip(map: PlaneMap, rect: Rect, radii: CornerRadii, parent: Int?) -> Int? {
      let poly = DevicePolygon.project(rect, map.toDevice)
      guard poly.count >= 3 else { return nil }
      var bounds = DevicePolygon.pixelBounds(poly, pad: 1, canvas: canvas)
      if let p = parent { bounds = bounds.intersection(list.clips[p].deviceBounds) }
      guard !bounds.isEmpty else { return nil }
      // An unrotated, unrounded rectangle on whole pixels is exactly a scissor box.
      let h = map.toDevice.m
      var aligned = false
      if radii.isZero, map.toDevice.isAffine, h.1 == 0, h.3 == 0 {
        let xs = poly.map(\.x), ys = poly.map(\.y)
        let r = PixelBounds(
          x0: Int(saturating: xs.min()!.rounded()), y0: Int(saturating: ys.min()!.rounded()),
          x1: Int(saturating: xs.max()!.rounded()), y1: Int(saturating: ys.max()!.rounded()))
        if poly.allSatisfy({ $0.x == $0.x.rounded() && $0.y == $0.y.rounded() }) {
          bounds = r.intersection(canvas)
          if let p = parent { bounds = bounds.intersection(list.clips[p].deviceBounds) }
          aligned = true
          if bounds.isEmpty { return nil }
        }
      }
      list.clips.append(
        ClipShape(
          map: map, rect: rect, radii: radii, curve: radii.continuous ? .continuous : .circular, parent: parent,
          deviceBounds: bounds, isPixelAligned: aligned))
      return list.clips.count - 1
    }
  }
}

import Strata

/// Compiles a layer snapshot into a device-space `RenderList`.
///
/// Layers are flattened as a plain `CALayer` tree is: each layer's sublayers are drawn into
/// its plane in stable `zPosition` order, so every layer plane maps to the canvas by one
/// homography. Opacity multiplies down the tree (group opacity arrives with offscreen
/// groups). Layers whose geometry is not finite or not invertible draw nothing.
public struct RenderListCompiler {
  public var width: Int
  public var height: Int
  /// Device pixels per point.
  public var scale: Double
  public var background: Color

  public init(width: Int, height: Int, scale: Double = 1, background: Color = .clear) {
    self.width = width
    self.height = height
    self.scale = scale
    self.background = background
  }

  /// The list for `root`, whose position is given in canvas points.
  public func compile(_ root: LayerSnapshot) -> RenderList {
    var state = State(
      list: RenderList(width: width, height: height, background: background.premultiplied),
      canvas: PixelBounds(x0: 0, y0: 0, x1: width, y1: height))
    let device = Homography(Transform3D.scale(scale, scale))
    state.visit(root, parentSpace: .identity, parentToDevice: device, opacity: 1, clip: nil)
    return state.list
  }

  struct State {
    var list: RenderList
    let canvas: PixelBounds

    /// - Parameters:
    ///   - parentSpace: the parent's sublayer space (flip and `sublayerTransform`), which
    ///     sees this layer's z before the parent flattens it into its plane.
    ///   - parentToDevice: the parent's plane → device.
    mutating func visit(
      _ layer: LayerSnapshot, parentSpace: Transform3D, parentToDevice: Homography, opacity: Double, clip: Int?
    ) {
      guard !layer.isHidden, layer.opacity > 0 else { return }
      let local = Homography(
        LayerGeometry.toSuperlayer(
          bounds: layer.bounds, position: layer.position, zPosition: layer.zPosition,
          anchorPoint: layer.anchorPoint, anchorPointZ: layer.anchorPointZ, transform: layer.transform
        ).concatenating(parentSpace))
      let toDevice = local.concatenating(parentToDevice)
      guard let map = PlaneMap(toDevice: toDevice) else { return }
      // Seen from behind: the plane's orientation flips (W stays positive in front).
      if !layer.isDoubleSided && toDevice.determinant < 0 { return }
      let alpha = opacity * min(layer.opacity, 1)
      let bounds = layer.bounds.standardized
      let label = layer.name.map { "\"\($0)\"" } ?? layer.typeName
      let edges = layer.allowsEdgeAntialiasing ? layer.edgeAntialiasingMask : []
      let radii = CornerRadii(radius: layer.cornerRadius, mask: layer.maskedCorners, size: bounds.size)

      if let bg = layer.backgroundColor, bg.alpha > 0, !bounds.isEmpty {
        addDraw(
          label: label, part: "background", map: map, rect: bounds,
          shape: radii.isZero ? .rect : .roundedRect(radii), paint: .solid(bg.premultiplied),
          opacity: alpha, clip: clip, edges: edges)
      }

      var inner = clip
      if layer.masksToBounds {
        guard !bounds.isEmpty, let c = addClip(map: map, rect: bounds, radii: radii, curve: layer.cornerCurve, parent: clip)
        else { return }
        inner = c
      }

      if let image = layer.contents {
        let pieces = ContentsLayout.pieces(
          bounds: bounds, pixelWidth: image.width, pixelHeight: image.height, gravity: layer.contentsGravity,
          contentsRect: layer.contentsRect, contentsCenter: layer.contentsCenter, contentsScale: layer.contentsScale)
        for piece in pieces {
          let paint = ImagePaint(
            image: image, texelMap: ContentsLayout.texelMap(piece),
            minificationFilter: layer.minificationFilter, magnificationFilter: layer.magnificationFilter,
            minificationFilterBias: layer.minificationFilterBias)
          addDraw(
            label: label, part: "contents", map: map, rect: piece.destination, shape: .rect,
            paint: .image(paint), opacity: alpha, clip: inner, edges: edges.intersection(piece.outerEdges))
        }
      }

      if !layer.sublayers.isEmpty {
        let space = LayerGeometry.sublayerSpace(
          bounds: layer.bounds, anchorPoint: layer.anchorPoint, anchorPointZ: layer.anchorPointZ,
          sublayerTransform: layer.sublayerTransform, isGeometryFlipped: layer.isGeometryFlipped)
        for s in layer.sublayersInDrawingOrder {
          visit(s, parentSpace: space, parentToDevice: toDevice, opacity: alpha, clip: inner)
        }
      }

      if layer.borderWidth > 0, layer.borderColor.alpha > 0, !bounds.isEmpty {
        let w = min(layer.borderWidth, min(bounds.width, bounds.height) / 2)
        let innerRect = bounds.insetBy(dx: w, dy: w)
        addDraw(
          label: label, part: "border", map: map, rect: bounds,
          shape: .ring(outer: radii, inner: innerRect, innerRadii: radii.inset(by: w)),
          paint: .solid(layer.borderColor.premultiplied), opacity: alpha, clip: clip, edges: edges)
      }
    }

    mutating func addDraw(
      label: String, part: String, map: PlaneMap, rect: Rect, shape: DrawShape, paint: Paint,
      opacity: Double, clip: Int?, edges: EdgeAntialiasingMask
    ) {
      let poly = DevicePolygon.project(rect, map.toDevice)
      guard poly.count >= 3 else { return }
      let soft = !edges.isEmpty
      var bounds = DevicePolygon.pixelBounds(poly, pad: soft ? 1 : 0, canvas: canvas)
      if let c = clip { bounds = bounds.intersection(list.clips[c].deviceBounds) }
      guard !bounds.isEmpty else { return }
      list.commands.append(
        .draw(
          Draw(
            label: label, part: part, map: map, rect: rect, shape: shape, paint: paint, opacity: opacity,
            clip: clip, edgeAntialiasing: edges, devicePolygon: poly, deviceBounds: bounds)))
    }

    /// Adds a clip and returns its index, or nil when nothing survives it.
    mutating func addClip(map: PlaneMap, rect: Rect, radii: CornerRadii, curve: CornerCurve, parent: Int?) -> Int? {
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
          x0: Int(xs.min()!.rounded()), y0: Int(ys.min()!.rounded()),
          x1: Int(xs.max()!.rounded()), y1: Int(ys.max()!.rounded()))
        let whole = poly.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() }
        if whole {
          bounds = r.intersection(canvas)
          if let p = parent { bounds = bounds.intersection(list.clips[p].deviceBounds) }
          aligned = true
          if bounds.isEmpty { return nil }
        }
      }
      list.clips.append(
        ClipShape(
          map: map, rect: rect, radii: radii, curve: curve, parent: parent, deviceBounds: bounds,
          isPixelAligned: aligned))
      return list.clips.count - 1
    }
  }
}

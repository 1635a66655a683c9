import Strata

/// A solid colour seen through an image mask: a layer whose only content is its
/// `backgroundColor`, masked by a layer that shows only an image whose pixels are white at
/// their alpha (`Image.isAlphaOnly`: a template icon, a particle sprite). Core Animation
/// users tint one image this way (the colour is the layer's, the shape the mask's); drawn by
/// the general rule it takes an offscreen group, a mask target and a composite per layer.
///
/// Colour × mask alpha is the mask's image tinted by the colour, and the background covers
/// every pixel the image does when the image lies inside the layer's bounds, so one tinted
/// image draw gives the same picture. It rounds once where the group rounds the offscreen
/// first (at most one level apart; README "Rendering semantics").
extension RenderListCompiler.State {
  /// Adds the one draw of `layer` (background colour through its mask) and returns true, or
  /// returns false, having added nothing, when the layer or its mask needs the general rule.
  ///
  /// The caller has checked what the layer itself must not have besides: contents, a kind,
  /// sublayers, a border, filters, a shadow, rasterization.
  mutating func addTintedMask(
    _ layer: LayerSnapshot, toDevice: Homography, bounds: Rect, radii: CornerRadii, edges: EdgeAntialiasingMask,
    opacity: Double, blend: BlendMode, clip: Int?, label: String
  ) -> Bool {
    guard let mask = layer.mask, let bg = layer.backgroundColor, bg.alpha > 0, !bounds.isEmpty, radii.isZero,
      edges.isEmpty, !layer.masksToBounds, layer.backgroundFilters.isEmpty, blend == .sourceOver || blend == .plusLighter,
      Self.showsOnlyContents(mask), let image = mask.contents, image.isAlphaOnly
    else { return false }
    // The mask's plane is the layer's moved by its place (and its transform, when that only
    // moves it): no turn, scale or perspective.
    let local = LayerGeometry.toSuperlayer(
      bounds: mask.bounds, position: mask.position, zPosition: mask.zPosition, anchorPoint: mask.anchorPoint,
      anchorPointZ: mask.anchorPointZ, transform: mask.transform)
    let shift = Homography(local)
    guard shift.isAffine, shift.m.0 == 1, shift.m.1 == 0, shift.m.3 == 0, shift.m.4 == 1,
      let map = PlaneMap(toDevice: shift.concatenating(toDevice)),
      mask.isDoubleSided || map.toDevice.determinant >= 0
    else { return false }
    let maskBounds = mask.bounds.standardized
    // One piece only (a nine-sliced mask takes the general rule).
    guard
      let piece = ContentsLayout.singlePiece(
        bounds: maskBounds, pixelWidth: image.width, pixelHeight: image.height, gravity: mask.contentsGravity,
        contentsRect: mask.contentsRect, contentsCenter: mask.contentsCenter, contentsScale: mask.contentsScale)
    else { return false }
    // Inside the layer's bounds (so the background is under every pixel of it), and inside
    // the mask's own when the mask clips to them.
    let d = piece.destination.standardized
    let inLayer = Rect(x: d.minX + shift.m.2, y: d.minY + shift.m.5, width: d.width, height: d.height)
    guard bounds.contains(inLayer), !mask.masksToBounds || maskBounds.contains(d) else { return false }
    // The image moves into the paint: its reference is counted once a draw, on an object
    // every sprite shares (and every core, when sublayers are compiled in parts).
    let paint = ImagePaint(
      image: consume image, texelMap: ContentsLayout.texelMap(piece), minificationFilter: mask.minificationFilter,
      magnificationFilter: mask.magnificationFilter, minificationFilterBias: mask.minificationFilterBias,
      tint: bg.premultiplied)
    addDraw(
      label: label, part: "background through mask", map: map, rect: piece.destination, shape: .rect,
      paint: .image(consume paint), opacity: opacity, clip: clip, edges: [], blendMode: blend)
    return true
  }

  /// Whether `layer`, as a mask, shows its contents and nothing else, at full opacity and
  /// with hard edges.
  static func showsOnlyContents(_ layer: LayerSnapshot) -> Bool {
    !layer.isHidden && layer.opacity >= 1 && !layer.hasKindSnapshot && layer.sublayers.isEmpty && layer.mask == nil
      && (layer.backgroundColor?.alpha ?? 0) == 0 && !(layer.borderWidth > 0 && layer.borderColor.alpha > 0)
      && !(layer.shadowOpacity > 0 && layer.shadowColor.alpha > 0) && layer.filters.isEmpty
      && layer.backgroundFilters.isEmpty && layer.compositingFilter == nil && !layer.shouldRasterize
      && (!layer.allowsEdgeAntialiasing || layer.edgeAntialiasingMask.isEmpty)
  }
}

import Strata
import StrataPath

extension RenderListCompiler.State {
  /// The shadow of a layer with a `shadowPath`: the path (layer space, offset by
  /// `shadowOffset`) filled nonzero into device pixels, blurred once in Swift by
  /// `shadowRadius / 2` times the device scale, and drawn as a coverage mask tinted with
  /// the shadow colour. The layer's content plays no part, so no offscreen group is needed
  /// for it, and both backends composite the same bytes.
  ///
  /// Like every shadow it is cut by the layer's clip (`masksToBounds`, else the enclosing
  /// one): Apple says a path outside the bounds is clipped "only if the normal layer
  /// masking rules cause that". The caller places it below the layer's own content, and
  /// inside the layer's group when the layer has a mask (which masks the shadow too).
  ///
  /// - Parameters:
  ///   - opacity: what multiplies the shadow colour besides `shadowOpacity` (the layer's
  ///     opacity outside a group, 1 inside one).
  ///   - pixelScale: device pixels per layer unit near the layer's centre (the blur's scale).
  mutating func addShadowPathShadow(
    _ layer: LayerSnapshot, path: StrataPath.Path, map: PlaneMap, pixelScale: Double, opacity: Double, clip: Int?
  ) {
    let o = layer.shadowOffset
    // The offset joins the map, not the path: a shadow that moves by whole device pixels
    // keeps its mask (`PathMaskCache` leaves whole-pixel translations out of its key).
    guard let shifted = PlaneMap(toDevice: Homography(Transform3D.translation(o.width, o.height)).concatenating(map.toDevice))
    else { return }
    let sigma = Blur.clamped(sigma: Self.shadowSigma(radius: layer.shadowRadius) * pixelScale)
    let bounds = clipBounds(clip)
    guard sigma.isFinite, !bounds.isEmpty,
      let mask = ShadowPathCache.shared.mask(path, map: shifted, sigma: sigma, clip: bounds)
    else { return }
    let color = layer.shadowColor.premultiplied.scaled(by: min(max(layer.shadowOpacity, 0), 1))
    let label = layer.name.map { "\"\($0)\"" } ?? layer.typeName
    guard
      let d = Draw.makeMask(
        label: label, part: "shadow", mask: mask, paint: .solid(color), opacity: opacity, clip: clip, canvas: canvas,
        clipBounds: bounds)
    else { return }
    list.commands.append(.draw(d))
  }
}

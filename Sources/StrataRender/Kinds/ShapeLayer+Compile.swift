import Strata
import StrataPath

/// `ShapeLayer`'s compile step: the fill, then the stroke, each a coverage mask of device
/// pixels (`PathMaskCache`) tinted with its colour, above the layer's contents and below its
/// sublayers. The path is in the layer's plane; the masks are made for this layer's map,
/// within its clip (or the canvas), and reused while only the whole-pixel position changes.
extension ShapeLayer.Snapshot: LayerKindCompiling {
  public func compile(into context: inout LayerKindContext) {
    guard let path, !path.isEmpty else { return }
    if let fillColor, fillColor.alpha > 0,
      let mask = PathMaskCache.shared.mask(path, style: .fill(fillRule), map: context.map, clip: context.clipBounds)
    {
      context.fill(mask, color: fillColor.premultiplied, part: "fill")
    }
    if let strokeColor, strokeColor.alpha > 0,
      let mask = PathMaskCache.shared.mask(path, style: .stroke(stroke), map: context.map, clip: context.clipBounds)
    {
      context.fill(mask, color: strokeColor.premultiplied, part: "stroke")
    }
  }
}

import Strata
import StrataRender

/// Solid masks as their runs (`MaskTiling`): one instance per run instead of one quad over
/// the whole mask, so that empty tiles reach no fragment and full tiles read no texel.
extension InstanceData {
  /// Slots of a run in an instance (see `Shaders/draw.vert`, SIMPLE MASK): the rectangle,
  /// and in the texel slots the atlas texel of the mask's first byte and the full flag.
  private static let rectSlot = 20, texelSlot = 40

  /// Adds `draw` (a `.mask` draw whose bytes lie in atlas page `page` from texel
  /// `slot.x, slot.y`) as its runs, cut to its device bounds, when the SIMPLE MASK build
  /// draws it (a solid colour, no clip needing coverage); else as one instance over the
  /// whole mask, for the full shader.
  ///
  /// - Complexity: O(runs).
  mutating func appendMask(_ draw: Draw, clip: Int?, slot: MaskAtlas.Slot, page: GLTexture) {
    guard case .mask(let m) = draw.shape else { preconditionFailure("appendMask needs a .mask draw") }
    let texel = (x: slot.x, y: slot.y)
    var variant = instance(
      draw, rect: draw.rect, softEdges: draw.edgeAntialiasing, clip: clip, texelMap: nil, paint: nil, maskTexel: texel)
    // The instance just written, taken back as the runs' template.
    var template = Array(floats.suffix(Self.floatsPerInstance))
    floats.removeLast(Self.floatsPerInstance)
    guard variant.mask else {
      let b = draw.deviceBounds
      maskPixels += (b.x1 - b.x0) * (b.y1 - b.y0)
      push(template, texture: nil, mask: page, variant: variant, bounds: draw.deviceBounds)
      return
    }
    // Runs are cut to the device bounds here, so no pixel needs the bounds test.
    variant.bounded = false
    let b = draw.deviceBounds
    let (bx0, by0) = (Int32(b.x0 - m.originX), Int32(b.y0 - m.originY))
    let (bx1, by1) = (Int32(b.x1 - m.originX), Int32(b.y1 - m.originY))
    template[Self.texelSlot] = Float(slot.x)
    template[Self.texelSlot + 1] = Float(slot.y)
    for run in slot.runs {
      let x0 = max(run.x0, bx0), y0 = max(run.y0, by0), x1 = min(run.x1, bx1), y1 = min(run.y1, by1)
      guard x0 < x1, y0 < y1 else { continue }
      template[Self.rectSlot] = Float(x0)
      template[Self.rectSlot + 1] = Float(y0)
      template[Self.rectSlot + 2] = Float(x1)
      template[Self.rectSlot + 3] = Float(y1)
      template[Self.texelSlot + 2] = run.full ? 1 : 0
      maskPixels += Int(x1 - x0) * Int(y1 - y0)
      push(template, texture: nil, mask: page, variant: variant, bounds: draw.deviceBounds)
    }
  }
}

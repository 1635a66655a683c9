import Strata

/// Where a layer's contents go: Core Animation's gravity, `contentsRect`, `contentsScale`
/// and nine-slice `contentsCenter`, resolved into rectangles that each map affinely from
/// the layer plane to image texels.
public enum ContentsLayout {
  /// One piece of the contents: `destination` in the layer plane shows `source` (texels).
  public struct Piece: Equatable, Sendable {
    public var destination: Rect
    public var source: Rect
    /// The destination's edges that are edges of the whole contents (for edge anti-aliasing).
    public var outerEdges: EdgeAntialiasingMask
  }

  /// The rectangle the whole (cropped) image occupies in `bounds` under `gravity`, for an
  /// image of `imageSize` points.
  public static func destination(bounds: Rect, imageSize: Size, gravity: ContentsGravity) -> Rect {
    let b = bounds.standardized
    let w = imageSize.width, h = imageSize.height
    switch gravity {
    case .resize:
      return b
    case .resizeAspect, .resizeAspectFill:
      guard w > 0, h > 0 else { return b }
      let sx = b.width / w, sy = b.height / h
      let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
      let dw = w * s, dh = h * s
      return Rect(x: b.midX - dw / 2, y: b.midY - dh / 2, width: dw, height: dh)
    default:
      let x: Double
      switch gravity {
      case .left, .topLeft, .bottomLeft: x = b.minX
      case .right, .topRight, .bottomRight: x = b.maxX - w
      default: x = b.midX - w / 2
      }
      let y: Double
      switch gravity {
      case .top, .topLeft, .topRight: y = b.minY
      case .bottom, .bottomLeft, .bottomRight: y = b.maxY - h
      default: y = b.midY - h / 2
      }
      return Rect(x: x, y: y, width: w, height: h)
    }
  }

  /// The pieces to draw for an image of `pixelSize` texels.
  public static func pieces(
    bounds: Rect, pixelWidth: Int, pixelHeight: Int, gravity: ContentsGravity,
    contentsRect: Rect, contentsCenter: Rect, contentsScale: Double
  ) -> [Piece] {
    guard
      let (dst, src, scale) = placement(
        bounds: bounds, pixelWidth: pixelWidth, pixelHeight: pixelHeight, gravity: gravity,
        contentsRect: contentsRect, contentsScale: contentsScale)
    else { return [] }
    let center = contentsCenter
    if !isNineSliced(center) { return [Piece(destination: dst, source: src, outerEdges: .all)] }
    return nineSlice(dst: dst, src: src, scale: scale, center: center)
  }

  /// The one piece `pieces` returns when the contents are not nine-sliced; nil when they
  /// draw nothing or are nine-sliced. For callers that take one piece only (20000 tinted
  /// sprites a frame), without building an array.
  public static func singlePiece(
    bounds: Rect, pixelWidth: Int, pixelHeight: Int, gravity: ContentsGravity,
    contentsRect: Rect, contentsCenter: Rect, contentsScale: Double
  ) -> Piece? {
    guard !isNineSliced(contentsCenter),
      let (dst, src, _) = placement(
        bounds: bounds, pixelWidth: pixelWidth, pixelHeight: pixelHeight, gravity: gravity,
        contentsRect: contentsRect, contentsScale: contentsScale)
    else { return nil }
    return Piece(destination: dst, source: src, outerEdges: .all)
  }

  /// Whether `contentsCenter` cuts the contents into nine pieces (the unit rectangle, and a
  /// negative size, do not).
  static func isNineSliced(_ center: Rect) -> Bool { !(center == .unit || center.width < 0 || center.height < 0) }

  /// Where the whole of `contentsRect` lands (points) and what it reads (texels), with the
  /// contents scale; nil when nothing is drawn.
  static func placement(
    bounds: Rect, pixelWidth: Int, pixelHeight: Int, gravity: ContentsGravity, contentsRect: Rect, contentsScale: Double
  ) -> (dst: Rect, src: Rect, scale: Double)? {
    let iw = Double(pixelWidth), ih = Double(pixelHeight)
    let src = Rect(
      x: contentsRect.origin.x * iw, y: contentsRect.origin.y * ih,
      width: contentsRect.width * iw, height: contentsRect.height * ih)
    let scale = contentsScale > 0 ? contentsScale : 1
    let pointSize = Size(width: abs(src.width) / scale, height: abs(src.height) / scale)
    let dst = destination(bounds: bounds, imageSize: pointSize, gravity: gravity)
    guard dst.width > 0, dst.height > 0, src.width != 0, src.height != 0 else { return nil }
    return (dst, src, scale)
  }

  private static func nineSlice(dst: Rect, src: Rect, scale: Double, center: Rect) -> [Piece] {
    // Nine-slice: the caps keep their size in points (scaled down together when the
    // destination is too small for both), the centre stretches.
    let c0 = min(max(center.minX, 0), 1), c1 = min(max(center.maxX, 0), 1)
    let r0 = min(max(center.minY, 0), 1), r1 = min(max(center.maxY, 0), 1)
    let sxs = [src.origin.x, src.origin.x + c0 * src.width, src.origin.x + c1 * src.width, src.origin.x + src.width]
    let sys = [src.origin.y, src.origin.y + r0 * src.height, src.origin.y + r1 * src.height, src.origin.y + src.height]
    func cuts(_ start: Double, _ length: Double, _ cap0: Double, _ cap1: Double) -> [Double] {
      let caps = cap0 + cap1
      let k = caps > length && caps > 0 ? length / caps : 1
      return [start, start + cap0 * k, start + length - cap1 * k, start + length]
    }
    let dxs = cuts(dst.minX, dst.width, abs(sxs[1] - sxs[0]) / scale, abs(sxs[3] - sxs[2]) / scale)
    let dys = cuts(dst.minY, dst.height, abs(sys[1] - sys[0]) / scale, abs(sys[3] - sys[2]) / scale)
    var out: [Piece] = []
    for j in 0..<3 {
      for i in 0..<3 {
        let d = Rect(x: dxs[i], y: dys[j], width: dxs[i + 1] - dxs[i], height: dys[j + 1] - dys[j])
        let s = Rect(x: sxs[i], y: sys[j], width: sxs[i + 1] - sxs[i], height: sys[j + 1] - sys[j])
        guard d.width > 0, d.height > 0, s.width != 0, s.height != 0 else { continue }
        var edges: EdgeAntialiasingMask = []
        if i == 0 { edges.insert(.layerLeftEdge) }
        if i == 2 { edges.insert(.layerRightEdge) }
        if j == 0 { edges.insert(.layerTopEdge) }
        if j == 2 { edges.insert(.layerBottomEdge) }
        out.append(Piece(destination: d, source: s, outerEdges: edges))
      }
    }
    return out
  }

  /// The affine map from a piece's destination (layer plane) to its source (texels).
  public static func texelMap(_ piece: Piece) -> AffineTransform {
    let d = piece.destination, s = piece.source
    let a = s.width / d.width, dd = s.height / d.height
    return AffineTransform(a: a, b: 0, c: 0, d: dd, tx: s.origin.x - d.origin.x * a, ty: s.origin.y - d.origin.y * dd)
  }
}

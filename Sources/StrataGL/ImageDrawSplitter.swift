import StrataPath
import Strata
import StrataRender

/// Turns one image draw into the textured instances the GPU can take: one for an image
/// within the texture limit, one per visible tile otherwise. An image over the limit that
/// is minified at least twofold everywhere is first replaced by a mipmap level (downscaled
/// on the CPU), which may then need no tiles at all.
struct ImageDrawSplitter {
  let limit: Int
  let canvas: PixelBounds

  struct Piece {
    var key: TextureStore.Key
    var image: Image
    var tiling: TextureTiling
    var rect: Rect
    var texelMap: InstanceData.TexelMap
    var softEdges: EdgeAntialiasingMask
  }

  /// The one piece of an image within the texture limit (no mipmap level, no tiles), or
  /// nil when `pieces` must split: the common case, without an array.
  func wholePiece(_ draw: Draw, _ paint: ImagePaint) -> Piece? {
    let image = paint.image
    guard image.width <= limit, image.height <= limit else { return nil }
    let mipmapped = paint.minificationFilter == .trilinear
    let tiling = TextureTiling(width: image.width, height: image.height, limit: limit, mipmapped: mipmapped)
    guard !tiling.isTiled else { return nil }
    let t = paint.texelMap
    return Piece(
      key: .init(image: image.id, level: 0, column: 0, row: 0, mipmapped: mipmapped), image: image, tiling: tiling,
      rect: draw.rect, texelMap: InstanceData.TexelMap(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty),
      softEdges: draw.edgeAntialiasing)
  }

  func pieces(_ draw: Draw, _ paint: ImagePaint) -> [Piece] {
    if let whole = wholePiece(draw, paint) { return [whole] }
    let full = paint.image
    let mipmapped = paint.minificationFilter == .trilinear
    var level = 0
    var image = full
    if full.width > limit || full.height > limit {
      let minified = minimumFootprint(draw, paint)
      if minified >= 2 {
        let maxLevel = full.mipmaps.count
        level = min(maxLevel, Int(saturating: log2(minified)))
        if level > 0 { image = full.mipmaps[level - 1] }
      }
    }
    let kx = Double(image.width) / Double(full.width), ky = Double(image.height) / Double(full.height)
    let t = paint.texelMap
    // Texel map into the (possibly downscaled) image.
    let map = InstanceData.TexelMap(a: t.a * kx, b: t.b * ky, c: t.c * kx, d: t.d * ky, tx: t.tx * kx, ty: t.ty * ky)
    let tiling = TextureTiling(width: image.width, height: image.height, limit: limit, mipmapped: mipmapped)
    if !tiling.isTiled {
      return [Piece(
        key: .init(image: full.id, level: level, column: 0, row: 0, mipmapped: mipmapped),
        image: image, tiling: tiling, rect: draw.rect, texelMap: map, softEdges: draw.edgeAntialiasing)]
    }
    // Contents maps are axis-aligned scales (ContentsLayout), so a tile's texels map back to
    // a rectangle of the layer plane.
    guard map.b == 0, map.c == 0, map.a != 0, map.d != 0 else { return [] }
    let r = draw.rect.standardized
    var out: [Piece] = []
    for row in 0..<tiling.rows {
      for col in 0..<tiling.columns {
        let tx = tiling.texels(col, row)
        // Layer-plane extent of the tile's texels, cut to the draw. The tiles at the
        // image's edges also take whatever of the draw lies beyond the image (a
        // `contentsRect` past the unit square): clamped to the edge there, as one texture
        // would be, since their border repeats the edge texels.
        let us = Self.extent(Double(tx.x0), Double(tx.x1), map.tx, map.a, r.minX, r.maxX,
                             first: col == 0, last: col == tiling.columns - 1)
        let vs = Self.extent(Double(tx.y0), Double(tx.y1), map.ty, map.d, r.minY, r.maxY,
                             first: row == 0, last: row == tiling.rows - 1)
        guard us.1 > us.0, vs.1 > vs.0 else { continue }
        let piece = Rect(x: us.0, y: vs.0, width: us.1 - us.0, height: vs.1 - vs.0)
        // Only tiles that can touch a pixel of the draw are uploaded.
        let poly = DevicePolygon.project(piece, draw.map.toDevice)
        guard poly.count >= 3, !DevicePolygon.pixelBounds(poly, pad: 1, canvas: canvas).intersection(draw.deviceBounds).isEmpty
        else { continue }
        var edges = draw.edgeAntialiasing
        if piece.minX > r.minX { edges.remove(.layerLeftEdge) }
        if piece.maxX < r.maxX { edges.remove(.layerRightEdge) }
        if piece.minY > r.minY { edges.remove(.layerTopEdge) }
        if piece.maxY < r.maxY { edges.remove(.layerBottomEdge) }
        let ox = Double(tx.x0 - tiling.border), oy = Double(tx.y0 - tiling.border)
        out.append(Piece(
          key: .init(image: full.id, level: level, column: col, row: row, mipmapped: mipmapped),
          image: image, tiling: tiling, rect: piece,
          texelMap: .init(a: map.a, b: 0, c: 0, d: map.d, tx: map.tx - ox, ty: map.ty - oy), softEdges: edges))
      }
    }
    return out
  }

  /// The layer-plane interval, within the draw's `[lo, hi]`, whose texel coordinate
  /// (`texel = scale·u + offset`) lies in `[t0, t1)`; extended to the draw's end beyond
  /// `t0` for the `first` tile and beyond `t1` for the `last`.
  static func extent(
    _ t0: Double, _ t1: Double, _ offset: Double, _ scale: Double, _ lo: Double, _ hi: Double, first: Bool, last: Bool
  ) -> (Double, Double) {
    // Where the texel coordinate is t0 and t1, and which end of the draw lies beyond each.
    let a = (t0 - offset) / scale, b = (t1 - offset) / scale
    let beforeA = scale > 0 ? lo : hi, beyondB = scale > 0 ? hi : lo
    let ea = first ? beforeA : a, eb = last ? beyondB : b
    return (max(min(ea, eb), lo), min(max(ea, eb), hi))
  }

  /// The smallest number of texels per device pixel over the draw's corners.
  func minimumFootprint(_ draw: Draw, _ paint: ImagePaint) -> Double {
    let inv = draw.map.fromDevice, t = paint.texelMap
    var least = Double.infinity
    for p in DevicePolygon.project(draw.rect, draw.map.toDevice) {
      guard let (u, v, w) = Projection.unproject(inv, x: p.x, y: p.y) else { continue }
      // The shorter axis of the footprint: minified at least this much along both.
      let axes = Sampling.footprint(t.a, t.b, t.c, t.d, Projection.derivatives(inv, u: u, v: v, w: w))
      least = min(least, axes.x, axes.y)
    }
    return least.isFinite ? least : 0
  }
}

#if canImport(Glibc)
  import Glibc
#endif

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

  func pieces(_ draw: Draw, _ paint: ImagePaint) -> [Piece] {
    let full = paint.image
    let mipmapped = paint.minificationFilter == .trilinear
    var level = 0
    var image = full
    if full.width > limit || full.height > limit {
      let minified = minimumFootprint(draw, paint)
      if minified >= 2 {
        let maxLevel = full.mipmaps.count
        level = min(maxLevel, Int(log2(minified)))
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
        // Layer-plane extent of the tile's texels, cut to the draw.
        let u0 = (Double(tx.x0) - map.tx) / map.a, u1 = (Double(tx.x1) - map.tx) / map.a
        let v0 = (Double(tx.y0) - map.ty) / map.d, v1 = (Double(tx.y1) - map.ty) / map.d
        let sub = Rect(x: min(u0, u1), y: min(v0, v1), width: abs(u1 - u0), height: abs(v1 - v0))
        guard let piece = sub.intersection(r) else { continue }
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

import Strata

/// `TiledLayer`'s compile step: the tiles the frame shows, at the level its scale on the
/// device picks (`TilePlan`), each an image draw of its rectangle in the layer plane,
/// from the frame's tile cache (`TileCache.current`). Tiles carry a one-texel border
/// from their neighbours and meet on hard edges, so tiles join without seams and linear
/// filtering across an edge equals that of one image. The layer's `contents` is not drawn
/// whole (`drawsContents`): it is the tile source when the layer has no other.
extension TiledLayer.Snapshot: LayerKindCompiling {
  public var drawsContents: Bool { false }

  public func compile(into context: inout LayerKindContext) {
    guard let source = source?.source, fade > 0, !context.bounds.isEmpty,
      let plan = plan(source: source, map: context.map, bounds: context.bounds, clipBounds: context.clipBounds)
    else { return }
    if let n = plan.tooManyTiles {
      context.refuse(
        "tiled layer \(context.label) needs \(n) tiles of level \(plan.level) for this frame; the limit is \(Limits.tilesPerFrame) (Limits.tilesPerFrame). Give the layer larger tiles (tileSize) or more levelsOfDetail (coarser levels for zoomed-out views)")
      return
    }
    let cache = TileCache.current
    let bytes = plan.needed.reduce(0) { sum, t in
      let r = source.tileRect(t)
      return sum + TileCache.entryBytes(width: r.width, height: r.height)
    }
    guard bytes <= cache.budget else {
      context.refuse(
        "tiled layer \(context.label) needs \(plan.needed.count) tiles of level \(plan.level) (\(RenderLimits.format(bytes))) at once for this frame; the tile budget is \(RenderLimits.format(cache.budget)) (TileCache.budget, strata render --tile-memory). Give the layer more levelsOfDetail (coarser levels for zoomed-out views), draw it smaller, or raise the budget")
      return
    }
    let tiles = cache.frameTiles(plan, source: source)
    if let e = tiles.errors.first(where: { $0.kind == .unusable || missingTiles == .error }) {
      let advice = e.kind == .missing ? "; \"missingTiles\": \"transparent\" leaves missing tiles out" : ""
      context.refuse("\(e.message) (\(e.tile) of tiled layer \(context.label)\(advice))")
      return
    }
    let cs = contentsScale > 0 ? contentsScale : 1
    let texel = Double(1 << plan.level) / cs
    let picture = Rect(x: 0, y: 0, width: Double(source.pixelWidth) / cs, height: Double(source.pixelHeight) / cs)
    guard let shown = context.bounds.intersection(picture) else { return }
    // Tiles meet on hard edges, which every tile must decide by the same rule. A backend
    // may rasterise plain hard-edged rectangles its own way (the GPU's fast path) and
    // anti-aliased or perspective ones by the exact rule at pixel centres; mixing the two
    // along one edge can leave a pixel drawn twice or not at all. So when some tile needs
    // the exact rule (anti-aliased outer edges, perspective), every tile is a polygon draw,
    // whose hard edges all backends decide at pixel centres (`ConvexPolygon`).
    let exactEdges = !context.edges.isEmpty || !context.map.toDevice.isAffine
    for t in plan.drawn {
      guard let image = tiles.images[t] else { continue }  // missing, left transparent
      let r = source.tileRect(t)
      // Whole texels times one factor: neighbours share their edge coordinates exactly.
      let rect = Rect(x: Double(r.x) * texel, y: Double(r.y) * texel, width: Double(r.width) * texel, height: Double(r.height) * texel)
      guard let piece = rect.intersection(shown) else { continue }
      var outer: EdgeAntialiasingMask = []
      if piece.minX == shown.minX { outer.insert(.layerLeftEdge) }
      if piece.maxX == shown.maxX { outer.insert(.layerRightEdge) }
      if piece.minY == shown.minY { outer.insert(.layerTopEdge) }
      if piece.maxY == shown.maxY { outer.insert(.layerBottomEdge) }
      // Layer point → texel of the bordered image: the tile's texel (0, 0) is at (1, 1).
      let map = AffineTransform(a: 1 / texel, b: 0, c: 0, d: 1 / texel, tx: 1 - Double(r.x), ty: 1 - Double(r.y))
      let paint = ImagePaint(
        image: image, texelMap: map, minificationFilter: minificationFilter, magnificationFilter: magnificationFilter,
        minificationFilterBias: minificationFilterBias)
      let part = "tile \(t.level)/\(t.column)/\(t.row)"
      let soft = context.edges.intersection(outer)
      if exactEdges, let polygon = Self.polygon(piece, soft: soft) {
        // The rectangle only bounds the draw, grown so that the quad a backend rasterises
        // surely reaches every pixel whose centre the polygon's edges give this tile.
        let rect = Draw.grown(piece, context.map, pixels: soft.isEmpty ? 1 : 2)
        context.fill(rect, paint: .image(paint), part: part, opacity: fade, edges: [], polygon: polygon)
      } else {
        context.fill(piece, paint: .image(paint), part: part, opacity: fade, edges: soft)
      }
    }
  }

  /// `rect` as a convex polygon whose edges in `soft` are anti-aliased (top is min y):
  /// hard polygon edges are decided at pixel centres by one rule on every backend.
  static func polygon(_ rect: Rect, soft: EdgeAntialiasingMask) -> ConvexPolygon? {
    ConvexPolygon(
      [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)],
      softEdges: [soft.contains(.layerTopEdge), soft.contains(.layerRightEdge), soft.contains(.layerBottomEdge), soft.contains(.layerLeftEdge)])
  }
}

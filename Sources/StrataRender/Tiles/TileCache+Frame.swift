import Dispatch
import Strata
import StrataSync

/// One frame's tiles: found in the cache, or decoded (on every core) and bordered.
extension TileCache {
  /// The tiles a frame draws, with their borders, and what went wrong.
  struct FrameTiles {
    /// The bordered image of each drawn tile that exists.
    var images: [TileIndex: Image] = [:]
    /// Tiles the source could not give, in reading order.
    var errors: [TileError] = []
  }

  /// Finds or decodes `plan.needed` from `source`, then borders the drawn tiles whose
  /// cached border lacks a neighbour the frame needs, and keeps every new tile.
  ///
  /// The result depends only on the plan and the source: a cached tile is used only when
  /// its border has what the frame reads (`BorderSources.serves`).
  ///
  /// - Complexity: O(texels of the tiles decoded or re-bordered) plus O(tiles needed).
  func frameTiles(_ plan: TilePlan, source: any TileSource) -> FrameTiles {
    let id = source.identity
    var texels: [TileIndex: TileTexels] = [:]
    var cached: [TileIndex: Entry] = [:]
    var misses: [TileIndex] = []
    cache.withLock { c in
      for t in plan.needed {
        if let e = c.value(for: Key(source: id, tile: t)) {
          cached[t] = e
          texels[t] = TileTexels(e)
        } else {
          misses.append(t)
        }
      }
    }
    var out = FrameTiles()
    var missing = Set<TileIndex>()
    var fresh = Set<TileIndex>()
    for (t, r) in zip(misses, Self.decode(misses, from: source)) {
      switch r {
      case .success(let image):
        texels[t] = TileTexels(fresh: image)
        fresh.insert(t)
      case .failure(let e):
        if e.kind == .missing { missing.insert(t) }
        out.errors.append(e)
      }
    }
    countDecodes(fresh.count)
    let drawn = Set(plan.drawn)
    var inserts: [(Key, Entry)] = []
    for t in plan.needed {
      guard let own = texels[t] else { continue }
      let isDrawn = drawn.contains(t)
      let wanted = Self.borderSources(of: t, source: source, texels: texels, missing: missing)
      if let e = cached[t], !isDrawn || e.neighbours.serves(wanted) {
        if isDrawn { out.images[t] = e.image }
        continue
      }
      let e = Self.bordered(t, own: own, source: source, texels: texels, missing: missing, sources: wanted)
      inserts.append((Key(source: id, tile: t), e))
      if isDrawn { out.images[t] = e.image }
    }
    if !inserts.isEmpty {
      cache.withLock { c in
        for (k, e) in inserts { c.insert(e, bytes: e.image.width * e.image.height * 4, for: k) }
      }
    }
    return out
  }

  /// Each tile from `source`, in order, decoded on every core when there are several; a
  /// tile of the wrong size is an `.unusable` error.
  static func decode(_ tiles: [TileIndex], from source: any TileSource) -> [Result<Image, TileError>] {
    guard !tiles.isEmpty else { return [] }
    if tiles.count == 1 { return [decodeOne(tiles[0], from: source)] }
    let results = Locked([Result<Image, TileError>?](repeating: nil, count: tiles.count))
    DispatchQueue.concurrentPerform(iterations: tiles.count) { i in
      let r = decodeOne(tiles[i], from: source)
      results.withLock { $0[i] = r }
    }
    return results.withLock { $0.map { $0! } }
  }

  private static func decodeOne(_ t: TileIndex, from source: any TileSource) -> Result<Image, TileError> {
    let r = Result { () throws(TileError) in try source.tile(t) }
    guard case .success(let image) = r else { return r }
    let want = source.tileRect(t)
    guard image.width == want.width, image.height == want.height else {
      return .failure(
        TileError(
          .unusable, tile: t,
          "the tile source \(source.identity) gave \(image.width)x\(image.height) pixels for \(t), which is \(want.width)x\(want.height)"))
    }
    return r
  }
}

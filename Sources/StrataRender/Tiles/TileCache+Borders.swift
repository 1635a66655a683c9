import Strata

/// Where the texels of a tile's one-texel border come from, one state per neighbour
/// direction (left, right, above, below and the four corners).
///
/// A border texel stands for the texel the whole level has there, its coordinates clamped
/// to the level (as `GL_CLAMP_TO_EDGE` clamps one image): another tile's when that tile was
/// decoded, transparent when it is missing (a hole), the tile's own at the level's edge.
/// When the neighbour was not needed the tile's own edge texel stands in; linear filtering
/// of the frame's visible pixels never reads it (the plan decodes every neighbour within a
/// texel of them), so a cached tile built with more neighbours than a frame needs serves
/// that frame too.
struct BorderSources: Hashable, Sendable {
  enum State: UInt8, Sendable {
    /// Not decoded for this frame: the tile's own edge texel stands in.
    case unknown = 0
    /// The neighbour's texels.
    case neighbour = 1
    /// A missing neighbour: transparent texels.
    case missing = 2
    /// The level's edge: the tile's own texels (clamped).
    case edge = 3
  }

  /// The directions, in the order of `states`.
  static let directions: [(dx: Int, dy: Int)] = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)]

  var states: [State]

  /// Whether a tile bordered with `self` serves a frame that wants `wanted`: every
  /// direction the frame needs has the state it wants.
  func serves(_ wanted: BorderSources) -> Bool {
    zip(states, wanted.states).allSatisfy { have, want in want == .unknown || have == want }
  }
}

/// A decoded tile's texels: a fresh one (`offset` 0) or a cached tile's inside its border
/// (`offset` 1).
struct TileTexels {
  let image: Image
  let offset: Int
  let width: Int
  let height: Int

  init(fresh image: Image) { (self.image, offset, width, height) = (image, 0, image.width, image.height) }
  init(_ entry: TileCache.Entry) { (image, offset, width, height) = (entry.image, 1, entry.width, entry.height) }

  /// The texel at (x, y) of the tile.
  func texel(_ x: Int, _ y: Int) -> SIMD4<UInt8> { image.rgbaPixels[(y + offset) * image.width + x + offset] }
}

extension TileCache {
  /// The tile owning each border direction of `tile`, and their states this frame.
  static func borderSources(
    of tile: TileIndex, source: any TileSource, texels: [TileIndex: TileTexels], missing: Set<TileIndex>
  ) -> BorderSources {
    let cols = source.columns(tile.level), rows = source.rows(tile.level)
    return BorderSources(
      states: BorderSources.directions.map { d in
        let owner = TileIndex(
          level: tile.level, column: min(max(tile.column + d.dx, 0), cols - 1), row: min(max(tile.row + d.dy, 0), rows - 1))
        if owner == tile { return .edge }
        if texels[owner] != nil { return .neighbour }
        return missing.contains(owner) ? .missing : .unknown
      })
  }

  /// `tile` with its border: `(width + 2) x (height + 2)` texels, each the level's texel
  /// at that place clamped to the level (see `BorderSources`).
  ///
  /// - Complexity: O(tile texels); only the border's texels look up neighbours.
  static func bordered(
    _ tile: TileIndex, own: TileTexels, source: any TileSource, texels: [TileIndex: TileTexels], missing: Set<TileIndex>,
    sources: BorderSources
  ) -> Entry {
    let w = own.width, h = own.height, bw = w + 2
    let origin = source.tileRect(tile)
    let lw = source.levelWidth(tile.level), lh = source.levelHeight(tile.level)
    let tw = source.tileWidth, th = source.tileHeight
    var out = [SIMD4<UInt8>](repeating: .zero, count: bw * (h + 2))
    for y in 0..<h {
      for x in 0..<w { out[(y + 1) * bw + x + 1] = own.texel(x, y) }
    }
    func border(_ bx: Int, _ by: Int) -> SIMD4<UInt8> {
      let gx = min(max(origin.x + bx - 1, 0), lw - 1), gy = min(max(origin.y + by - 1, 0), lh - 1)
      let owner = TileIndex(level: tile.level, column: gx / tw, row: gy / th)
      if owner == tile { return own.texel(gx - origin.x, gy - origin.y) }
      if let n = texels[owner] { return n.texel(gx - owner.column * tw, gy - owner.row * th) }
      if missing.contains(owner) { return .zero }
      return own.texel(min(max(bx - 1, 0), w - 1), min(max(by - 1, 0), h - 1))
    }
    for bx in 0..<bw {
      out[bx] = border(bx, 0)
      out[(h + 1) * bw + bx] = border(bx, h + 1)
    }
    for by in 1...h {
      out[by * bw] = border(0, by)
      out[by * bw + w + 1] = border(w + 1, by)
    }
    return Entry(image: Image(width: bw, height: h + 2, rgbaPixels: out), width: w, height: h, neighbours: sources)
  }
}

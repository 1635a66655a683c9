import Strata
import StrataPNG

/// `TiledLayer`'s scene-file section (`"type": "tiled"`): Core Animation's `tileSize`,
/// `levelsOfDetail`, `levelsOfDetailBias` and `fadeDuration`, `missingTiles`, and the
/// pyramid of PNG files the tiles come from (`tiles`, `tilesSize`, `tilesLevels`), or
/// else `contents`. What can be checked without rendering is checked here, so that a
/// mistake fails at load with its JSON path: the pattern's placeholders, the sizes, and
/// that the coarsest level's first tile exists and is a PNG of the right size.
extension TiledLayer: SceneLayerKind {
  static var sceneKeys: [String] {
    ["tileSize", "levelsOfDetail", "levelsOfDetailBias", "fadeDuration", "missingTiles", "tiles", "tilesSize", "tilesLevels"]
  }

  func configure(from m: [String: Field], in builder: SceneBuilder) throws(SceneError) {
    if let f = m["tileSize"] {
      let v = try f.numbers(2...2, "[width, height] in pixels") { f throws(SceneError) in try f.wholeNumber(in: 1...65536) }
      tileSize = Size(width: v[0], height: v[1])
    }
    if let f = m["levelsOfDetail"] { levelsOfDetail = Int(try f.wholeNumber(in: 1...Double(maximumTileLevels))) }
    if let f = m["levelsOfDetailBias"] {
      levelsOfDetailBias = Int(try f.wholeNumber(in: -Double(maximumTileLevels)...Double(maximumTileLevels)))
    }
    if let f = m["fadeDuration"] { fadeDuration = try f.nonNegative() }
    if let f = m["missingTiles"] { missingTiles = try f.name(TiledLayerMissingTiles.self) }
    guard let f = m["tiles"] else {
      for key in ["tilesSize", "tilesLevels"] {
        if let other = m[key] { throw other.error("\"\(key)\" describes the pyramid \"tiles\" names; give \"tiles\" too") }
      }
      return
    }
    if let c = m["contents"], !c.isNull { throw f.error("give either \"contents\" or \"tiles\" as the tiles' source, not both") }
    tileSource = try builder.tilePyramid(f, size: m["tilesSize"], levels: m["tilesLevels"], tileSize: tileSize)
  }
}

extension SceneBuilder {
  /// The PNG pyramid `field` names, with its size and levels, checked: the coarsest level's
  /// first tile is read now.
  func tilePyramid(_ field: Field, size: Field?, levels: Field?, tileSize: Size) throws(SceneError) -> PNGTileSource {
    let text = try field.string()
    let pattern: TilePattern
    do throws(TilePatternError) { pattern = try TilePattern(text) } catch { throw field.error(error.message) }
    guard let size else {
      throw field.error("a tile pyramid needs \"tilesSize\": [width, height], the size of level 0 (full resolution) in pixels")
    }
    let v = try size.numbers(2...2, "[width, height] in pixels") { f throws(SceneError) in try f.wholeNumber(in: 1...1e12) }
    let (w, h) = (Int(v[0]), Int(v[1]))
    let (tw, th) = (Int(tileSize.width), Int(tileSize.height))
    let full = TileGrid.fullLevelCount(width: w, height: h, tileWidth: tw, tileHeight: th)
    var count = full
    if let levels {
      count = Int(try levels.wholeNumber(in: 1...Double(maximumTileLevels)))
      guard count <= full else {
        throw levels.error(
          "a \(w) x \(h) pyramid in \(tw) x \(th) tiles has at most \(full) levels (level \(full - 1) is one tile), got \(count)")
      }
    }
    func pyramid(context: String) -> PNGTileSource {
      PNGTileSource(
        pattern: pattern, baseDirectory: baseDirectory, pixelWidth: w, pixelHeight: h, tileWidth: tw, tileHeight: th,
        levelCount: count, context: context)
    }
    // Checked with a source whose messages start at the file: the error names the field.
    let coarsest = TileIndex(level: count - 1, column: 0, row: 0)
    do throws(TileError) {
      _ = try pyramid(context: "").tile(coarsest)
    } catch {
      let levelsKey = levels == nil ? "\"tilesLevels\" (the levels on disk, from 0) is \(count) by default" : "\"tilesLevels\" is \(count)"
      throw field.error("\(Excerpt.bounded(error.message)) (the first tile of the coarsest level, \(count - 1); \(levelsKey))")
    }
    let source = pyramid(context: "\(file): \(field.path)")
    tilePyramids.append(source)
    return source
  }
}

extension Field {
  /// A whole number in `range`.
  func wholeNumber(in range: ClosedRange<Double>) throws(SceneError) -> Double {
    let v = try number(in: range)
    guard v == v.rounded() else { throw error("expected a whole number, got \(Self.format(v))") }
    return v
  }
}

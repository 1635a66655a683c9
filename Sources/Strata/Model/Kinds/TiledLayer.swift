/// What a `TiledLayer` does with a tile its source does not have.
public enum TiledLayerMissingTiles: String, CaseIterable, Sendable {
  /// The frame is refused with an error that names the tile (its file, for a PNG pyramid).
  case error
  /// The tile is left out: what lies below shows through.
  case transparent
}

/// A layer that draws a picture too large to hold at once, tile by tile (`CATiledLayer`):
/// each frame draws only the tiles it shows, at the level of detail its scale on the
/// device needs, so a 100000 x 100000 pixel map costs what the screen shows.
///
/// The pixels come from a `TileSource`: a pyramid of PNG files (`PNGTileSource`), or
/// `contents`, an image that may be larger than any texture, cut into `tileSize` tiles and
/// halved for the coarser levels (`ImageTileSource`). Level 0 of the source has
/// `contentsScale` pixels per point, and its pixel (0, 0) is at the layer's point (0, 0);
/// the picture is drawn inside the bounds only.
///
/// Levels of detail, as in Core Animation: the layer can draw at the scales
/// `contentsScale · 2^b` for `b` in `levelsOfDetailBias − levelsOfDetail + 1 ...
/// levelsOfDetailBias`, and a frame picks the smallest of them at or above the layer's
/// scale on the device (clamped to the ends of that range). Scale `contentsScale · 2^b`
/// is the source's level `−b`; a level finer than 0 draws level 0 magnified, one coarser
/// than the source's coarsest draws its coarsest (README, "Rendering semantics").
///
/// Unlike Core Animation, tiles are drawn synchronously, so a frame is complete and the
/// same every time; they fade in only when `fadeDuration` asks for it.
public final class TiledLayer: Layer {
  /// The size in pixels of the tiles cut from `contents`, `(256, 256)` as in Core
  /// Animation. A `tileSource` has its own (a PNG pyramid's files).
  public var tileSize = Size(width: 256, height: 256)
  /// How many levels of detail the layer may draw at, 1 (full resolution only) by default.
  public var levelsOfDetail = 1
  /// How many of them are magnified (finer than `contentsScale`), 0 by default.
  public var levelsOfDetailBias = 0
  /// Seconds over which the tiles fade in from the layer's local time 0 (its `beginTime`);
  /// 0 (the default) draws them at once. Core Animation fades tiles in over its class's
  /// `fadeDuration` (0.25 s) as they arrive from background threads; Strata's arrive with
  /// the frame, so there is nothing to fade unless asked.
  public var fadeDuration: Double = 0
  /// Where the tiles come from; nil takes them from `contents`. `contents` is never drawn
  /// whole on a tiled layer.
  public var tileSource: (any TileSource)? = nil
  /// Whether a missing tile stops the frame (the default) or is left transparent.
  public var missingTiles: TiledLayerMissingTiles = .error

  public override class var typeName: String { "tiled" }

  public override class var copiedPropertyNames: Set<String> {
    ["tileSize", "levelsOfDetail", "levelsOfDetailBias", "fadeDuration", "tileSource", "missingTiles"]
  }
  public override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? TiledLayer else { return }
    (tileSize, levelsOfDetail, levelsOfDetailBias, fadeDuration) = (l.tileSize, l.levelsOfDetail, l.levelsOfDetailBias, l.fadeDuration)
    (tileSource, missingTiles) = (l.tileSource, l.missingTiles)
  }

  /// The source a frame draws from: `tileSource`, else `contents` in `tileSize` tiles.
  public var effectiveTileSource: (any TileSource)? {
    if let tileSource { return tileSource }
    guard let image = contents else { return nil }
    let w = Self.tileDimension(tileSize.width), h = Self.tileDimension(tileSize.height)
    return ImageTileSource(image, tileWidth: w, tileHeight: h)
  }

  /// A tile side in whole pixels, at least 1 (a `tileSize` of 0 or less would tile nothing).
  static func tileDimension(_ v: Double) -> Int { v.isFinite ? Int(min(max(v.rounded(), 1), 1_048_576)) : 256 }

  /// The tiled layer at one instant, as its compile step draws it.
  public struct Snapshot: LayerKindSnapshot {
    public var source: TileSourceReference?
    public var levelsOfDetail: Int
    public var levelsOfDetailBias: Int
    /// Level 0's pixels per point.
    public var contentsScale: Double
    public var missingTiles: TiledLayerMissingTiles
    /// What the fade-in lets through at this instant: 1 when done (or not asked for).
    public var fade: Double
    public var minificationFilter: ContentsFilter
    public var magnificationFilter: ContentsFilter
    public var minificationFilterBias: Double

    public init(
      source: TileSourceReference?, levelsOfDetail: Int, levelsOfDetailBias: Int, contentsScale: Double,
      missingTiles: TiledLayerMissingTiles, fade: Double, minificationFilter: ContentsFilter,
      magnificationFilter: ContentsFilter, minificationFilterBias: Double
    ) {
      (self.source, self.levelsOfDetail, self.levelsOfDetailBias, self.contentsScale) = (source, levelsOfDetail, levelsOfDetailBias, contentsScale)
      (self.missingTiles, self.fade, self.minificationFilter) = (missingTiles, fade, minificationFilter)
      (self.magnificationFilter, self.minificationFilterBias) = (magnificationFilter, minificationFilterBias)
    }
  }

  public override func kindSnapshot() -> (any LayerKindSnapshot)? {
    var fade = 1.0
    if fadeDuration > 0, let t = animationState.localTime { fade = min(max(t / fadeDuration, 0), 1) }
    return Snapshot(
      source: effectiveTileSource.map(TileSourceReference.init), levelsOfDetail: levelsOfDetail,
      levelsOfDetailBias: levelsOfDetailBias, contentsScale: contentsScale, missingTiles: missingTiles, fade: fade,
      minificationFilter: minificationFilter, magnificationFilter: magnificationFilter,
      minificationFilterBias: minificationFilterBias)
  }
}

/// A tile source in a snapshot: equal and hashed by its `identity`, so that snapshots (and
/// the caches keyed on them) tell sources apart by the pixels they stand for.
public struct TileSourceReference: Hashable, Sendable {
  public let source: any TileSource

  public init(_ source: any TileSource) { self.source = source }

  public static func == (a: Self, b: Self) -> Bool { a.source.identity == b.source.identity }
  public func hash(into h: inout Hasher) { h.combine(source.identity) }
}

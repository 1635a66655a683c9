/// One tile of a tile pyramid: its level (0 is full resolution; each further level is half
/// the size of the one before, rounded up) and its column and row at that level, from the
/// top-left corner.
public struct TileIndex: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var level: Int
  public var column: Int
  public var row: Int

  public init(level: Int, column: Int, row: Int) {
    self.level = level; self.column = column; self.row = row
  }

  /// Level by level, then row by row, then column by column (reading order).
  public static func < (a: TileIndex, b: TileIndex) -> Bool {
    (a.level, a.row, a.column) < (b.level, b.row, b.column)
  }

  public var description: String { "level \(level) column \(column) row \(row)" }
}

/// A tile a source could not give. The message names the tile the way its source knows it
/// (a PNG pyramid's file, relative to the scene file, after where the scene names the
/// pyramid), so that a render error leads the user to it.
public struct TileError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The tile does not exist (no such file). `TiledLayer.missingTiles` decides whether
    /// that stops the frame or leaves the tile transparent.
    case missing
    /// The tile exists but cannot be used (a corrupt PNG, a wrong size): always an error.
    case unusable
  }

  public var kind: Kind
  public var tile: TileIndex
  /// What is wrong, naming the tile: `scene.json: layers[0].tiles: tiles/3/2_5.png: file not found`.
  public var message: String

  public init(_ kind: Kind, tile: TileIndex, _ message: String) {
    self.kind = kind; self.tile = tile; self.message = message
  }

  public var description: String { message }
}

/// Where a `TiledLayer`'s pixels come from: a pyramid of tiles that the render-list
/// compiler asks for one at a time, only those a frame shows, at the level of detail it
/// needs (`TiledLayer`).
///
/// Level 0 is `pixelWidth` x `pixelHeight` pixels; level L is `ceil(pixelWidth / 2^L)` x
/// `ceil(pixelHeight / 2^L)`, each of its pixels standing for a 2^L x 2^L block of level 0
/// (cut at the right and bottom edges). Every level is cut into tiles of `tileWidth` x
/// `tileHeight` pixels from its top-left corner; the last column and row are narrower where
/// the level is not a whole number of tiles. `levelCount` levels exist, 0 ..< levelCount:
/// a source may stop before the level of one tile (`fullLevelCount`); coarser levels are
/// then drawn from its coarsest.
///
/// A source is a value that renders may call from several threads at once. It need not
/// cache: the compiler keeps decoded tiles in a byte-bounded cache (`TileCache`), keyed by
/// `identity`.
public protocol TileSource: Sendable {
  /// Names the pixels: two sources with the same identity give the same tiles (a PNG
  /// pyramid's pattern and size; an image's `Image.id`). Caches key on it.
  var identity: String { get }
  /// The size of level 0 in pixels, at least 1 each.
  var pixelWidth: Int { get }
  var pixelHeight: Int { get }
  /// The size of a whole tile in pixels, at least 1 each, the same at every level.
  var tileWidth: Int { get }
  var tileHeight: Int { get }
  /// How many levels exist, from 0 (at least 1).
  var levelCount: Int { get }
  /// The tile's premultiplied pixels, exactly `tileRect(index)`'s size. Throws `.missing`
  /// when the tile does not exist and `.unusable` when it cannot be read. Only called with
  /// an index inside the pyramid (`contains`).
  func tile(_ index: TileIndex) throws(TileError) -> Image
}

/// The most levels a pyramid may have: 2^47 pixels across is beyond any image.
public let maximumTileLevels = 48

extension TileSource {
  /// The width in pixels of `level`: `ceil(pixelWidth / 2^level)`, at least 1.
  public func levelWidth(_ level: Int) -> Int { TileGrid.halved(pixelWidth, level) }
  /// The height in pixels of `level`.
  public func levelHeight(_ level: Int) -> Int { TileGrid.halved(pixelHeight, level) }
  /// The number of tile columns of `level`.
  public func columns(_ level: Int) -> Int { TileGrid.tiles(levelWidth(level), tileWidth) }
  /// The number of tile rows of `level`.
  public func rows(_ level: Int) -> Int { TileGrid.tiles(levelHeight(level), tileHeight) }

  /// Whether `index` is a tile of a level this source has.
  public func contains(_ index: TileIndex) -> Bool {
    index.level >= 0 && index.level < levelCount && index.column >= 0 && index.column < columns(index.level)
      && index.row >= 0 && index.row < rows(index.level)
  }

  /// The pixels of `index`'s level that the tile holds: its origin and size.
  public func tileRect(_ index: TileIndex) -> (x: Int, y: Int, width: Int, height: Int) {
    let x = index.column * tileWidth, y = index.row * tileHeight
    return (x, y, min(tileWidth, levelWidth(index.level) - x), min(tileHeight, levelHeight(index.level) - y))
  }
}

/// The arithmetic of tile pyramids (see `TileSource`).
public enum TileGrid {
  /// `ceil(n / 2^level)`, at least 1.
  public static func halved(_ n: Int, _ level: Int) -> Int {
    precondition(level >= 0 && level < maximumTileLevels, "a tile level must be in 0..<\(maximumTileLevels), got \(level)")
    return max(1, (n + (1 << level) - 1) >> level)
  }

  /// The number of tiles of `size` pixels needed to cover `n` pixels.
  public static func tiles(_ n: Int, _ size: Int) -> Int { (n + size - 1) / size }

  /// The number of levels of a full pyramid: from level 0 down to the first level that is
  /// one tile.
  public static func fullLevelCount(width: Int, height: Int, tileWidth: Int, tileHeight: Int) -> Int {
    var level = 0
    while level + 1 < maximumTileLevels && (halved(width, level) > tileWidth || halved(height, level) > tileHeight) {
      level += 1
    }
    return level + 1
  }
}

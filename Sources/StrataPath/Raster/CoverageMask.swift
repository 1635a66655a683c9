/// A path's anti-aliased coverage in device pixels: one byte per pixel (0 outside, 255
/// inside), placed at a whole-pixel offset, so that a renderer composites it without
/// filtering (the GPU samples it with `texelFetch`) and both backends use the same bytes.
///
/// The mask is also divided into square tiles of `tileSize` pixels, each marked empty, full
/// or partial, so that a large mask need not be uploaded or blended where it is uniform.
public struct CoverageMask: Hashable, Sendable {
  /// The side of a tile, in pixels (the last row and column of tiles may be smaller).
  public static let tileSize = 64

  public enum TileState: UInt8, Hashable, Sendable {
    /// Every pixel of the tile is 0.
    case empty
    /// Every pixel of the tile is 255.
    case full
    /// Anything else.
    case partial
  }

  /// Where the mask lies, in device pixels.
  public private(set) var bounds: PixelRect
  /// Row-major coverage, `bounds.width` bytes per row.
  public let coverage: [UInt8]
  /// Row-major tile states, `tilesAcross` per row.
  public let tiles: [TileState]

  init(bounds: PixelRect, coverage: [UInt8], tiles: [TileState]) {
    precondition(coverage.count == bounds.area, "a coverage mask needs one byte per pixel")
    self.bounds = bounds
    self.coverage = coverage
    self.tiles = tiles
  }

  /// A mask with no pixels at `origin`.
  static func empty(at rect: PixelRect) -> CoverageMask {
    CoverageMask(bounds: PixelRect(x: rect.x, y: rect.y, width: 0, height: 0), coverage: [], tiles: [])
  }

  public var width: Int { bounds.width }
  public var height: Int { bounds.height }
  public var tilesAcross: Int { (bounds.width + Self.tileSize - 1) / Self.tileSize }
  public var tilesDown: Int { (bounds.height + Self.tileSize - 1) / Self.tileSize }

  /// Whether no pixel has any coverage.
  public var isEmpty: Bool { tiles.allSatisfy { $0 == .empty } }

  /// The coverage of device pixel `(x, y)`; 0 outside the mask.
  public subscript(x: Int, y: Int) -> UInt8 {
    guard bounds.contains(x: x, y: y) else { return 0 }
    return coverage[(y - bounds.y) * bounds.width + (x - bounds.x)]
  }

  public func tileState(column: Int, row: Int) -> TileState { tiles[row * tilesAcross + column] }

  /// The device pixels of a tile.
  public func tileBounds(column: Int, row: Int) -> PixelRect {
    let x = column * Self.tileSize, y = row * Self.tileSize
    return PixelRect(
      x: bounds.x + x, y: bounds.y + y, width: min(Self.tileSize, bounds.width - x),
      height: min(Self.tileSize, bounds.height - y))
  }

  /// The same mask moved by whole pixels (sharing its bytes): what a layer that only moved
  /// needs, without rasterising again.
  public func translated(by offset: PixelOffset) -> CoverageMask {
    var m = self
    m.bounds = bounds.offsetBy(dx: offset.dx, dy: offset.dy)
    return m
  }
}

import Strata

/// A tile pyramid of PNG files, one per tile, named by a pattern: `tiles/{level}/{col}_{row}.png`.
///
/// Level 0 is full resolution, `pixelWidth` x `pixelHeight`; each further level is half
/// the size of the one before, rounded up (`TileSource`). Tiles are `tileWidth` x
/// `tileHeight` pixels, except in the last column and row, which hold what is left of the
/// level; their files may also be whole tiles padded at the right and bottom (as some
/// generators write them), which are cut to size. `levelCount` levels exist on disk,
/// 0 ..< levelCount (by default all of them, down to the level of one tile).
///
/// A file is read only when the compiler asks for its tile, so a frame of a 100000 x
/// 100000 pyramid opens only the files it shows. A file that does not exist is a `.missing`
/// tile; one that cannot be decoded, or has another size, is `.unusable`. Messages name the
/// file as the pattern writes it, after `context` (where the pattern was given: a scene
/// file and JSON path).
public struct PNGTileSource: TileSource {
  public let pattern: TilePattern
  /// Where a relative pattern starts ("" for the current directory).
  public let baseDirectory: String
  public let pixelWidth: Int
  public let pixelHeight: Int
  public let tileWidth: Int
  public let tileHeight: Int
  public let levelCount: Int
  /// What messages start with: `scene.json: layers[0].tiles`, or "".
  public let context: String

  /// A pyramid named by `pattern`.
  ///
  /// - Parameters:
  ///   - levelCount: how many levels exist on disk, from 0; nil for the full pyramid.
  ///     Coarser levels are drawn from the coarsest (`TiledLayer`).
  public init(
    pattern: TilePattern, baseDirectory: String = "", pixelWidth: Int, pixelHeight: Int, tileWidth: Int = 256,
    tileHeight: Int = 256, levelCount: Int? = nil, context: String = ""
  ) {
    precondition(pixelWidth > 0 && pixelHeight > 0, "a tile pyramid needs a positive size")
    precondition(tileWidth > 0 && tileHeight > 0, "a tile pyramid needs a positive tile size")
    let full = TileGrid.fullLevelCount(width: pixelWidth, height: pixelHeight, tileWidth: tileWidth, tileHeight: tileHeight)
    precondition(levelCount.map { $0 >= 1 && $0 <= full } ?? true, "a pyramid of \(pixelWidth)x\(pixelHeight) has 1...\(full) levels")
    (self.pattern, self.baseDirectory, self.pixelWidth, self.pixelHeight) = (pattern, baseDirectory, pixelWidth, pixelHeight)
    (self.tileWidth, self.tileHeight, self.levelCount, self.context) = (tileWidth, tileHeight, levelCount ?? full, context)
  }

  public var identity: String {
    "png \(path(of: pattern.text)) \(pixelWidth)x\(pixelHeight) in \(tileWidth)x\(tileHeight) tiles, \(levelCount) levels"
  }

  /// The file of `index`, as the pattern names it (relative to `baseDirectory`).
  public func name(of index: TileIndex) -> String { pattern.name(for: index) }

  /// The path the file of `index` is opened at.
  public func path(of index: TileIndex) -> String { path(of: name(of: index)) }

  private func path(of name: String) -> String {
    name.hasPrefix("/") || baseDirectory.isEmpty ? name : baseDirectory + "/" + name
  }

  public func tile(_ index: TileIndex) throws(TileError) -> Image {
    let want = tileRect(index)
    let name = name(of: index)
    let prefix = context.isEmpty ? "" : context + ": "
    let image: Image
    do {
      // A tile larger than a padded whole tile is refused before its pixels are allocated.
      image = try PNG.read(path: path(of: index), pixelBudget: max(tileWidth * tileHeight, 1))
    } catch {
      let kind: TileError.Kind = error.reason == "file not found" ? .missing : .unusable
      throw TileError(kind, tile: index, "\(prefix)\(name): \(error.reason)")
    }
    if image.width == want.width && image.height == want.height { return image }
    // A whole tile padded at the level's right or bottom edge: cut to the level.
    let padded = (image.width == want.width || (image.width == tileWidth && want.width < tileWidth))
      && (image.height == want.height || (image.height == tileHeight && want.height < tileHeight))
    guard padded else {
      throw TileError(
        .unusable, tile: index,
        "\(prefix)\(name): the tile is \(image.width)x\(image.height) pixels; \(index) of a \(pixelWidth)x\(pixelHeight) pyramid in \(tileWidth)x\(tileHeight) tiles is \(want.width)x\(want.height)")
    }
    var out = [SIMD4<UInt8>](repeating: .zero, count: want.width * want.height)
    let src = image.rgbaPixels
    for y in 0..<want.height {
      for x in 0..<want.width { out[y * want.width + x] = src[y * image.width + x] }
    }
    return Image(width: want.width, height: want.height, rgbaPixels: out)
  }
}

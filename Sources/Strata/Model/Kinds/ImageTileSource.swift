/// Tiles cut from one image in memory: a `TiledLayer`'s `contents`, which may be larger
/// than any texture. Level 0 is the image; a pixel of level L is the mean of the 2^L x 2^L
/// block of image pixels it stands for (the blocks at the right and bottom edges are cut
/// at the image's edge, and so average fewer pixels), rounded once.
///
/// A tile is made when the compiler first asks for it; `TileCache` keeps it afterwards.
///
/// - Complexity: making a tile of level L reads up to `4^L` image pixels per tile pixel:
///   the whole image for the level of one tile.
public struct ImageTileSource: TileSource {
  public let image: Image
  public let tileWidth: Int
  public let tileHeight: Int

  /// Tiles of `tileWidth` x `tileHeight` pixels (each at least 1) cut from `image`.
  public init(_ image: Image, tileWidth: Int = 256, tileHeight: Int = 256) {
    precondition(tileWidth > 0 && tileHeight > 0, "ImageTileSource needs a positive tile size")
    self.image = image
    self.tileWidth = tileWidth
    self.tileHeight = tileHeight
  }

  public var identity: String { "\(image.id) in \(tileWidth)x\(tileHeight) tiles" }
  public var pixelWidth: Int { image.width }
  public var pixelHeight: Int { image.height }
  /// Every level down to one tile.
  public var levelCount: Int {
    TileGrid.fullLevelCount(width: image.width, height: image.height, tileWidth: tileWidth, tileHeight: tileHeight)
  }

  public func tile(_ index: TileIndex) throws(TileError) -> Image {
    precondition(contains(index), "\(index) is not a tile of this \(pixelWidth)x\(pixelHeight) image")
    let r = tileRect(index)
    let src = image.rgbaPixels, iw = image.width, ih = image.height
    var out = [SIMD4<UInt8>](repeating: .zero, count: r.width * r.height)
    if index.level == 0 {
      for y in 0..<r.height {
        let from = (r.y + y) * iw + r.x
        for x in 0..<r.width { out[y * r.width + x] = src[from + x] }
      }
      return Image(width: r.width, height: r.height, rgbaPixels: out)
    }
    let k = 1 << index.level
    var sums = [SIMD4<UInt64>](repeating: .zero, count: r.width)
    for y in 0..<r.height {
      let y0 = (r.y + y) * k, y1 = min(y0 + k, ih)
      for i in sums.indices { sums[i] = .zero }
      for sy in y0..<y1 {
        let row = sy * iw
        for x in 0..<r.width {
          let x0 = (r.x + x) * k, x1 = min(x0 + k, iw)
          var s = SIMD4<UInt64>.zero
          for sx in x0..<x1 { s &+= SIMD4<UInt64>(truncatingIfNeeded: src[row + sx]) }
          sums[x] &+= s
        }
      }
      for x in 0..<r.width {
        let x0 = (r.x + x) * k
        let n = UInt64((min(x0 + k, iw) - x0) * (y1 - y0))
        out[y * r.width + x] = SIMD4<UInt8>(truncatingIfNeeded: (sums[x] &+ SIMD4(repeating: n / 2)) / SIMD4(repeating: n))
      }
    }
    return Image(width: r.width, height: r.height, rgbaPixels: out)
  }
}

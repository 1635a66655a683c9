import Strata

/// How an image is cut into textures no larger than the GPU allows.
///
/// A tiled image's tiles each carry a one-texel border copied from their neighbours (or,
/// at the image's edges, repeated), so that bilinear filtering across a seam reads the same
/// texels as in one big texture and no seam shows.
struct TextureTiling: Equatable {
  let imageWidth: Int
  let imageHeight: Int
  /// Texels of the image per tile, without the border; the whole image when not tiled.
  let tileWidth: Int
  let tileHeight: Int
  let columns: Int
  let rows: Int

  var isTiled: Bool { columns > 1 || rows > 1 }

  /// The tiling of a `width` x `height` image for textures of at most `limit` texels a
  /// side. A `mipmapped` texture holds its levels beside level 0 (see `TextureLevels`), so
  /// its tiles are smaller.
  init(width: Int, height: Int, limit: Int, mipmapped: Bool = false) {
    imageWidth = width
    imageHeight = height
    let whole = mipmapped ? Self.mipmappedSize(width, height) : (width, height)
    if whole.0 <= limit && whole.1 <= limit {
      tileWidth = width
      tileHeight = height
      columns = 1
      rows = 1
    } else {
      var content = max(1, limit - 2)
      // The largest tile whose levels fit, each level bounded by its worst case (a tile's
      // level k spans at most ⌊content·scale⌋ + 3 texels, see TextureLevels.extent; one
      // more for float rounding).
      if mipmapped {
        while content > 1 && !Self.fits(content, width, height, limit) { content -= max(1, content / 32) }
      }
      tileWidth = content
      tileHeight = content
      columns = (width + content - 1) / content
      rows = (height + content - 1) / content
    }
  }

  /// The size of an untiled mipmapped texture of the image.
  private static func mipmappedSize(_ width: Int, _ height: Int) -> (Int, Int) {
    let levels = TextureLevels.packed(TextureLevels.chainSizes(width: width, height: height).map(TextureLevels.whole))
    return (levels.width, levels.height)
  }

  /// Whether the levels of a mipmapped tile of `content` texels (plus border) fit `limit`.
  private static func fits(_ content: Int, _ width: Int, _ height: Int, _ limit: Int) -> Bool {
    let sizes = TextureLevels.chainSizes(width: width, height: height)
    var levels = [TextureLevels.whole(width: content + 2, height: content + 2)]
    for (w, h) in sizes.dropFirst() {
      let bw = Int(Float(content) * Float(w) / Float(width)) + 4, bh = Int(Float(content) * Float(h) / Float(height)) + 4
      levels.append(TextureLevels.whole(width: bw, height: bh))
    }
    let packed = TextureLevels.packed(levels)
    return packed.width <= limit && packed.height <= limit
  }

  /// The image texels `[x0, x1) × [y0, y1)` that tile `(c, r)` shows.
  func texels(_ c: Int, _ r: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
    let x0 = c * tileWidth, y0 = r * tileHeight
    return (x0, y0, min(imageWidth, x0 + tileWidth), min(imageHeight, y0 + tileHeight))
  }

  /// The border each tile texture has on every side.
  var border: Int { isTiled ? 1 : 0 }

  /// The premultiplied texels `[x, x + width) × [y, y + height)` of `image` (laid out as
  /// `Image.rgbaPixels`), edge texels repeated outside it (as clamp-to-edge addressing
  /// reads them).
  static func crop(_ image: Image, x: Int, y: Int, width w: Int, height h: Int) -> [SIMD4<UInt8>] {
    var out = [SIMD4<UInt8>](repeating: .zero, count: w * h)
    let src = image.rgbaPixels
    let iw = image.width, ih = image.height
    for row in 0..<h {
      let sy = min(max(y + row, 0), ih - 1)
      for col in 0..<w {
        let sx = min(max(x + col, 0), iw - 1)
        out[row * w + col] = src[sy * iw + sx]
      }
    }
    return out
  }
}

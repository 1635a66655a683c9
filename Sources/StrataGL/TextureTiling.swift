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

  init(width: Int, height: Int, limit: Int) {
    imageWidth = width
    imageHeight = height
    if width <= limit && height <= limit {
      tileWidth = width
      tileHeight = height
      columns = 1
      rows = 1
    } else {
      let content = max(1, limit - 2)
      tileWidth = content
      tileHeight = content
      columns = (width + content - 1) / content
      rows = (height + content - 1) / content
    }
  }

  /// The image texels `[x0, x1) × [y0, y1)` that tile `(c, r)` shows.
  func texels(_ c: Int, _ r: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
    let x0 = c * tileWidth, y0 = r * tileHeight
    return (x0, y0, min(imageWidth, x0 + tileWidth), min(imageHeight, y0 + tileHeight))
  }

  /// The border each tile texture has on every side.
  var border: Int { isTiled ? 1 : 0 }

  /// The premultiplied pixels of tile `(c, r)` with its border, edge texels repeated
  /// outside the image.
  func pixels(of image: Image, _ c: Int, _ r: Int) -> (width: Int, height: Int, pixels: [UInt8]) {
    let t = texels(c, r), b = border
    let w = t.x1 - t.x0 + 2 * b, h = t.y1 - t.y0 + 2 * b
    var out = [UInt8](repeating: 0, count: w * h * 4)
    let src = image.unsafeBaseAddress
    out.withUnsafeMutableBufferPointer { dst in
      for y in 0..<h {
        let sy = min(max(t.y0 - b + y, 0), imageHeight - 1)
        for x in 0..<w {
          let sx = min(max(t.x0 - b + x, 0), imageWidth - 1)
          let si = (sy * imageWidth + sx) * 4, di = (y * w + x) * 4
          dst[di] = src[si]; dst[di + 1] = src[si + 1]; dst[di + 2] = src[si + 2]; dst[di + 3] = src[si + 3]
        }
      }
    }
    return (w, h, out)
  }
}

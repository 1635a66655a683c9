import Strata

/// Scenes for the seam probes of `TiledLayer`: a picture drawn by a tiled layer and the
/// same picture as the plain `contents` of a layer in the same place. Tiles carry their
/// neighbours' texels in a one-texel border, so the two must agree pixel for pixel
/// (within a rounding step) on any backend, at any scale and turn: a seam, a gap or a
/// pixel drawn twice would show as a difference along the tile edges.
public enum TiledProbes {
  /// 80 x 60: smooth ramps with fine stripes, so that linear filtering across a tile edge
  /// shows, and with `alpha` below 255, a pixel drawn twice shows too.
  public static func picture(alpha: UInt8 = 255) -> Image {
    Image(width: 80, height: 60) { x, y in
      let stripe = (x + 2 * y) % 7 < 2
      return (UInt8(40 + x * 2), stripe ? 250 : UInt8(30 + y * 3), UInt8((x * 11 + y * 5) % 200 + 40), alpha)
    }
  }

  /// `image`'s level `level` by the definition (`ImageTileSource`): each pixel the rounded
  /// mean of its 2^level square block, cut at the edges. Written out here, independently.
  public static func level(_ level: Int, of image: Image) -> Image {
    let k = 1 << level
    let w = (image.width + k - 1) / k, h = (image.height + k - 1) / k
    var bytes = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        var sum = [0, 0, 0, 0], n = 0
        for sy in (y * k)..<min(y * k + k, image.height) {
          for sx in (x * k)..<min(x * k + k, image.width) {
            let p = image[sx, sy]
            sum[0] += Int(p.0); sum[1] += Int(p.1); sum[2] += Int(p.2); sum[3] += Int(p.3)
            n += 1
          }
        }
        for c in 0..<4 { bytes[(y * w + x) * 4 + c] = UInt8((sum[c] + n / 2) / n) }
      }
    }
    return Image(width: w, height: h, premultipliedPixels: bytes)
  }

  /// A 240 x 170 canvas with the picture (80 x 60 points) placed by `transform` (about
  /// the layer's top-left corner), drawn by a tiled layer of 16 x 16 tiles (`tiled`) or as
  /// plain contents (`plain`, showing `level`'s image, so that both show the same texels).
  public static func scene(tiled: Bool, transform: Transform3D, alpha: UInt8 = 255, level: Int = 0, antialiased: Bool = false) -> Layer {
    let image = picture(alpha: alpha)
    let l: Layer
    if tiled {
      let t = TiledLayer()
      t.tileSource = ImageTileSource(image, tileWidth: 16, tileHeight: 16)
      t.levelsOfDetail = level + 1
      l = t
    } else {
      l = Layer()
      l.contents = level == 0 ? image : Self.level(level, of: image)
    }
    l.anchorPoint = .zero
    l.bounds = Rect(0, 0, 80, 60)
    l.position = Point(x: 12.3, y: 9.6)
    l.transform = transform
    l.allowsEdgeAntialiasing = antialiased
    let r = Layer()
    r.bounds = Rect(0, 0, 240, 170)
    r.anchorPoint = .zero
    r.backgroundColor = Color(1, 1, 1)
    try! r.addSublayer(l)
    return r
  }

  /// The cases: magnified between pixels, turned with anti-aliased edges, translucent, and
  /// minified to level 1.
  public static let cases: [(name: String, transform: Transform3D, alpha: UInt8, level: Int, antialiased: Bool)] = [
    ("magnified 2.7x", .scale(2.7, 2.7, 1), 255, 0, false),
    ("turned 20 degrees", Transform3D.rotation(0.35, 0, 0, 1).concatenating(.scale(2.1, 2.1, 1)), 255, 0, true),
    ("translucent", .scale(2.3, 1.9, 1), 140, 0, false),
    ("level 1 at 0.5x", .scale(0.5, 0.5, 1), 255, 1, false),
    ("in perspective", Transform3D.rotation(0.6, 0, 1, 0).concatenating(.perspective(300)).concatenating(.scale(2, 2, 1)), 255, 0, false),
  ]
}

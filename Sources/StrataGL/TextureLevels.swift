import StrataPath
import Strata

/// The mipmap levels of one texture (an image, or one tile of it) and where they lie in it.
///
/// Every level lives in level 0 of a single GL texture, side by side (an atlas), and
/// `Shaders/sampling.glsl` addresses a level as a rectangle of texels with
/// `texelFetch(…, 0)`: the level is part of the coordinates, chosen per pixel. GL's own
/// mipmap levels cannot be chosen per pixel everywhere: llvmpipe evaluates the level
/// argument of `texelFetch` and `textureSize` once per 2x2 pixel quad, from the quad's
/// first pixel (the `GALLIVM_PERF` "quad lod" shortcut), so where neighbouring pixels wanted
/// different levels, some read texels of the wrong level, or outside it (issue 9.1).
///
/// A tile's level k holds the texels of the *image's* level k that bilinear filtering
/// inside the tile reads (plus a texel of margin), not a box filter of the tile, so a tiled
/// image samples exactly the texels the untiled one does (issue 9.3).
struct TextureLevels: Equatable, Sendable {
  /// One level: where its texels lie in the texture, which texels of the image's level
  /// they are, and the map from level-0 texel coordinates (as the draw's texel map gives
  /// them) to this level's: `level = levelZero × scale + offset`.
  struct Level: Equatable, Sendable {
    var x: Int, y: Int, width: Int, height: Int
    /// The first texel of the image's level that this level holds (texels outside the
    /// image repeat its edge, as clamp-to-edge addressing would).
    var sourceX: Int, sourceY: Int
    var scaleX: Float, scaleY: Float, offsetX: Float, offsetY: Float
  }

  /// A level of `width` x `height` texels that is all of its image's level, not yet placed.
  static func whole(width: Int, height: Int) -> Level {
    Level(x: 0, y: 0, width: width, height: height, sourceX: 0, sourceY: 0, scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0)
  }

  /// The most levels a texture may have (`MAX_LEVELS` in `Shaders/draw.frag`).
  static let maxLevels = 24

  var levels: [Level]
  /// The size of the whole texture.
  var width: Int
  var height: Int

  init(levels: [Level], width: Int, height: Int) {
    self.levels = levels
    self.width = width
    self.height = height
  }

  /// A texture of one level: the image, or a tile with its border, as it is.
  static func single(width: Int, height: Int) -> TextureLevels {
    TextureLevels(levels: [whole(width: width, height: height)], width: width, height: height)
  }

  /// The sizes of an image's mipmap chain, level 0 first, as `Image.mipmaps` builds it
  /// (each level half the one above, rounded down, at least 1, down to 1x1).
  static func chainSizes(width: Int, height: Int) -> [(width: Int, height: Int)] {
    var sizes = [(width, height)]
    var w = width, h = height
    while w > 1 || h > 1 {
      w = max(1, w / 2); h = max(1, h / 2)
      sizes.append((w, h))
    }
    return sizes
  }

  /// The levels of tile `(column, row)` of `tiling`; all of the image's levels when
  /// `mipmapped`, else level 0 only.
  init(tiling t: TextureTiling, column: Int, row: Int, mipmapped: Bool) {
    let tx = t.texels(column, row), b = t.border
    let level0 = Level(
      x: 0, y: 0, width: tx.x1 - tx.x0 + 2 * b, height: tx.y1 - tx.y0 + 2 * b, sourceX: tx.x0 - b, sourceY: tx.y0 - b,
      scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0)
    var levels = [level0]
    if mipmapped {
      let sizes = Self.chainSizes(width: t.imageWidth, height: t.imageHeight)
      for (w, h) in sizes.dropFirst() {
        let sx = Float(w) / Float(t.imageWidth), sy = Float(h) / Float(t.imageHeight)
        let (x0, x1) = Self.extent(tx.x0, tx.x1, scale: sx, size: w, tiled: t.isTiled)
        let (y0, y1) = Self.extent(tx.y0, tx.y1, scale: sy, size: h, tiled: t.isTiled)
        // Level-0 coordinates are relative to the tile's first texel (tx.x0 - b).
        levels.append(Level(
          x: 0, y: 0, width: x1 - x0, height: y1 - y0, sourceX: x0, sourceY: y0, scaleX: sx, scaleY: sy,
          offsetX: Float(tx.x0 - b) * sx - Float(x0), offsetY: Float(tx.y0 - b) * sy - Float(y0)))
      }
    }
    self = Self.packed(levels)
  }

  /// The texels `[e0, e1)` of a level (`scale` times the image's size, `size` texels) that
  /// bilinear filtering reads for image coordinates in `[a, b)`: texels `⌊s·scale − ½⌋` and
  /// the next. Untiled, the whole level.
  static func extent(_ a: Int, _ b: Int, scale: Float, size: Int, tiled: Bool) -> (Int, Int) {
    guard tiled else { return (0, size) }
    let e0 = Int(saturating: (Float(a) * scale - 0.5).rounded(.down))
    let e1 = Int(saturating: (Float(b) * scale - 0.5).rounded(.down)) + 2
    return (e0, e1)
  }

  /// Places the levels: level 0 at the origin, the others in a row below it (a wide
  /// texture) or a column beside it (a tall one), so the texture grows by about half its
  /// shorter side.
  static func packed(_ levels: [Level]) -> TextureLevels {
    precondition(levels.count <= maxLevels, "a texture has at most \(maxLevels) mipmap levels")
    var out = levels
    let w0 = levels[0].width, h0 = levels[0].height
    var width = w0, height = h0
    var along = 0
    for i in out.indices.dropFirst() {
      if w0 >= h0 {
        out[i].x = along; out[i].y = h0
        along += out[i].width
        width = max(width, along); height = max(height, h0 + out[i].height)
      } else {
        out[i].x = w0; out[i].y = along
        along += out[i].height
        height = max(height, along); width = max(width, w0 + out[i].width)
      }
    }
    return TextureLevels(levels: out, width: width, height: height)
  }

  /// `u_levelRect` and `u_levelMap` of `Shaders/draw.frag`: four floats per level each.
  var uniforms: (rects: [Float], maps: [Float]) {
    (levels.flatMap { [Float($0.x), Float($0.y), Float($0.width), Float($0.height)] },
     levels.flatMap { [$0.scaleX, $0.scaleY, $0.offsetX, $0.offsetY] })
  }
}

import Strata
import StrataRender
import Testing

@testable import StrataGL

/// The mipmap levels of tiles (no GPU needed): a tile's level k holds exactly the texels of
/// the image's level k that bilinear filtering reads anywhere in the tile, and its texel
/// map leads there with the same weights (issue 9.3).
@Suite struct TextureLevelsTests {
  /// Every texel that `Sampling.linear` reads at level k of the image, for coordinates in
  /// the tile, is the texel the tile's level k holds at the tile-local index.
  @Test(arguments: [(200, 200, 64), (201, 77, 40), (1000, 3, 64), (64, 64, 34)])
  func tileLevelsHoldTheTexelsFilteringReads(_ w: Int, _ h: Int, _ limit: Int) {
    let tiling = TextureTiling(width: w, height: h, limit: limit, mipmapped: true)
    #expect(tiling.isTiled)
    let sizes = TextureLevels.chainSizes(width: w, height: h)
    for row in 0..<tiling.rows {
      for col in 0..<tiling.columns {
        let levels = TextureLevels(tiling: tiling, column: col, row: row, mipmapped: true)
        #expect(levels.levels.count == sizes.count)
        #expect(levels.width <= limit && levels.height <= limit, "tile \(col),\(row): \(levels.width)x\(levels.height)")
        let tx = tiling.texels(col, row), b = tiling.border
        for (k, l) in levels.levels.enumerated() {
          let scaleX = Float(sizes[k].width) / Float(w), scaleY = Float(sizes[k].height) / Float(h)
          // Image coordinates across the tile's texels, as a draw's texel map gives them.
          for i in 0...32 {
            let sx = Float(tx.x0) + Float(tx.x1 - tx.x0) * Float(i) / 32
            let sy = Float(tx.y0) + Float(tx.y1 - tx.y0) * Float(i) / 32
            for (s, origin, source, scale, size, tileScale, offset, tileSize) in [
              (sx, tx.x0, l.sourceX, scaleX, sizes[k].width, l.scaleX, l.offsetX, l.width),
              (sy, tx.y0, l.sourceY, scaleY, sizes[k].height, l.scaleY, l.offsetY, l.height),
            ] {
              // Filter a row of distinct texel values both ways. (Comparing indices would be
              // too strict: at a texel centre, float rounding may give (i, i + 1, 0) one way
              // and (i - 1, i, 1) the other, which filter to the same value.)
              func texel(_ i: Int32) -> Float { Float((Int(i) * 37) % 101) }
              let whole = Sampling.linear(s * scale, size: Int32(size))
              let local = Sampling.linear((s - Float(origin - b)) * tileScale + offset, size: Int32(tileSize))
              // Tile texels outside the image repeat its edge (clamp-to-edge).
              func image(_ i: Int32) -> Int32 { min(max(Int32(source) + i, 0), Int32(size) - 1) }
              let want = texel(whole.0) * (1 - whole.2) + texel(whole.1) * whole.2
              let got = texel(image(local.0)) * (1 - local.2) + texel(image(local.1)) * local.2
              #expect(abs(got - want) < 0.01, "level \(k) at \(s): \(got) vs \(want)")
            }
          }
        }
      }
    }
  }

  /// Levels do not overlap and lie inside the texture.
  @Test func levelsArePackedWithoutOverlap() {
    for (w, h) in [(300, 200), (90, 250), (1, 1), (5, 300)] {
      let t = TextureTiling(width: w, height: h, limit: 4096, mipmapped: true)
      let levels = TextureLevels(tiling: t, column: 0, row: 0, mipmapped: true)
      for (i, a) in levels.levels.enumerated() {
        #expect(a.x >= 0 && a.y >= 0 && a.x + a.width <= levels.width && a.y + a.height <= levels.height)
        for b in levels.levels[(i + 1)...] {
          let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
          #expect(apart, "\(w)x\(h): \(a) overlaps \(b)")
        }
      }
    }
  }
}

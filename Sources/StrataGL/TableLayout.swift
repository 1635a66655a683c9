/// Where the rows of a table (clips, convex polygons, gradient stops: RGBA32F texels read
/// with `texelFetch`) lie in its texture. Rows wrap into blocks of `rowsPerBlock` rows,
/// the blocks side by side `width` texels apart, so that a frame can have more rows than
/// GL_MAX_TEXTURE_SIZE: 3D sorting cuts 200 crossing planes into 38,000 pieces, each with a
/// polygon clip. The shaders find a row's texels with `tableTexel` (Shaders/coverage.glsl),
/// given `uniform`.
struct TableLayout: Equatable {
  /// Texels of one row (the longest row's).
  let width: Int
  let rowsPerBlock: Int
  let blocks: Int

  /// The layout of `rows` rows of `width` texels in textures of at most `limit` texels a
  /// side; fails when even wrapped they do not fit.
  init(rows: Int, width: Int, limit: Int) throws(GLRenderError) {
    let w = max(1, width)
    rowsPerBlock = max(1, min(rows, limit))
    blocks = max(1, (rows + rowsPerBlock - 1) / rowsPerBlock)
    guard w * blocks <= limit else {
      throw .glError("a table of \(rows) rows of \(w) texels exceeds GL_MAX_TEXTURE_SIZE (\(limit)) even wrapped into \(blocks) blocks")
    }
    self.width = w
  }

  /// One row of one texel: the layout before any table is uploaded.
  static let single = TableLayout(width: 1, rowsPerBlock: 1, blocks: 1)

  private init(width: Int, rowsPerBlock: Int, blocks: Int) {
    self.width = width; self.rowsPerBlock = rowsPerBlock; self.blocks = blocks
  }

  /// The texture's size in texels.
  var textureWidth: Int { width * blocks }
  var textureHeight: Int { rowsPerBlock }

  /// `u_<table>Layout`: the block width and rows per block, as floats (exact: both are at
  /// most the texture limit).
  var uniform: (Float, Float) { (Float(width), Float(rowsPerBlock)) }

  /// The texture's floats (RGBA, row-major, `textureWidth` x `textureHeight`) for the rows
  /// in `floats`, each `width` texels long one after another.
  ///
  /// - Complexity: O(texels).
  func texels(_ floats: [Float]) -> [Float] {
    guard blocks > 1 else { return floats }
    let rowFloats = width * 4, stride = textureWidth * 4
    var out = [Float](repeating: 0, count: stride * rowsPerBlock)
    let rows = floats.count / rowFloats
    for r in 0..<rows {
      let block = r / rowsPerBlock, y = r - block * rowsPerBlock
      let to = y * stride + block * rowFloats
      out.replaceSubrange(to..<(to + rowFloats), with: floats[(r * rowFloats)..<((r + 1) * rowFloats)])
    }
    return out
  }
}

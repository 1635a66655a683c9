import CEGL
import Strata

extension GLTexture {
  /// Uploads tile `(column, row)` of `image` under `tiling` as one RGBA8 texture holding
  /// level 0 (the tile and its border) and, when `mipmapped`, the image's other mipmap
  /// levels beside it (`TextureLevels`). The texture stays bound to `GL_TEXTURE_2D`.
  static func upload(
    _ gl: GLCalls, tile column: Int, _ row: Int, of image: Image, tiling: TextureTiling, mipmapped: Bool,
    garbage: GLGarbage
  ) -> GLTexture {
    let layout = TextureLevels(tiling: tiling, column: column, row: row, mipmapped: mipmapped)
    let t = GLTexture(gl, width: layout.width, height: layout.height, levels: 1, garbage: garbage, layout: layout)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), t.id)
    gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(layout.width), GLsizei(layout.height))
    gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    func put(_ l: TextureLevels.Level, _ texels: [SIMD4<UInt8>]) {
      gl.texSubImage2D(
        GL_TEXTURE_2D, level: 0, x: l.x, y: l.y, width: l.width, height: l.height, format: GL_RGBA, type: GL_UNSIGNED_BYTE,
        pixels: texels)
    }
    let whole = layout.levels[0]
    if whole.sourceX == 0 && whole.sourceY == 0 && whole.width == image.width && whole.height == image.height {
      // The whole image as it is: upload its pixels without a copy.
      put(whole, image.rgbaPixels)
    } else {
      put(whole, TextureTiling.crop(image, x: whole.sourceX, y: whole.sourceY, width: whole.width, height: whole.height))
    }
    guard layout.levels.count > 1 else { return t }
    let chain = image.mipmaps
    for (k, l) in layout.levels.enumerated().dropFirst() {
      put(l, TextureTiling.crop(chain[k - 1], x: l.sourceX, y: l.sourceY, width: l.width, height: l.height))
    }
    return t
  }
}

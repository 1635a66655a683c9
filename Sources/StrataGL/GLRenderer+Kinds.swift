import CEGL
import Strata
import StrataRender

/// The GPU side of the layer-kind primitives: coverage masks as R8 textures, and the
/// gradient and polygon tables (`KindTables`) as RGBA32F textures.
extension GLRenderer.State {
  /// Texture units of the draw program (`Shaders/draw.frag`).
  enum DrawUnit: Int32 {
    case texture = 0, clips, mask, gradients, polygons
  }

  /// Mask textures kept between frames: 64 MiB of texels, 4096 masks.
  static let maskTextureLimits = CacheLimits(bytes: 64 << 20, count: 4096)

  /// The R8 texture of `mask`'s bytes, uploaded once while they stay in use (a moved mask
  /// keeps its `contentID`, so its texture). Read with `texelFetch`, never filtered, so the
  /// GPU sees exactly the mask's bytes.
  mutating func maskTexture(_ gl: GLCalls, _ mask: DeviceMask) -> GLTexture {
    if let t = masks.value(for: mask.contentID) { return t }
    let t = GLTexture(gl, width: mask.width, height: mask.height, levels: 1, garbage: garbage)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), t.id)
    gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_R8), GLsizei(mask.width), GLsizei(mask.height))
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
    // Sampled at texel centres only (the SIMPLE MASK build): clamping is never used, and
    // llvmpipe samples clamped textures faster than repeating ones.
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    // Rows of one-byte texels are not 4-byte aligned.
    gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
    gl.texSubImage2D(
      GL_TEXTURE_2D, level: 0, x: 0, y: 0, width: mask.width, height: mask.height, format: GL_RED, type: GL_UNSIGNED_BYTE,
      pixels: mask.bytes)
    gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    // Evicted textures are released by their deinit (after the frame that used them).
    masks.insert(t, bytes: mask.width * mask.height, for: mask.contentID)
    maskUploads += 1
    return t
  }

  /// Uploads the instances' tables and binds them to their units.
  mutating func bindTables(_ gl: GLCalls, _ tables: KindTables) throws(GLRenderError) {
    gradientTable = try upload(gl, KindTables.packed(tables.gradients), into: gradientTable, unit: .gradients)
    polygonTable = try upload(gl, KindTables.packed(tables.polygons), into: polygonTable, unit: .polygons)
    gl.activeTexture(GLenum(GL_TEXTURE0))
  }

  private func upload(
    _ gl: GLCalls, _ t: (width: Int, height: Int, floats: [Float]), into existing: GLTexture?, unit: DrawUnit
  ) throws(GLRenderError) -> GLTexture {
    let limit = context.info.maxTextureSize
    guard t.width <= limit, t.height <= limit else {
      throw .glError("a table of \(t.width)x\(t.height) texels exceeds GL_MAX_TEXTURE_SIZE (\(limit))")
    }
    // The table's own unit first: making a texture binds it to the active unit, which
    // must not be another table's (a first frame drew gradients from the polygon table).
    gl.activeTexture(GLenum(GL_TEXTURE0 + unit.rawValue))
    var texture = existing
    if texture == nil || texture!.width < t.width || texture!.height < max(t.height, 1) {
      let w = max(t.width, existing?.width ?? 0, 8), h = max(t.height, existing?.height ?? 0, 16)
      let n = GLTexture(gl, width: w, height: h, levels: 1, garbage: garbage)
      gl.bindTexture(GLenum(GL_TEXTURE_2D), n.id)
      gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA32F), GLsizei(w), GLsizei(h))
      gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
      gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
      texture = n
    }
    gl.bindTexture(GLenum(GL_TEXTURE_2D), texture!.id)
    if t.height > 0 {
      gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
      gl.texSubImage2D(GL_TEXTURE_2D, level: 0, x: 0, y: 0, width: t.width, height: t.height, format: GL_RGBA, type: GL_FLOAT, pixels: t.floats)
    }
    return texture!
  }
}

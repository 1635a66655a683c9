import CEGL
import Strata
import StrataRender

/// The GPU side of the layer-kind primitives: coverage masks in R8 atlas pages, and the
/// gradient and polygon tables (`KindTables`) as RGBA32F textures.
extension GLRenderer.State {
  /// Texture units of the draw program (`Shaders/draw.frag`).
  enum DrawUnit: Int32 {
    case texture = 0, clips, mask, gradients, polygons
  }

  /// Mask atlas pages kept between frames: 64 MiB of texels, in pages of 2048 × 2048.
  static let maskAtlasBytes = 64 << 20
  static let maskPageSize = 2048
  /// Textures of dropped pages kept for new ones (`pageTexture`).
  static let spareMaskPageLimit = 2

  /// The atlas place of `mask`'s bytes and the page texture holding them, uploaded (one
  /// region, `glTexSubImage2D`) when they are not there yet: a moved mask keeps its
  /// `contentID`, so its place. Pages are read unfiltered at texel centres or with
  /// `texelFetch`, so the GPU sees exactly the mask's bytes.
  mutating func maskSlot(_ gl: GLCalls, _ mask: DeviceMask) -> (slot: MaskAtlas.Slot, page: GLTexture) {
    if let s = maskAtlas.slot(mask.contentID) { return (s, maskPages[s.page]!.texture) }
    let runs =
      tilesMasks
      ? MaskTiling.runs(
        width: mask.width, height: mask.height, bytes: mask.bytes, phaseX: MaskTiling.phase(mask.originX),
        phaseY: MaskTiling.phase(mask.originY))
      : [MaskTiling.Run.whole(width: mask.width, height: mask.height)]
    let s = maskAtlas.place(mask.contentID, width: mask.width, height: mask.height, runs: runs)
    let page = pageTexture(gl, s.page)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), page.id)
    // Rows of one-byte texels are not 4-byte aligned.
    gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
    gl.texSubImage2D(
      GL_TEXTURE_2D, level: 0, x: s.x, y: s.y, width: mask.width, height: mask.height, format: GL_RED,
      type: GL_UNSIGNED_BYTE, pixels: mask.bytes)
    gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    maskUploads += 1
    return (s, page)
  }

  /// The texture of atlas page `i`, made when the page is new. The texture of a page the
  /// atlas let go is kept for the next new page of its size (at most `spareMaskPages` of
  /// them; the others are released, their deinit deletes them after the frame): a page's
  /// stale texels are never read, since a mask is read only where its own bytes went, and
  /// a fresh 2048 x 2048 texture costs llvmpipe 4 MiB of zeroed, page-faulted memory (a
  /// cold S2 frame, whose 600 new masks fill six pages, spent 7% of its time there).
  private mutating func pageTexture(_ gl: GLCalls, _ i: Int) -> GLTexture {
    let pages = maskAtlas.pages
    while maskPages.count < pages.count { maskPages.append(nil) }
    for j in maskPages.indices where maskPages[j] != nil && maskPages[j]!.generation != pages[j]?.generation {
      spareMaskPages.append(maskPages[j]!.texture)
      maskPages[j] = nil
    }
    if let t = maskPages[i] { return t.texture }
    let p = pages[i]!
    if let k = spareMaskPages.lastIndex(where: { $0.width == p.width && $0.height == p.height }) {
      let t = spareMaskPages.remove(at: k)
      maskPages[i] = (p.generation, t)
      trimSpareMaskPages()
      return t
    }
    trimSpareMaskPages()
    let t = GLTexture(gl, width: p.width, height: p.height, levels: 1, garbage: garbage)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), t.id)
    gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_R8), GLsizei(p.width), GLsizei(p.height))
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
    // Sampled at texel centres inside a mask only: clamping is never used, and llvmpipe
    // samples clamped textures faster than repeating ones.
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    maskPages[i] = (p.generation, t)
    return t
  }

  /// Keeps the spare page textures the next new pages can use, two at most.
  private mutating func trimSpareMaskPages() {
    if spareMaskPages.count > Self.spareMaskPageLimit { spareMaskPages.removeFirst(spareMaskPages.count - Self.spareMaskPageLimit) }
  }

  /// Uploads the instances' tables and binds them to their units.
  mutating func bindTables(_ gl: GLCalls, _ tables: KindTables) throws(GLRenderError) {
    let gradients = KindTables.packed(tables.gradients), polygons = KindTables.packed(tables.polygons)
    let limit = tableLimit
    gradientLayout = try TableLayout(rows: gradients.height, width: gradients.width, limit: limit)
    polygonLayout = try TableLayout(rows: polygons.height, width: polygons.width, limit: limit)
    gradientTable = try upload(gl, gradients, layout: gradientLayout, into: gradientTable, unit: .gradients)
    polygonTable = try upload(gl, polygons, layout: polygonLayout, into: polygonTable, unit: .polygons)
    gl.activeTexture(GLenum(GL_TEXTURE0))
  }

  private func upload(
    _ gl: GLCalls, _ table: (width: Int, height: Int, floats: [Float]), layout: TableLayout, into existing: GLTexture?,
    unit: DrawUnit
  ) throws(GLRenderError) -> GLTexture {
    let limit = tableLimit
    let t = (width: layout.textureWidth, height: table.height == 0 ? 0 : layout.textureHeight, floats: layout.texels(table.floats))
    // The table's own unit first: making a texture binds it to the active unit, which
    // must not be another table's (a first frame drew gradients from the polygon table).
    gl.activeTexture(GLenum(GL_TEXTURE0 + unit.rawValue))
    var texture = existing
    if texture == nil || texture!.width < t.width || texture!.height < max(t.height, 1) {
      let w = min(max(t.width, existing?.width ?? 0, 8), limit), h = min(max(t.height, existing?.height ?? 0, 16), limit)
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

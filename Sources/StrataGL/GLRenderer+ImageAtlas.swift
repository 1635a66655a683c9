import CEGL
import Strata
import StrataRender

/// Small images share RGBA8 atlas pages, so that layers that each show an image of their
/// own (sprite layers, icons) draw in one instanced call per page instead of one call, and
/// one texture bind, each: S4's 20000 plus-lighter sprite layers made 20000 draw calls.
///
/// An image goes to the atlas when it is at most `atlasImageSide` texels on a side and its
/// draw takes the SIMPLE build (GL filtering, one filter, no clip coverage, no mipmaps:
/// `InstanceData.isSimpleImageDraw`) with texel coordinates inside the image. Each image
/// keeps a one-texel border repeating its edge texels, so filtering at its edges reads
/// what clamp-to-edge on a texture of its own reads; pages are placed with `MaskAtlas`
/// (shelves, the least recently used page emptied when full).
extension GLRenderer.State {
  /// The largest side of an image kept in the atlas.
  static let atlasImageSide = 64
  static let imageAtlasPageSize = 2048
  /// Texel bytes of all image atlas pages: eight pages of 2048 x 2048.
  static let imageAtlasBytes = 128 << 20
  /// The content boxes kept (`atlasContentBoxes`) before they are forgotten and made again.
  static let atlasContentBoxLimit = 1 << 16

  /// The atlas page that holds `piece`'s image, the piece's texel map into it and the
  /// rectangle to draw, when the piece can be drawn from the atlas; nil when it needs a
  /// texture of its own.
  ///
  /// The rectangle is the piece's, cut to where the image has content (`trimmed`) for
  /// source-over and plus-lighter draws, which a zero texel leaves as they are: the pixels
  /// left out would have added nothing.
  mutating func atlasPiece(
    _ gl: GLCalls, _ draw: Draw, _ piece: ImageDrawSplitter.Piece, _ paint: ImagePaint, clip: Int?
  ) -> (page: GLTexture, texelMap: InstanceData.TexelMap, rect: Rect)? {
    let image = piece.image
    guard image.width <= Self.atlasImageSide, image.height <= Self.atlasImageSide, !piece.tiling.isTiled,
      !piece.key.mipmapped, piece.key.level == 0, case .rect = draw.shape,
      InstanceData.isSimpleImageDraw(draw, rect: piece.rect, softEdges: piece.softEdges, clip: clip, paint: paint),
      Self.samplesInside(piece.texelMap, piece.rect, width: image.width, height: image.height)
    else { return nil }
    let (page, x, y, box) = atlasImage(gl, image)
    var rect = piece.rect
    if draw.blendMode == .sourceOver || draw.blendMode == .plusLighter, let box {
      rect = Self.trimmed(rect, piece.texelMap, to: box, linear: paint.magnificationFilter == .linear)
    }
    var m = piece.texelMap
    m.tx += Double(x)
    m.ty += Double(y)
    return (page, m, rect)
  }

  /// `rect` cut to the points whose sample of the image can be other than zero, when the
  /// texel map is axis-aligned: texel coordinates within `box`, grown by half a texel for
  /// bilinear filtering (a sample at u reads the texels on either side of u − 0.5, so it
  /// is zero unless u lies strictly within half a texel of the box), within `box` itself
  /// for nearest (texel ⌊u⌋). A pixel whose centre lands exactly on a new edge samples
  /// zero, so whichever side the hard-edge rule gives it, nothing changes; `rect` as it is
  /// when the cut leaves nothing or the map turns.
  static func trimmed(_ rect: Rect, _ m: InstanceData.TexelMap, to box: Image.TexelBox, linear: Bool) -> Rect {
    guard m.b == 0, m.c == 0, m.a != 0, m.d != 0 else { return rect }
    let grow = linear ? 0.5 : 0
    let r = rect.standardized
    // u = a·x + tx, so x = (u − tx) / a; a negative scale swaps the ends.
    func span(_ lo: Int, _ hi: Int, _ a: Double, _ t: Double) -> (Double, Double) {
      let p = (Double(lo) - grow - t) / a, q = (Double(hi) + grow - t) / a
      return (min(p, q), max(p, q))
    }
    let (x0, x1) = span(box.x0, box.x1, m.a, m.tx), (y0, y1) = span(box.y0, box.y1, m.d, m.ty)
    let nx0 = max(r.minX, x0), nx1 = min(r.maxX, x1), ny0 = max(r.minY, y0), ny1 = min(r.maxY, y1)
    guard nx0 < nx1, ny0 < ny1 else { return rect }
    return Rect(x: nx0, y: ny0, width: nx1 - nx0, height: ny1 - ny0)
  }

  /// Whether the texel coordinates of `rect`'s corners lie within half a texel of the
  /// image: then bilinear filtering reads at most the border.
  static func samplesInside(_ m: InstanceData.TexelMap, _ rect: Rect, width: Int, height: Int) -> Bool {
    let r = rect.standardized
    // Corner by corner, no array: every small image draw of a frame asks (20000 sprites).
    func inside(_ x: Double, _ y: Double) -> Bool {
      let u = m.a * x + m.c * y + m.tx, v = m.b * x + m.d * y + m.ty
      return u >= -0.5 && v >= -0.5 && u <= Double(width) + 0.5 && v <= Double(height) + 0.5
    }
    return inside(r.minX, r.minY) && inside(r.maxX, r.minY) && inside(r.minX, r.maxY) && inside(r.maxX, r.maxY)
  }

  /// The page holding `image` and the texel of its first pixel, uploaded with its border
  /// when it is not there yet.
  /// Also the image's `contentBox`, remembered with it for the frame's next draws.
  private mutating func atlasImage(_ gl: GLCalls, _ image: Image) -> (page: GLTexture, x: Int, y: Int, box: Image.TexelBox?) {
    let id = image.id.value
    if let m = lastAtlasImage, m.id == id { return (m.page, m.x, m.y, m.box) }
    if atlasContentBoxes.count > Self.atlasContentBoxLimit { atlasContentBoxes.removeAll(keepingCapacity: true) }
    let box: Image.TexelBox?
    if let known = atlasContentBoxes[id] {
      box = known
    } else {
      box = image.contentBox
      atlasContentBoxes[id] = .some(box)
    }
    if let s = imageAtlas.slot(id) {
      let found = (page: imageAtlasPage(gl, s.page), x: s.x + 1, y: s.y + 1, box: box)
      lastAtlasImage = (id, found.page, found.x, found.y, box)
      return found
    }
    let (w, h) = (image.width + 2, image.height + 2)
    let s = imageAtlas.place(id, width: w, height: h, runs: [])
    let page = imageAtlasPage(gl, s.page)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), page.id)
    gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    gl.texSubImage2D(
      GL_TEXTURE_2D, level: 0, x: s.x, y: s.y, width: w, height: h, format: GL_RGBA, type: GL_UNSIGNED_BYTE,
      pixels: Self.bordered(image))
    atlasUploads += 1
    lastAtlasImage = (id, page, s.x + 1, s.y + 1, box)
    return (page, s.x + 1, s.y + 1, box)
  }

  /// `image` with a one-texel border repeating its edge texels.
  static func bordered(_ image: Image) -> [SIMD4<UInt8>] {
    let (w, h) = (image.width, image.height)
    let px = image.rgbaPixels
    var out: [SIMD4<UInt8>] = []
    out.reserveCapacity((w + 2) * (h + 2))
    for y in -1...h {
      let row = min(max(y, 0), h - 1) * w
      out.append(px[row])
      out.append(contentsOf: px[row..<(row + w)])
      out.append(px[row + w - 1])
    }
    return out
  }

  /// The texture of image atlas page `i`, made when the page is new; textures of pages the
  /// atlas let go are released.
  private mutating func imageAtlasPage(_ gl: GLCalls, _ i: Int) -> GLTexture {
    let pages = imageAtlas.pages
    while imageAtlasPages.count < pages.count { imageAtlasPages.append(nil) }
    for j in imageAtlasPages.indices where imageAtlasPages[j] != nil && imageAtlasPages[j]!.generation != pages[j]?.generation {
      imageAtlasPages[j] = nil
    }
    if let t = imageAtlasPages[i] { return t.texture }
    let p = pages[i]!
    let t = GLTexture(gl, width: p.width, height: p.height, levels: 1, garbage: garbage)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), t.id)
    gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(p.width), GLsizei(p.height))
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    imageAtlasPages[i] = (p.generation, t)
    return t
  }
}

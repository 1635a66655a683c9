import CEGL
import Strata

/// Uploaded textures, reused across frames while their image is alive and unchanged
/// (images are immutable, so identity is enough), within a memory budget: the least
/// recently used textures not needed by the current frame are released first.
final class TextureStore {
  struct Key: Hashable {
    let image: ObjectIdentifier
    /// Mipmap level of the source image uploaded as level 0 (non-zero only for heavily
    /// minified images larger than the texture limit).
    let level: Int
    let column: Int
    let row: Int
    let mipmapped: Bool
  }

  private struct Entry {
    let texture: GLTexture
    /// Keeps the image, and so its identity, alive while the texture exists.
    let image: Image
    var lastUsed: Int
  }

  var budgetBytes: Int
  private var entries: [Key: Entry] = [:]
  private var frame = 0
  private(set) var residentBytes = 0
  /// Textures uploaded since the store was made (for tests and `--verbose`).
  private(set) var uploads = 0
  private let garbage: GLGarbage

  init(budgetBytes: Int, garbage: GLGarbage) {
    self.budgetBytes = budgetBytes
    self.garbage = garbage
  }

  func beginFrame() { frame += 1 }

  /// The texture for `key`, uploading it when it is not resident.
  func texture(_ gl: GLCalls, key: Key, image: Image, tiling: TextureTiling) -> GLTexture {
    if var e = entries[key] {
      e.lastUsed = frame
      entries[key] = e
      return e.texture
    }
    let t = GLTexture.upload(gl, tile: key.column, key.row, of: image, tiling: tiling, mipmapped: key.mipmapped, garbage: garbage)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    entries[key] = Entry(texture: t, image: image, lastUsed: frame)
    residentBytes += t.bytes
    uploads += 1
    evict()
    return t
  }

  /// Releases least recently used textures from earlier frames until within budget.
  private func evict() {
    guard residentBytes > budgetBytes else { return }
    let old = entries.filter { $0.value.lastUsed < frame }.sorted { $0.value.lastUsed < $1.value.lastUsed }
    for (k, e) in old {
      guard residentBytes > budgetBytes else { break }
      entries[k] = nil
      residentBytes -= e.texture.bytes
    }
  }

  /// Drops every texture (after a context loss, say).
  func removeAll() {
    entries.removeAll()
    residentBytes = 0
  }
}

import CEGL
import Strata
import StrataRender

/// Uploaded textures, reused across frames while their image is unchanged, within a memory
/// budget: the least recently used textures not needed by the current frame are released
/// first.
///
/// Images are immutable and `Image.id` is never reused, so the key alone says whether a
/// texture still shows its image; the store does not keep images alive. Nor does it keep
/// the textures of images that are gone (tiles a tiled layer's cache dropped, say): they
/// can never be asked for again, so each frame starts by releasing them. On llvmpipe
/// textures are process memory, and waiting for the budget would hold hundreds of MiB of
/// dead tiles.
final class TextureStore {
  struct Key: Hashable {
    let image: Image.ID
    /// Mipmap level of the source image uploaded as level 0 (non-zero only for heavily
    /// minified images larger than the texture limit).
    let level: Int
    let column: Int
    let row: Int
    let mipmapped: Bool
  }

  /// A frame's textures stay until it is drawn, even over the budget: its instances are
  /// batched before they are drawn.
  private var cache: LRUCache<Key, GLTexture>
  private let garbage: GLGarbage
  /// The image of each resident texture, without keeping it alive.
  private var owners: [Key: WeakImage] = [:]

  private struct WeakImage {
    weak var image: Image?
  }

  init(budgetBytes: Int, garbage: GLGarbage) {
    cache = LRUCache(limits: CacheLimits(bytes: budgetBytes), keepsCurrentFrame: true)
    self.garbage = garbage
  }

  var budgetBytes: Int { cache.limits.bytes }
  /// Bytes of textures held now, mipmap levels included.
  var residentBytes: Int { cache.bytes }
  /// Textures uploaded since the store was made (for tests and `--verbose`): every miss
  /// uploads one.
  var uploads: Int { cache.statistics.misses }

  /// Starts a frame: releases the textures of images that no longer exist.
  ///
  /// - Complexity: O(resident textures).
  func beginFrame() {
    cache.beginFrame()
    for (key, owner) in owners where owner.image == nil {
      _ = cache.removeValue(for: key)  // its name is deleted through `GLGarbage` on release
      owners[key] = nil
    }
  }

  /// The texture for `key`, uploading it when it is not resident.
  func texture(_ gl: GLCalls, key: Key, image: Image, tiling: TextureTiling) -> GLTexture {
    if let t = cache.value(for: key) { return t }
    let t = GLTexture.upload(gl, tile: key.column, key.row, of: image, tiling: tiling, mipmapped: key.mipmapped, garbage: garbage)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    // Evicted textures delete their names (deferred to `GLGarbage`) when released here.
    owners[key] = WeakImage(image: image)
    if !cache.insert(t, bytes: t.bytes, for: key).isEmpty {
      owners = owners.filter { cache.contains($0.key) }
    }
    return t
  }

  /// Drops every texture (after a context loss, say).
  func removeAll() {
    _ = cache.removeAll()
    owners = [:]
  }
}

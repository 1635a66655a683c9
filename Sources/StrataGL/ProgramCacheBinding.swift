import CEGL

/// The program binary cache as one renderer uses it: the directory, the driver's strings
/// that are part of every key, and what it did. Used under the renderer's lock only.
final class ProgramCacheBinding {
  let cache: ProgramBinaryCache
  let driver: String
  var stats = ProgramBinaryCache.Stats()

  init(cache: ProgramBinaryCache, driver: String) {
    self.cache = cache
    self.driver = driver
  }

  func key(vertex: String, fragment: String) -> [UInt8] {
    ProgramBinaryCache.key(driver: driver, vertex: vertex, fragment: fragment)
  }

  /// A program made from the binary stored for `key`; nil on a miss, a damaged file or a
  /// binary the driver refuses (each counted in `stats`).
  func load(_ gl: GLCalls, key: [UInt8]) -> GLuint? {
    var damaged = false
    guard let (format, bytes) = cache.load(key, damaged: &damaged) else {
      if damaged { stats.rejected += 1 }
      return nil
    }
    let p = gl.createProgram()
    gl.programBinary(p, GLenum(format), bytes)
    // An unknown format is GL_INVALID_ENUM: cleared here, so the frame's own error check
    // does not take a refused binary for a failed frame.
    var errors = 0
    while errors < 8, gl.getError() != GLenum(GL_NO_ERROR) { errors += 1 }
    guard gl.getProgramiv(p, GL_LINK_STATUS) == GL_TRUE else {
      gl.deleteProgram(p)
      stats.rejected += 1
      return nil
    }
    stats.loaded += 1
    return p
  }

  /// Stores the binary of the just-linked `program` for `key`.
  func store(_ gl: GLCalls, _ program: GLuint, key: [UInt8]) {
    guard let (format, bytes) = gl.getProgramBinary(program) else { return }
    if cache.store(key, format: UInt32(format), bytes: bytes) { stats.stored += 1 }
  }
}

import CEGL
import Synchronization

/// GL object names whose owners have gone, deleted the next time the context is current.
///
/// Owners (`GLTexture`, `GLFramebuffer`, …) may be released on any thread and at any time;
/// GL objects can only be deleted with their context current, so deletion is deferred here.
final class GLGarbage: Sendable {
  private let pending = Mutex<(textures: [GLuint], framebuffers: [GLuint], renderbuffers: [GLuint], buffers: [GLuint], arrays: [GLuint])>(([], [], [], [], []))

  func texture(_ id: GLuint) { pending.withLock { $0.textures.append(id) } }
  func framebuffer(_ id: GLuint) { pending.withLock { $0.framebuffers.append(id) } }
  func renderbuffer(_ id: GLuint) { pending.withLock { $0.renderbuffers.append(id) } }
  func buffer(_ id: GLuint) { pending.withLock { $0.buffers.append(id) } }
  func vertexArray(_ id: GLuint) { pending.withLock { $0.arrays.append(id) } }

  /// Deletes everything pending; the context must be current.
  func collect(_ gl: GLCalls) {
    let p = pending.withLock { p in
      defer { p = ([], [], [], [], []) }
      return p
    }
    if !p.textures.isEmpty { gl.deleteTextures(GLsizei(p.textures.count), p.textures) }
    if !p.framebuffers.isEmpty { gl.deleteFramebuffers(GLsizei(p.framebuffers.count), p.framebuffers) }
    if !p.renderbuffers.isEmpty { gl.deleteRenderbuffers(GLsizei(p.renderbuffers.count), p.renderbuffers) }
    if !p.buffers.isEmpty { gl.deleteBuffers(GLsizei(p.buffers.count), p.buffers) }
    if !p.arrays.isEmpty { gl.deleteVertexArrays(GLsizei(p.arrays.count), p.arrays) }
  }
}

/// Owns one texture name.
final class GLTexture: Sendable {
  let id: GLuint
  let width: Int
  let height: Int
  let levels: Int
  let bytes: Int
  private let garbage: GLGarbage

  init(_ gl: GLCalls, width: Int, height: Int, levels: Int, garbage: GLGarbage) {
    var id: GLuint = 0
    gl.genTextures(1, &id)
    self.id = id
    self.width = width
    self.height = height
    self.levels = levels
    self.garbage = garbage
    var b = 0, w = width, h = height
    for _ in 0..<levels { b += w * h * 4; w = max(1, w / 2); h = max(1, h / 2) }
    bytes = b
  }

  deinit { garbage.texture(id) }
}

/// A render target: an RGBA8 texture and the framebuffer that draws into it, covering
/// `bounds` in device pixels. Texture-backed, so later passes can read what it holds.
final class GLTarget: Sendable {
  let texture: GLTexture
  let framebuffer: GLuint
  let width: Int
  let height: Int
  private let garbage: GLGarbage

  init(_ gl: GLCalls, width: Int, height: Int, garbage: GLGarbage) throws(GLRenderError) {
    self.width = width
    self.height = height
    self.garbage = garbage
    let t = GLTexture(gl, width: width, height: height, levels: 1, garbage: garbage)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), t.id)
    gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
    texture = t
    var fb: GLuint = 0
    gl.genFramebuffers(1, &fb)
    framebuffer = fb
    gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), fb)
    gl.framebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t.id, 0)
    let status = gl.checkFramebufferStatus(GLenum(GL_FRAMEBUFFER))
    guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
      throw .unsupported("a \(width)x\(height) RGBA8 render target is incomplete (status 0x\(String(status, radix: 16)))")
    }
  }

  deinit { garbage.framebuffer(framebuffer) }
}

/// Render targets kept between uses, by size: offscreen groups of the same size (common
/// from frame to frame) reuse their textures instead of allocating new ones.
final class GLTargetPool {
  private var free: [Int: [GLTarget]] = [:]
  private let garbage: GLGarbage
  /// Targets made since the pool was created (for tests).
  private(set) var created = 0

  init(garbage: GLGarbage) { self.garbage = garbage }

  func acquire(_ gl: GLCalls, width: Int, height: Int) throws(GLRenderError) -> GLTarget {
    let key = width << 32 | height
    if let t = free[key]?.popLast() { return t }
    created += 1
    return try GLTarget(gl, width: width, height: height, garbage: garbage)
  }

  func release(_ t: GLTarget) { free[t.width << 32 | t.height, default: []].append(t) }

  /// Drops spare targets beyond a few per size.
  func trim() {
    for k in free.keys where free[k]!.count > 4 { free[k]!.removeFirst(free[k]!.count - 4) }
  }
}

/// Owns a buffer object.
final class GLBuffer: Sendable {
  let id: GLuint
  private let garbage: GLGarbage

  init(_ gl: GLCalls, garbage: GLGarbage) {
    var id: GLuint = 0
    gl.genBuffers(1, &id)
    self.id = id
    self.garbage = garbage
  }

  deinit { garbage.buffer(id) }
}

/// Owns a vertex array object.
final class GLVertexArray: Sendable {
  let id: GLuint
  private let garbage: GLGarbage

  init(_ gl: GLCalls, garbage: GLGarbage) {
    var id: GLuint = 0
    gl.genVertexArrays(1, &id)
    self.id = id
    self.garbage = garbage
  }

  deinit { garbage.vertexArray(id) }
}

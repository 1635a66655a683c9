import CEGL
import StrataRender
import StrataSync

/// GL object names whose owners have gone, deleted the next time the context is current.
///
/// Owners (`GLTexture`, `GLFramebuffer`, …) may be released on any thread and at any time;
/// GL objects can only be deleted with their context current, so deletion is deferred here.
final class GLGarbage: Sendable {
  /// The kinds of GL object names, each deleted by its own call.
  enum Kind: CaseIterable, Sendable {
    case texture, framebuffer, buffer, vertexArray, program
  }

  private let pending = Locked<[(Kind, GLuint)]>([])

  /// Queues `id` for deletion.
  func release(_ kind: Kind, _ id: GLuint) { pending.withLock { $0.append((kind, id)) } }

  /// Deletes everything pending; the context must be current.
  func collect(_ gl: GLCalls) {
    let p = pending.withLock { p in
      defer { p = [] }
      return p
    }
    for kind in Kind.allCases {
      let ids = p.filter { $0.0 == kind }.map(\.1)
      guard !ids.isEmpty else { continue }
      switch kind {
      case .texture: gl.deleteTextures(ids)
      case .framebuffer: gl.deleteFramebuffers(ids)
      case .buffer: gl.deleteBuffers(ids)
      case .vertexArray: gl.deleteVertexArrays(ids)
      case .program: for id in ids { gl.deleteProgram(id) }
      }
    }
  }
}

/// Owns one texture name.
final class GLTexture: Sendable {
  let id: GLuint
  let width: Int
  let height: Int
  /// GL mipmap levels allocated.
  let levels: Int
  /// Where the image's mipmap levels lie inside level 0 (see `TextureLevels`).
  let layout: TextureLevels
  let bytes: Int
  private let garbage: GLGarbage

  init(
    _ gl: GLCalls, width: Int, height: Int, levels: Int, garbage: GLGarbage, layout: TextureLevels? = nil,
    bytesPerTexel: Int = 4
  ) {
    self.id = gl.genTexture()
    self.width = width
    self.height = height
    self.levels = levels
    self.layout = layout ?? .single(width: width, height: height)
    self.garbage = garbage
    var b = 0, w = width, h = height
    for _ in 0..<levels { b += w * h * bytesPerTexel; w = max(1, w / 2); h = max(1, h / 2) }
    bytes = b
  }

  deinit { garbage.release(.texture, id) }
}

/// A render target: an 8-bit RGBA texture and the
/// framebuffer that draws into it, covering `bounds` in device pixels. Texture-backed, so
/// later passes can read what it holds.
///
/// The 8-bit texture is stored BGRA (`GL_EXT_texture_format_BGRA8888`) when asked and
/// complete, else RGBA8: the same texels to every shader and to `glReadPixels` of RGBA.
/// llvmpipe (Mesa 22) draws screen-aligned quads as rectangles, without edge functions
/// or a shared diagonal, and runs its 8-bit "linear" shaders, only into B8G8R8A8 targets.
final class GLTarget: Sendable {
  let texture: GLTexture
  let framebuffer: GLuint
  let width: Int
  let height: Int
  /// Whether the 8-bit texture is stored BGRA.
  let isBGRA: Bool
  private let garbage: GLGarbage

  init(
    _ gl: GLCalls, width: Int, height: Int, bgra: Bool = false, garbage: GLGarbage
  ) throws(GLRenderError) {
    self.width = width
    self.height = height
    self.garbage = garbage
    let (internalFormat, bytes) = (GL_RGBA8, 4)
    let fb = gl.genFramebuffer()
    framebuffer = fb
    var t: GLTexture? = nil
    var bgraComplete = false
    if bgra {
      let b = Self.texture(gl, width, height, bytes, garbage) {
        gl.allocateTexImage2D(
          GL_TEXTURE_2D, level: 0, internalFormat: GL_BGRA_EXT, width: width, height: height, format: GL_BGRA_EXT,
          type: GL_UNSIGNED_BYTE)
      }
      bgraComplete = Self.attach(gl, b, to: fb) == GLenum(GL_FRAMEBUFFER_COMPLETE)
      if bgraComplete { t = b }
    }
    isBGRA = bgraComplete
    if t == nil {
      t = Self.texture(gl, width, height, bytes, garbage) {
        gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(internalFormat), GLsizei(width), GLsizei(height))
      }
      let status = Self.attach(gl, t!, to: fb)
      guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
        throw .unsupported(
          "a \(width)x\(height) rgba8 render target is incomplete (status 0x\(String(status, radix: 16)))")
      }
    }
    texture = t!
  }

  /// A new texture, its level 0 made by `allocate`, sampled unfiltered.
  private static func texture(
    _ gl: GLCalls, _ width: Int, _ height: Int, _ bytes: Int, _ garbage: GLGarbage, allocate: () -> Void
  ) -> GLTexture {
    let t = GLTexture(gl, width: width, height: height, levels: 1, garbage: garbage, bytesPerTexel: bytes)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), t.id)
    allocate()
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
    gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
    return t
  }

  /// Attaches `t` as the framebuffer's colour and returns its status.
  private static func attach(_ gl: GLCalls, _ t: GLTexture, to fb: GLuint) -> GLenum {
    gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), fb)
    gl.framebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t.id, 0)
    return gl.checkFramebufferStatus(GLenum(GL_FRAMEBUFFER))
  }

  deinit { garbage.release(.framebuffer, framebuffer) }
}

/// Render targets kept between uses, by size: offscreen groups of the same size (common
/// from frame to frame) reuse their textures instead of allocating new ones. Spare targets
/// take at most `limit` bytes (`RenderLimits.pooledBytes`, as the CPU's surface pool);
/// one released beyond it is deleted.
final class GLTargetPool {
  private var free: [Int: [GLTarget]] = [:]
  private let garbage: GLGarbage
  /// The most bytes of spare targets kept.
  let limit: Int
  /// Bytes of spare targets kept now.
  private(set) var freeBytes = 0
  /// Targets made since the pool was created (for tests).
  private(set) var created = 0

  /// Whether 8-bit targets are made BGRA (`GLTarget`).
  let bgra: Bool

  init(garbage: GLGarbage, limit: Int = RenderLimits.pooledBytes, bgra: Bool = false) {
    self.garbage = garbage
    self.bgra = bgra
    self.limit = limit
  }

  func acquire(_ gl: GLCalls, width: Int, height: Int) throws(GLRenderError) -> GLTarget {
    let key = Self.key(width, height)
    if let t = free[key]?.popLast() {
      freeBytes -= t.texture.bytes
      return t
    }
    created += 1
    return try GLTarget(gl, width: width, height: height, bgra: bgra, garbage: garbage)
  }

  /// The size as one key (sizes stay below 2^30).
  private static func key(_ width: Int, _ height: Int) -> Int { (width << 30) | height }

  func release(_ t: GLTarget) {
    // Dropped (its names queued for deletion) rather than kept beyond the limit.
    guard freeBytes + t.texture.bytes <= limit else { return }
    free[Self.key(t.width, t.height), default: []].append(t)
    freeBytes += t.texture.bytes
  }

  /// Drops spare targets beyond a few per size.
  func trim() {
    for k in free.keys where free[k]!.count > 4 {
      let dropped = free[k]!.prefix(free[k]!.count - 4)
      freeBytes -= dropped.reduce(0) { $0 + $1.texture.bytes }
      free[k]!.removeFirst(dropped.count)
    }
  }
}

/// Owns one buffer or vertex array name.
final class GLName: Sendable {
  let id: GLuint
  private let kind: GLGarbage.Kind
  private let garbage: GLGarbage

  init(_ gl: GLCalls, _ kind: GLGarbage.Kind, garbage: GLGarbage) {
    precondition(kind == .buffer || kind == .vertexArray, "GLName owns buffers and vertex arrays")
    self.id = kind == .buffer ? gl.genBuffer() : gl.genVertexArray()
    self.kind = kind
    self.garbage = garbage
  }

  deinit { garbage.release(kind, id) }
}

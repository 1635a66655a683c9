import CEGL
import Foundation

/// The OpenGL ES 3.0 entry points Strata uses, loaded at run time (from `libGLESv2.so.2`,
/// else through `eglGetProcAddress`). Every GL call in the package goes through this table,
/// with the context current on the calling thread. Only functions Strata calls are here: a
/// driver lacking any of them cannot run the GPU backend, so nothing unused may be added
/// (`GLLifetimeTests` checks).
///
/// Entry points that take only numbers are called directly. Those that take C pointers are
/// private, and this file wraps each in a method of the same name taking Swift arrays and
/// strings, which checks the sizes GL will read or write: the only unsafe GL code of the
/// package is in this file.
@safe struct GLCalls: @unchecked Sendable {
  private let getString: PFNGLGETSTRINGPROC
  private let getIntegerv: PFNGLGETINTEGERVPROC
  let getError: PFNGLGETERRORPROC
  let finish: PFNGLFINISHPROC
  let enable: PFNGLENABLEPROC
  let disable: PFNGLDISABLEPROC
  let blendFunc: PFNGLBLENDFUNCPROC
  let viewport: PFNGLVIEWPORTPROC
  let clearColor: PFNGLCLEARCOLORPROC
  let clear: PFNGLCLEARPROC
  let pixelStorei: PFNGLPIXELSTOREIPROC
  let createShader: PFNGLCREATESHADERPROC
  private let shaderSource: PFNGLSHADERSOURCEPROC
  let compileShader: PFNGLCOMPILESHADERPROC
  private let getShaderiv: PFNGLGETSHADERIVPROC
  private let getShaderInfoLog: PFNGLGETSHADERINFOLOGPROC
  let deleteShader: PFNGLDELETESHADERPROC
  let createProgram: PFNGLCREATEPROGRAMPROC
  let attachShader: PFNGLATTACHSHADERPROC
  let linkProgram: PFNGLLINKPROGRAMPROC
  private let getProgramiv: PFNGLGETPROGRAMIVPROC
  private let getProgramInfoLog: PFNGLGETPROGRAMINFOLOGPROC
  let deleteProgram: PFNGLDELETEPROGRAMPROC
  private let getProgramBinary: PFNGLGETPROGRAMBINARYPROC
  private let programBinary: PFNGLPROGRAMBINARYPROC
  let programParameteri: PFNGLPROGRAMPARAMETERIPROC
  let useProgram: PFNGLUSEPROGRAMPROC
  private let getUniformLocation: PFNGLGETUNIFORMLOCATIONPROC
  let uniform1i: PFNGLUNIFORM1IPROC
  private let uniform1fv: PFNGLUNIFORM1FVPROC
  let uniform3f: PFNGLUNIFORM3FPROC
  let uniform1f: PFNGLUNIFORM1FPROC
  let uniform2f: PFNGLUNIFORM2FPROC
  let uniform4f: PFNGLUNIFORM4FPROC
  private let uniform4fv: PFNGLUNIFORM4FVPROC
  private let genTextures: PFNGLGENTEXTURESPROC
  private let deleteTextures: PFNGLDELETETEXTURESPROC
  let bindTexture: PFNGLBINDTEXTUREPROC
  let activeTexture: PFNGLACTIVETEXTUREPROC
  let texStorage2D: PFNGLTEXSTORAGE2DPROC
  private let texSubImage2D: PFNGLTEXSUBIMAGE2DPROC
  private let texImage2D: PFNGLTEXIMAGE2DPROC
  let texParameteri: PFNGLTEXPARAMETERIPROC
  private let genFramebuffers: PFNGLGENFRAMEBUFFERSPROC
  private let deleteFramebuffers: PFNGLDELETEFRAMEBUFFERSPROC
  let bindFramebuffer: PFNGLBINDFRAMEBUFFERPROC
  let framebufferTexture2D: PFNGLFRAMEBUFFERTEXTURE2DPROC
  let checkFramebufferStatus: PFNGLCHECKFRAMEBUFFERSTATUSPROC
  private let genBuffers: PFNGLGENBUFFERSPROC
  private let deleteBuffers: PFNGLDELETEBUFFERSPROC
  let bindBuffer: PFNGLBINDBUFFERPROC
  private let bufferData: PFNGLBUFFERDATAPROC
  private let genVertexArrays: PFNGLGENVERTEXARRAYSPROC
  private let deleteVertexArrays: PFNGLDELETEVERTEXARRAYSPROC
  let bindVertexArray: PFNGLBINDVERTEXARRAYPROC
  let enableVertexAttribArray: PFNGLENABLEVERTEXATTRIBARRAYPROC
  let disableVertexAttribArray: PFNGLDISABLEVERTEXATTRIBARRAYPROC
  private let vertexAttribPointer: PFNGLVERTEXATTRIBPOINTERPROC
  let vertexAttribDivisor: PFNGLVERTEXATTRIBDIVISORPROC
  let drawArraysInstanced: PFNGLDRAWARRAYSINSTANCEDPROC
  private let readPixels: PFNGLREADPIXELSPROC
  /// `GL_EXT_robustness` / `GL_KHR_robustness`; nil when neither is offered.
  let getGraphicsResetStatus: PFNGLGETGRAPHICSRESETSTATUSEXTPROC?
  /// `GL_KHR_debug`; nil when not offered.
  private let debugMessageCallback: PFNGLDEBUGMESSAGECALLBACKKHRPROC?

  static func load(_ egl: EGLCalls) -> Result<GLCalls, GLSetupError> {
    let lib = try? DynamicLibrary.open(["libGLESv2.so.2", "libGLESv2.so"]).get()
    return unsafe load { name in
      if let p = unsafe lib?.symbol(name) { return unsafe p }
      return unsafe egl.procAddress(name)
    }
  }

  /// Loads every entry point through `find` (a symbol lookup); fails naming the first
  /// required one it lacks. Only functions Strata calls are required.
  static func load(_ find: (String) -> UnsafeMutableRawPointer?) -> Result<GLCalls, GLSetupError> {
    // A symbol's address is trusted to be the function its name says.
    func fn<T>(_ name: String, _: T.Type) throws(GLSetupError) -> T {
      guard let p = unsafe find(name) else { throw .functionMissing(name) }
      return unsafe unsafeBitCast(p, to: T.self)
    }
    func ext<T>(_ names: [String], _: T.Type) -> T? {
      for n in names { if let p = unsafe find(n) { return unsafe unsafeBitCast(p, to: T.self) } }
      return nil
    }
    do {
      return .success(unsafe GLCalls(
        getString: try fn("glGetString", PFNGLGETSTRINGPROC.self),
        getIntegerv: try fn("glGetIntegerv", PFNGLGETINTEGERVPROC.self),
        getError: try fn("glGetError", PFNGLGETERRORPROC.self),
        finish: try fn("glFinish", PFNGLFINISHPROC.self),
        enable: try fn("glEnable", PFNGLENABLEPROC.self),
        disable: try fn("glDisable", PFNGLDISABLEPROC.self),
        blendFunc: try fn("glBlendFunc", PFNGLBLENDFUNCPROC.self),
        viewport: try fn("glViewport", PFNGLVIEWPORTPROC.self),
        clearColor: try fn("glClearColor", PFNGLCLEARCOLORPROC.self),
        clear: try fn("glClear", PFNGLCLEARPROC.self),
        pixelStorei: try fn("glPixelStorei", PFNGLPIXELSTOREIPROC.self),
        createShader: try fn("glCreateShader", PFNGLCREATESHADERPROC.self),
        shaderSource: try fn("glShaderSource", PFNGLSHADERSOURCEPROC.self),
        compileShader: try fn("glCompileShader", PFNGLCOMPILESHADERPROC.self),
        getShaderiv: try fn("glGetShaderiv", PFNGLGETSHADERIVPROC.self),
        getShaderInfoLog: try fn("glGetShaderInfoLog", PFNGLGETSHADERINFOLOGPROC.self),
        deleteShader: try fn("glDeleteShader", PFNGLDELETESHADERPROC.self),
        createProgram: try fn("glCreateProgram", PFNGLCREATEPROGRAMPROC.self),
        attachShader: try fn("glAttachShader", PFNGLATTACHSHADERPROC.self),
        linkProgram: try fn("glLinkProgram", PFNGLLINKPROGRAMPROC.self),
        getProgramiv: try fn("glGetProgramiv", PFNGLGETPROGRAMIVPROC.self),
        getProgramInfoLog: try fn("glGetProgramInfoLog", PFNGLGETPROGRAMINFOLOGPROC.self),
        deleteProgram: try fn("glDeleteProgram", PFNGLDELETEPROGRAMPROC.self),
        getProgramBinary: try fn("glGetProgramBinary", PFNGLGETPROGRAMBINARYPROC.self),
        programBinary: try fn("glProgramBinary", PFNGLPROGRAMBINARYPROC.self),
        programParameteri: try fn("glProgramParameteri", PFNGLPROGRAMPARAMETERIPROC.self),
        useProgram: try fn("glUseProgram", PFNGLUSEPROGRAMPROC.self),
        getUniformLocation: try fn("glGetUniformLocation", PFNGLGETUNIFORMLOCATIONPROC.self),
        uniform1i: try fn("glUniform1i", PFNGLUNIFORM1IPROC.self),
        uniform1fv: try fn("glUniform1fv", PFNGLUNIFORM1FVPROC.self),
        uniform3f: try fn("glUniform3f", PFNGLUNIFORM3FPROC.self),
        uniform1f: try fn("glUniform1f", PFNGLUNIFORM1FPROC.self),
        uniform2f: try fn("glUniform2f", PFNGLUNIFORM2FPROC.self),
        uniform4f: try fn("glUniform4f", PFNGLUNIFORM4FPROC.self),
        uniform4fv: try fn("glUniform4fv", PFNGLUNIFORM4FVPROC.self),
        genTextures: try fn("glGenTextures", PFNGLGENTEXTURESPROC.self),
        deleteTextures: try fn("glDeleteTextures", PFNGLDELETETEXTURESPROC.self),
        bindTexture: try fn("glBindTexture", PFNGLBINDTEXTUREPROC.self),
        activeTexture: try fn("glActiveTexture", PFNGLACTIVETEXTUREPROC.self),
        texStorage2D: try fn("glTexStorage2D", PFNGLTEXSTORAGE2DPROC.self),
        texSubImage2D: try fn("glTexSubImage2D", PFNGLTEXSUBIMAGE2DPROC.self),
        texImage2D: try fn("glTexImage2D", PFNGLTEXIMAGE2DPROC.self),
        texParameteri: try fn("glTexParameteri", PFNGLTEXPARAMETERIPROC.self),
        genFramebuffers: try fn("glGenFramebuffers", PFNGLGENFRAMEBUFFERSPROC.self),
        deleteFramebuffers: try fn("glDeleteFramebuffers", PFNGLDELETEFRAMEBUFFERSPROC.self),
        bindFramebuffer: try fn("glBindFramebuffer", PFNGLBINDFRAMEBUFFERPROC.self),
        framebufferTexture2D: try fn("glFramebufferTexture2D", PFNGLFRAMEBUFFERTEXTURE2DPROC.self),
        checkFramebufferStatus: try fn("glCheckFramebufferStatus", PFNGLCHECKFRAMEBUFFERSTATUSPROC.self),
        genBuffers: try fn("glGenBuffers", PFNGLGENBUFFERSPROC.self),
        deleteBuffers: try fn("glDeleteBuffers", PFNGLDELETEBUFFERSPROC.self),
        bindBuffer: try fn("glBindBuffer", PFNGLBINDBUFFERPROC.self),
        bufferData: try fn("glBufferData", PFNGLBUFFERDATAPROC.self),
        genVertexArrays: try fn("glGenVertexArrays", PFNGLGENVERTEXARRAYSPROC.self),
        deleteVertexArrays: try fn("glDeleteVertexArrays", PFNGLDELETEVERTEXARRAYSPROC.self),
        bindVertexArray: try fn("glBindVertexArray", PFNGLBINDVERTEXARRAYPROC.self),
        enableVertexAttribArray: try fn("glEnableVertexAttribArray", PFNGLENABLEVERTEXATTRIBARRAYPROC.self),
        disableVertexAttribArray: try fn("glDisableVertexAttribArray", PFNGLDISABLEVERTEXATTRIBARRAYPROC.self),
        vertexAttribPointer: try fn("glVertexAttribPointer", PFNGLVERTEXATTRIBPOINTERPROC.self),
        vertexAttribDivisor: try fn("glVertexAttribDivisor", PFNGLVERTEXATTRIBDIVISORPROC.self),
        drawArraysInstanced: try fn("glDrawArraysInstanced", PFNGLDRAWARRAYSINSTANCEDPROC.self),
        readPixels: try fn("glReadPixels", PFNGLREADPIXELSPROC.self),
        getGraphicsResetStatus: ext(["glGetGraphicsResetStatusKHR", "glGetGraphicsResetStatusEXT", "glGetGraphicsResetStatus"], PFNGLGETGRAPHICSRESETSTATUSEXTPROC.self),
        debugMessageCallback: ext(["glDebugMessageCallbackKHR", "glDebugMessageCallback"], PFNGLDEBUGMESSAGECALLBACKKHRPROC.self)))
    } catch {
      return .failure(error)
    }
  }
}

// The pointer-taking entry points, wrapped. Each wrapper passes GL a pointer into a Swift
// array or string that lives for the call, and checks first that it holds what GL reads or
// writes.
extension GLCalls {
  /// A `glGetString` value, or "" when the driver returns none.
  ///
  /// The corresponding C function is `glGetString`.
  func string(_ name: Int32) -> String {
    guard let p = unsafe getString(GLenum(name)) else { return "" }
    return unsafe String(cString: p)
  }

  /// A single `glGetIntegerv` value.
  func integer(_ name: Int32) -> Int { Int(integers(name, count: 1)[0]) }

  /// The first `count` values of a `glGetIntegerv` query (two for `GL_MAX_VIEWPORT_DIMS`).
  ///
  /// The corresponding C function is `glGetIntegerv`.
  func integers(_ name: Int32, count: Int) -> [GLint] {
    // Fixed-size queries answer at most four values; the lists of formats, whose length
    // only the driver knows, would overrun the buffer.
    precondition(
      ![GL_COMPRESSED_TEXTURE_FORMATS, GL_SHADER_BINARY_FORMATS, GL_PROGRAM_BINARY_FORMATS].contains(name),
      "glGetIntegerv of a format list needs its length first")
    precondition(count >= 1 && count <= 4, "glGetIntegerv answers one to four values")
    var v = [GLint](repeating: 0, count: 4)
    unsafe getIntegerv(GLenum(name), &v)
    return Array(v.prefix(count))
  }

  /// Sets the source text of `shader`.
  ///
  /// The corresponding C function is `glShaderSource`.
  func shaderSource(_ shader: GLuint, _ source: String) {
    unsafe source.withCString { p in
      var ptr: UnsafePointer<GLchar>? = unsafe p
      unsafe shaderSource(shader, 1, &ptr, nil)
    }
  }

  /// A shader parameter (`GL_COMPILE_STATUS`, `GL_INFO_LOG_LENGTH`).
  ///
  /// The corresponding C function is `glGetShaderiv`.
  func getShaderiv(_ shader: GLuint, _ name: Int32) -> GLint {
    var v: GLint = 0
    unsafe getShaderiv(shader, GLenum(name), &v)
    return v
  }

  /// A program parameter (`GL_LINK_STATUS`, `GL_INFO_LOG_LENGTH`).
  ///
  /// The corresponding C function is `glGetProgramiv`.
  func getProgramiv(_ program: GLuint, _ name: Int32) -> GLint {
    var v: GLint = 0
    unsafe getProgramiv(program, GLenum(name), &v)
    return v
  }

  /// The linked `program` as the driver's binary and its format; nil when it gives none.
  ///
  /// The corresponding C function is `glGetProgramBinary`.
  func getProgramBinary(_ program: GLuint) -> (format: GLenum, bytes: [UInt8])? {
    let n = Int(getProgramiv(program, GL_PROGRAM_BINARY_LENGTH))
    guard n > 0, n <= Int(Int32.max) else { return nil }
    var bytes = [UInt8](repeating: 0, count: n)
    var length: GLsizei = 0
    var format: GLenum = 0
    unsafe bytes.withUnsafeMutableBytes { unsafe getProgramBinary(program, GLsizei(n), &length, &format, $0.baseAddress) }
    guard length > 0, Int(length) <= n else { return nil }
    return (format, Array(bytes.prefix(Int(length))))
  }

  /// Loads a binary from `getProgramBinary` into `program`; `GL_LINK_STATUS` says whether
  /// the driver took it.
  ///
  /// The corresponding C function is `glProgramBinary`.
  func programBinary(_ program: GLuint, _ format: GLenum, _ bytes: [UInt8]) {
    precondition(!bytes.isEmpty && bytes.count <= Int(Int32.max), "a program binary of \(bytes.count) bytes")
    unsafe bytes.withUnsafeBytes { unsafe programBinary(program, format, $0.baseAddress, GLsizei(bytes.count)) }
  }

  /// The compiler's log of `shader`.
  ///
  /// The corresponding C function is `glGetShaderInfoLog`.
  func getShaderInfoLog(_ shader: GLuint) -> String {
    unsafe Self.log(size: getShaderiv(shader, GL_INFO_LOG_LENGTH)) { n, len, buf in
      unsafe getShaderInfoLog(shader, n, len, buf)
    }
  }

  /// The linker's log of `program`.
  ///
  /// The corresponding C function is `glGetProgramInfoLog`.
  func getProgramInfoLog(_ program: GLuint) -> String {
    unsafe Self.log(size: getProgramiv(program, GL_INFO_LOG_LENGTH)) { n, len, buf in
      unsafe getProgramInfoLog(program, n, len, buf)
    }
  }

  /// An info log of at most `size` characters, fetched by `fetch(capacity, &length, buffer)`.
  private static func log(
    size: GLint, _ fetch: (GLsizei, UnsafeMutablePointer<GLsizei>, UnsafeMutablePointer<GLchar>) -> Void
  ) -> String {
    let n = max(1, Int(size))
    var buf = [GLchar](repeating: 0, count: n + 1)
    var len: GLsizei = 0
    unsafe buf.withUnsafeMutableBufferPointer { unsafe fetch(GLsizei(n), &len, $0.baseAddress!) }
    let bytes = buf.prefix(max(0, min(Int(len), n))).map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The location of uniform `name` of `program` (-1 when it has none).
  ///
  /// The corresponding C function is `glGetUniformLocation`.
  func getUniformLocation(_ program: GLuint, _ name: String) -> GLint {
    unsafe name.withCString { unsafe getUniformLocation(program, $0) }
  }

  /// Sets a `float[]` uniform to `values`.
  ///
  /// The corresponding C function is `glUniform1fv`.
  func uniform1fv(_ location: GLint, _ values: [Float]) {
    unsafe uniform1fv(location, GLsizei(values.count), values)
  }

  /// Sets a `vec4[]` uniform to `values`, four floats each.
  ///
  /// The corresponding C function is `glUniform4fv`.
  func uniform4fv(_ location: GLint, _ values: [Float]) {
    precondition(values.count % 4 == 0, "a vec4 array needs four floats each")
    unsafe uniform4fv(location, GLsizei(values.count / 4), values)
  }

  /// A new texture name.
  ///
  /// The corresponding C function is `glGenTextures`.
  func genTexture() -> GLuint {
    var id: GLuint = 0
    unsafe genTextures(1, &id)
    return id
  }

  /// A new framebuffer name.
  ///
  /// The corresponding C function is `glGenFramebuffers`.
  func genFramebuffer() -> GLuint {
    var id: GLuint = 0
    unsafe genFramebuffers(1, &id)
    return id
  }

  /// A new buffer name.
  ///
  /// The corresponding C function is `glGenBuffers`.
  func genBuffer() -> GLuint {
    var id: GLuint = 0
    unsafe genBuffers(1, &id)
    return id
  }

  /// A new vertex array name.
  ///
  /// The corresponding C function is `glGenVertexArrays`.
  func genVertexArray() -> GLuint {
    var id: GLuint = 0
    unsafe genVertexArrays(1, &id)
    return id
  }

  /// The corresponding C function is `glDeleteTextures`.
  func deleteTextures(_ ids: [GLuint]) { unsafe deleteTextures(GLsizei(ids.count), ids) }

  /// The corresponding C function is `glDeleteFramebuffers`.
  func deleteFramebuffers(_ ids: [GLuint]) { unsafe deleteFramebuffers(GLsizei(ids.count), ids) }

  /// The corresponding C function is `glDeleteBuffers`.
  func deleteBuffers(_ ids: [GLuint]) { unsafe deleteBuffers(GLsizei(ids.count), ids) }

  /// The corresponding C function is `glDeleteVertexArrays`.
  func deleteVertexArrays(_ ids: [GLuint]) { unsafe deleteVertexArrays(GLsizei(ids.count), ids) }

  /// Bytes of one texel of `format` and `type`, for the combinations Strata transfers.
  static func texelBytes(format: Int32, type: Int32) -> Int {
    switch (format, type) {
    case (GL_RED, GL_UNSIGNED_BYTE): 1
    case (GL_RGBA, GL_UNSIGNED_BYTE), (GL_BGRA_EXT, GL_UNSIGNED_BYTE): 4
    case (GL_RGBA, GL_FLOAT), (GL_RGBA_INTEGER, GL_UNSIGNED_INT): 16
    default:
      preconditionFailure("no texel size known for format 0x\(String(format, radix: 16)), type 0x\(String(type, radix: 16))")
    }
  }

  /// Replaces the texels `[x, x + width) × [y, y + height)` of level `level` of the texture
  /// bound to `target` with `pixels`, rows packed (texels of four bytes or more, so any
  /// unpack alignment up to 4 adds no padding; one-byte texels need an alignment of 1).
  ///
  /// The corresponding C function is `glTexSubImage2D`.
  func texSubImage2D<T: BitwiseCopyable>(
    _ target: Int32, level: Int, x: Int, y: Int, width: Int, height: Int, format: Int32, type: Int32, pixels: [T]
  ) {
    precondition(
      pixels.count * MemoryLayout<T>.stride >= width * height * Self.texelBytes(format: format, type: type),
      "texSubImage2D needs width*height texels")
    unsafe pixels.withUnsafeBytes { p in
      unsafe texSubImage2D(
        GLenum(target), GLint(level), GLint(x), GLint(y), GLsizei(width), GLsizei(height), GLenum(format), GLenum(type),
        p.baseAddress)
    }
  }

  /// Allocates level `level` of the texture bound to `target` as `width × height` texels
  /// of `internalFormat`, contents undefined (no pixels are passed).
  ///
  /// The corresponding C function is `glTexImage2D`.
  func allocateTexImage2D(_ target: Int32, level: Int, internalFormat: Int32, width: Int, height: Int, format: Int32, type: Int32) {
    texImage2D(
      GLenum(target), GLint(level), GLint(internalFormat), GLsizei(width), GLsizei(height), 0, GLenum(format), GLenum(type), nil)
  }

  /// Reads the pixels `[x, x + width) × [y, y + height)` of the bound framebuffer into
  /// `pixels`, rows packed (the pack alignment must be at most 4).
  ///
  /// The corresponding C function is `glReadPixels`.
  func readPixels<T: BitwiseCopyable>(
    x: Int, y: Int, width: Int, height: Int, format: Int32, type: Int32, into pixels: inout [T]
  ) {
    precondition(
      pixels.count * MemoryLayout<T>.stride >= width * height * Self.texelBytes(format: format, type: type),
      "readPixels needs room for width*height texels")
    unsafe pixels.withUnsafeMutableBytes { p in
      unsafe readPixels(GLint(x), GLint(y), GLsizei(width), GLsizei(height), GLenum(format), GLenum(type), p.baseAddress)
    }
  }

  /// Reads the pixels `[x, x + width) × [y, y + height)` of the bound framebuffer, whose
  /// colour buffer is stored BGRA, into `pixels` as RGBA bytes, rows packed: read in the
  /// buffer's own order (`GL_EXT_read_format_bgra`: a copy in Mesa), red and blue swapped
  /// here 64 bytes a step. On llvmpipe a 1920 × 1080 RGBA read of a BGRA buffer costs about
  /// 2.6 ms (Mesa swaps per pixel), this 0.5 ms and 0.4 ms. The read goes in bands of
  /// about 256 KiB, each swapped at once while it is still in the cache, instead of a
  /// second pass over the whole frame from memory.
  ///
  /// - Complexity: O(width × height), one copy and one in-cache swap per byte.
  ///
  /// The corresponding C function is `glReadPixels`.
  func readBGRAPixelsAsRGBA(x: Int, y: Int, width: Int, height: Int, into pixels: inout [UInt8]) {
    precondition(pixels.count >= width * height * 4, "readPixels needs room for width*height texels")
    let rowBytes = width * 4
    let band = max(1, Self.readBandBytes / max(rowBytes, 1))
    var span = pixels.mutableSpan
    // Any bytes are valid UInt8s and UInt32s; the raw span checks every offset.
    var raw = unsafe span.mutableBytes
    var y0 = 0
    while y0 < height {
      let rows = min(band, height - y0)
      unsafe raw.withUnsafeMutableBytes { p in
        unsafe readPixels(
          GLint(x), GLint(y + y0), GLsizei(width), GLsizei(rows), GLenum(GL_BGRA_EXT), GLenum(GL_UNSIGNED_BYTE),
          p.baseAddress.map { unsafe $0 + y0 * rowBytes })
      }
      var offset = y0 * rowBytes
      let end = (y0 + rows) * rowBytes
      while offset + 64 <= end {
        let p = unsafe raw.unsafeLoadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self)
        let q = (p & 0xFF00_FF00) | ((p &>> 16) & 0xFF) | ((p & 0xFF) &<< 16)
        raw.storeBytes(of: q, toByteOffset: offset, as: SIMD16<UInt32>.self)
        offset += 64
      }
      while offset < end {
        let p = unsafe raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt32.self)
        raw.storeBytes(of: (p & 0xFF00_FF00) | ((p >> 16) & 0xFF) | ((p & 0xFF) << 16), toByteOffset: offset, as: UInt32.self)
        offset += 4
      }
      y0 += rows
    }
  }

  /// The bytes of one band of `readBGRAPixelsAsRGBA`: small enough to stay in the L2 cache
  /// between the copy and the swap.
  static let readBandBytes = 256 * 1024

  /// Fills the buffer bound to `target` with `data`.
  ///
  /// The corresponding C function is `glBufferData`.
  func bufferData<T: BitwiseCopyable>(_ target: Int32, _ data: [T], _ usage: Int32) {
    unsafe data.withUnsafeBytes { p in
      unsafe bufferData(GLenum(target), GLsizeiptr(p.count), p.baseAddress, GLenum(usage))
    }
  }

  /// Points attribute `index` at `offset` bytes into the buffer bound to `GL_ARRAY_BUFFER`
  /// (which must be one: without a buffer, GL would read the offset as an address).
  ///
  /// The corresponding C function is `glVertexAttribPointer`.
  func vertexAttribPointer(_ index: Int, size: Int, type: Int32, normalized: Bool, stride: Int, offset: Int) {
    assert(integer(GL_ARRAY_BUFFER_BINDING) != 0, "vertexAttribPointer needs a bound array buffer")
    unsafe vertexAttribPointer(
      GLuint(index), GLint(size), GLenum(type), GLboolean(normalized ? GL_TRUE : GL_FALSE), GLsizei(stride),
      UnsafeRawPointer(bitPattern: offset))
  }

  /// Whether `GL_KHR_debug` messages can be logged (`logDebugMessages`).
  var canLogDebugMessages: Bool { unsafe debugMessageCallback != nil }

  /// Writes every `GL_KHR_debug` message to standard error from now on.
  ///
  /// The corresponding C function is `glDebugMessageCallbackKHR`.
  func logDebugMessages() {
    unsafe debugMessageCallback?({ _, _, _, severity, length, message, _ in
      guard let message = unsafe message else { return }
      let text = unsafe String(decoding: UnsafeRawBufferPointer(start: message, count: Int(length)), as: UTF8.self)
      FileHandle.standardError.write("strata: GL debug (severity 0x\(String(severity, radix: 16))): \(text)\n".data(using: .utf8)!)
    }, nil)
  }
}

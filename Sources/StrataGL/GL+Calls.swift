import CEGL

/// The OpenGL ES 3.0 entry points Strata uses, loaded at run time (from `libGLESv2.so.2`,
/// else through `eglGetProcAddress`). Every GL call in the package goes through this table,
/// with the context current on the calling thread. Only functions Strata calls are here: a
/// driver lacking any of them cannot run the GPU backend, so nothing unused may be added
/// (`GLLifetimeTests` checks).
struct GLCalls: @unchecked Sendable {
  let getString: PFNGLGETSTRINGPROC
  let getIntegerv: PFNGLGETINTEGERVPROC
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
  let shaderSource: PFNGLSHADERSOURCEPROC
  let compileShader: PFNGLCOMPILESHADERPROC
  let getShaderiv: PFNGLGETSHADERIVPROC
  let getShaderInfoLog: PFNGLGETSHADERINFOLOGPROC
  let deleteShader: PFNGLDELETESHADERPROC
  let createProgram: PFNGLCREATEPROGRAMPROC
  let attachShader: PFNGLATTACHSHADERPROC
  let linkProgram: PFNGLLINKPROGRAMPROC
  let getProgramiv: PFNGLGETPROGRAMIVPROC
  let getProgramInfoLog: PFNGLGETPROGRAMINFOLOGPROC
  let deleteProgram: PFNGLDELETEPROGRAMPROC
  let useProgram: PFNGLUSEPROGRAMPROC
  let getUniformLocation: PFNGLGETUNIFORMLOCATIONPROC
  let uniform1i: PFNGLUNIFORM1IPROC
  let uniform1fv: PFNGLUNIFORM1FVPROC
  let uniform3f: PFNGLUNIFORM3FPROC
  let uniform1f: PFNGLUNIFORM1FPROC
  let uniform2f: PFNGLUNIFORM2FPROC
  let uniform4f: PFNGLUNIFORM4FPROC
  let uniform4fv: PFNGLUNIFORM4FVPROC
  let genTextures: PFNGLGENTEXTURESPROC
  let deleteTextures: PFNGLDELETETEXTURESPROC
  let bindTexture: PFNGLBINDTEXTUREPROC
  let activeTexture: PFNGLACTIVETEXTUREPROC
  let texStorage2D: PFNGLTEXSTORAGE2DPROC
  let texSubImage2D: PFNGLTEXSUBIMAGE2DPROC
  let texParameteri: PFNGLTEXPARAMETERIPROC
  let genFramebuffers: PFNGLGENFRAMEBUFFERSPROC
  let deleteFramebuffers: PFNGLDELETEFRAMEBUFFERSPROC
  let bindFramebuffer: PFNGLBINDFRAMEBUFFERPROC
  let framebufferTexture2D: PFNGLFRAMEBUFFERTEXTURE2DPROC
  let checkFramebufferStatus: PFNGLCHECKFRAMEBUFFERSTATUSPROC
  let genBuffers: PFNGLGENBUFFERSPROC
  let deleteBuffers: PFNGLDELETEBUFFERSPROC
  let bindBuffer: PFNGLBINDBUFFERPROC
  let bufferData: PFNGLBUFFERDATAPROC
  let genVertexArrays: PFNGLGENVERTEXARRAYSPROC
  let deleteVertexArrays: PFNGLDELETEVERTEXARRAYSPROC
  let bindVertexArray: PFNGLBINDVERTEXARRAYPROC
  let enableVertexAttribArray: PFNGLENABLEVERTEXATTRIBARRAYPROC
  let disableVertexAttribArray: PFNGLDISABLEVERTEXATTRIBARRAYPROC
  let vertexAttribPointer: PFNGLVERTEXATTRIBPOINTERPROC
  let vertexAttribDivisor: PFNGLVERTEXATTRIBDIVISORPROC
  let drawArraysInstanced: PFNGLDRAWARRAYSINSTANCEDPROC
  let readPixels: PFNGLREADPIXELSPROC
  /// `GL_EXT_robustness` / `GL_KHR_robustness`; nil when neither is offered.
  let getGraphicsResetStatus: PFNGLGETGRAPHICSRESETSTATUSEXTPROC?
  /// `GL_KHR_debug`; nil when not offered.
  let debugMessageCallback: PFNGLDEBUGMESSAGECALLBACKKHRPROC?

  static func load(_ egl: EGLCalls) -> Result<GLCalls, GLSetupError> {
    let lib = try? DynamicLibrary.open(["libGLESv2.so.2", "libGLESv2.so"]).get()
    return load { name in
      if let p = lib?.symbol(name) { return p }
      return egl.getProcAddress(name).map { unsafeBitCast($0, to: UnsafeMutableRawPointer.self) }
    }
  }

  /// Loads every entry point through `find` (a symbol lookup); fails naming the first
  /// required one it lacks. Only functions Strata calls are required.
  static func load(_ find: (String) -> UnsafeMutableRawPointer?) -> Result<GLCalls, GLSetupError> {
    func fn<T>(_ name: String, _: T.Type) throws(GLSetupError) -> T {
      guard let p = find(name) else { throw .functionMissing(name) }
      return unsafeBitCast(p, to: T.self)
    }
    func ext<T>(_ names: [String], _: T.Type) -> T? {
      for n in names { if let p = find(n) { return unsafeBitCast(p, to: T.self) } }
      return nil
    }
    do {
      return .success(GLCalls(
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

  /// A `glGetString` value, or "" when the driver returns none.
  func string(_ name: Int32) -> String {
    guard let p = getString(GLenum(name)) else { return "" }
    return String(cString: p)
  }

  /// A single `glGetIntegerv` value.
  func integer(_ name: Int32) -> Int {
    var v: GLint = 0
    getIntegerv(GLenum(name), &v)
    return Int(v)
  }
}

import CEGL

/// Creates an OpenGL ES 3 context on an initialised EGL display: configless and surfaceless
/// where the display allows, robust (reset notification) where offered.
enum ContextFactory {
  static func make(
    egl: EGLCalls, display: EGLDisplay, platform: EGLPlatform, device: String, debug: Bool,
    cleanup: @escaping () -> Void
  ) -> Result<GLContext, GLSetupError> {
    var major: EGLint = 0, minor: EGLint = 0
    guard egl.initialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
      return .failure(.noDisplay("eglInitialize failed: \(egl.lastError())"))
    }
    guard egl.bindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
      return .failure(.contextFailed("eglBindAPI(EGL_OPENGL_ES_API) failed: \(egl.lastError())"))
    }
    let exts = egl.extensions(display)
    let configless = exts.contains("EGL_KHR_no_config_context") || exts.contains("EGL_MESA_configless_context")
    let surfaceless = exts.contains("EGL_KHR_surfaceless_context")
    var config = cegl_no_config()
    if !configless || !surfaceless {
      let attrs: [EGLint] = [
        EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
        EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
      ]
      var n: EGLint = 0
      var c: EGLConfig? = nil
      guard egl.chooseConfig(display, attrs, &c, 1, &n) == EGLBoolean(EGL_TRUE), n > 0, let chosen = c else {
        return .failure(.contextFailed("no ES3 config with a pbuffer: \(egl.lastError())"))
      }
      config = chosen
    }
    let robust = exts.contains("EGL_EXT_create_context_robustness")
    var attempts: [[EGLint]] = []
    var base: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0]
    if debug && (major > 1 || minor >= 5) { base += [EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE] }
    if robust {
      attempts.append(base + [EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_LOSE_CONTEXT_ON_RESET_EXT, EGL_NONE])
    }
    attempts.append(base + [EGL_NONE])
    var context: EGLContext? = nil
    var usedRobust = false
    for (i, a) in attempts.enumerated() {
      context = egl.createContext(display, config, cegl_no_context(), a)
      if context != nil {
        usedRobust = robust && i == 0
        break
      }
    }
    guard let ctx = context else {
      return .failure(.contextFailed("eglCreateContext(ES 3.0) failed: \(egl.lastError())"))
    }
    var surface: EGLSurface? = nil
    if !surfaceless {
      let attrs: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
      surface = egl.createPbufferSurface(display, config, attrs)
      if surface == nil {
        _ = egl.destroyContext(display, ctx)
        return .failure(.contextFailed("no surfaceless context and no pbuffer: \(egl.lastError())"))
      }
    }
    let s = surface ?? cegl_no_surface()
    guard egl.makeCurrent(display, s, s, ctx) == EGLBoolean(EGL_TRUE) else {
      _ = egl.destroyContext(display, ctx)
      return .failure(.contextFailed("eglMakeCurrent failed: \(egl.lastError())"))
    }
    defer { _ = egl.makeCurrent(display, cegl_no_surface(), cegl_no_surface(), cegl_no_context()) }
    let gl: GLCalls
    switch GLCalls.load(egl) {
    case .failure(let e):
      _ = egl.destroyContext(display, ctx)
      return .failure(e)
    case .success(let g): gl = g
    }
    let version = gl.string(GL_VERSION)
    guard version.hasPrefix("OpenGL ES 3") else {
      _ = egl.destroyContext(display, ctx)
      return .failure(.contextFailed("the context is \(version.isEmpty ? "unknown" : version), not OpenGL ES 3"))
    }
    var dims: [GLint] = [0, 0]
    gl.getIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &dims)
    let glExts = Set(gl.string(GL_EXTENSIONS).split(separator: " ").map(String.init))
    let info = GLInfo(
      platform: platform, device: device, vendor: gl.string(GL_VENDOR), renderer: gl.string(GL_RENDERER),
      version: version, shadingLanguageVersion: gl.string(GL_SHADING_LANGUAGE_VERSION),
      maxTextureSize: gl.integer(GL_MAX_TEXTURE_SIZE), maxRenderbufferSize: gl.integer(GL_MAX_RENDERBUFFER_SIZE),
      maxViewportWidth: Int(dims[0]), maxViewportHeight: Int(dims[1]),
      robust: usedRobust && gl.getGraphicsResetStatus != nil
        && (glExts.contains("GL_KHR_robustness") || glExts.contains("GL_EXT_robustness")),
      debugOutput: gl.debugMessageCallback != nil && glExts.contains("GL_KHR_debug"))
    return .success(GLContext(egl: egl, gl: gl, display: display, context: ctx, surface: surface, info: info, cleanup: cleanup))
  }
}

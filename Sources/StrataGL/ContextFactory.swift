import CEGL

/// Creates an OpenGL ES 3 context on an initialised EGL display: configless and surfaceless
/// where the display allows, robust (reset notification) where offered.
enum ContextFactory {
  static func make(
    egl: EGLCalls, display: DisplayHandle, platform: EGLPlatform, device: String, debug: Bool,
    cleanup: @escaping () -> Void
  ) -> Result<GLContext, GLSetupError> {
    guard let (major, minor) = egl.initialize(display) else {
      return .failure(.noDisplay("eglInitialize failed: \(egl.lastError())"))
    }
    guard egl.bindAPI(EGL_OPENGL_ES_API) else {
      return .failure(.contextFailed("eglBindAPI(EGL_OPENGL_ES_API) failed: \(egl.lastError())"))
    }
    let exts = egl.extensions(display)
    let configless = exts.contains("EGL_KHR_no_config_context") || exts.contains("EGL_MESA_configless_context")
    let surfaceless = exts.contains("EGL_KHR_surfaceless_context")
    var config: ConfigHandle? = nil
    if !configless || !surfaceless {
      let attrs: [EGLint] = [
        EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
        EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
      ]
      guard let chosen = egl.chooseConfig(display, attrs) else {
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
    var context: ContextHandle? = nil
    var usedRobust = false
    for (i, a) in attempts.enumerated() {
      context = egl.createContext(display, config, a)
      if context != nil {
        usedRobust = robust && i == 0
        break
      }
    }
    guard let ctx = context else {
      return .failure(.contextFailed("eglCreateContext(ES 3.0) failed: \(egl.lastError())"))
    }
    var surface: SurfaceHandle? = nil
    if !surfaceless {
      surface = egl.createPbufferSurface(display, config, [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE])
      if surface == nil {
        egl.destroyContext(display, ctx)
        return .failure(.contextFailed("no surfaceless context and no pbuffer: \(egl.lastError())"))
      }
    }
    guard egl.makeCurrent(display, surface, ctx) else {
      egl.destroyContext(display, ctx)
      return .failure(.contextFailed("eglMakeCurrent failed: \(egl.lastError())"))
    }
    defer { _ = egl.makeCurrent(display, nil, nil) }
    let gl: GLCalls
    switch GLCalls.load(egl) {
    case .failure(let e):
      egl.destroyContext(display, ctx)
      return .failure(e)
    case .success(let g): gl = g
    }
    let version = gl.string(GL_VERSION)
    guard version.hasPrefix("OpenGL ES 3") else {
      egl.destroyContext(display, ctx)
      return .failure(.contextFailed("the context is \(version.isEmpty ? "unknown" : version), not OpenGL ES 3"))
    }
    let dims = gl.integers(GL_MAX_VIEWPORT_DIMS, count: 2)
    let llvmpipe = gl.string(GL_RENDERER).lowercased().contains("llvmpipe")
    let glExts = Set(gl.string(GL_EXTENSIONS).split(separator: " ").map(String.init))
    let info = GLInfo(
      platform: platform, device: device, vendor: gl.string(GL_VENDOR), renderer: gl.string(GL_RENDERER),
      version: version, shadingLanguageVersion: gl.string(GL_SHADING_LANGUAGE_VERSION),
      maxTextureSize: gl.integer(GL_MAX_TEXTURE_SIZE), maxRenderbufferSize: gl.integer(GL_MAX_RENDERBUFFER_SIZE),
      maxViewportWidth: Int(dims[0]), maxViewportHeight: Int(dims[1]),
      robust: usedRobust && gl.getGraphicsResetStatus != nil
        && (glExts.contains("GL_KHR_robustness") || glExts.contains("GL_EXT_robustness")),
      debugOutput: gl.canLogDebugMessages && glExts.contains("GL_KHR_debug"),
      bgraTargets: glExts.contains("GL_EXT_texture_format_BGRA8888") && llvmpipe,
      blendRoundsToNearest: llvmpipe,
      readsBGRA: glExts.contains("GL_EXT_read_format_bgra"),
      programBinaryFormats: gl.integer(GL_NUM_PROGRAM_BINARY_FORMATS))
    return .success(GLContext(egl: egl, gl: gl, display: display, context: ctx, surface: surface, info: info, cleanup: cleanup))
  }
}

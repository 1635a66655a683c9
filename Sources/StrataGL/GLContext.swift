import CEGL
import Foundation

/// A headless OpenGL ES 3 context on one EGL display, with the GL entry points loaded.
///
/// The context is made current around each use (`withCurrent`) and released afterwards, so
/// renderers on different threads never leave a context bound to the wrong one. It is not
/// safe to use one context from two threads at once; `GLRenderer` serialises its use.
final class GLContext: @unchecked Sendable {
  let egl: EGLCalls
  let gl: GLCalls
  let display: DisplayHandle
  let context: ContextHandle
  /// A 1x1 pbuffer when the display lacks `EGL_KHR_surfaceless_context`.
  let surface: SurfaceHandle?
  let info: GLInfo
  private let cleanup: () -> Void

  init(
    egl: EGLCalls, gl: GLCalls, display: DisplayHandle, context: ContextHandle, surface: SurfaceHandle?, info: GLInfo,
    cleanup: @escaping () -> Void
  ) {
    self.egl = egl
    self.gl = gl
    self.display = display
    self.context = context
    self.surface = surface
    self.info = info
    self.cleanup = cleanup
  }

  deinit {
    _ = egl.makeCurrent(display, nil, nil)
    if let s = surface { egl.destroySurface(display, s) }
    egl.destroyContext(display, context)
    cleanup()
  }

  /// Runs `body` with the context current on this thread, then releases it.
  ///
  /// The corresponding C function is `eglMakeCurrent`.
  func withCurrent<T>(_ body: (GLCalls) throws -> T) throws -> T {
    guard egl.makeCurrent(display, surface, context) else {
      throw GLRenderError.contextLost("eglMakeCurrent failed: \(egl.lastError())")
    }
    defer { _ = egl.makeCurrent(display, nil, nil) }
    return try body(gl)
  }
}

/// A failure while rendering a frame on the GPU; the frame is then re-rendered elsewhere.
public enum GLRenderError: Error, CustomStringConvertible {
  case contextLost(String)
  case glError(String)
  case shader(String)
  case unsupported(String)

  public var description: String {
    switch self {
    case .contextLost(let s): "GL context lost: \(s)"
    case .glError(let s): "GL error: \(s)"
    case .shader(let s): s
    case .unsupported(let s): s
    }
  }
}

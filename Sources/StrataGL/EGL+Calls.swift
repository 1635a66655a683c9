import CEGL
import Foundation

/// The EGL entry points Strata uses, loaded at run time from `libEGL.so.1`.
///
/// Every EGL call in the package goes through this table.
struct EGLCalls: @unchecked Sendable {
  let library: DynamicLibrary
  let getProcAddress: PFNEGLGETPROCADDRESSPROC
  let getError: PFNEGLGETERRORPROC
  let queryString: PFNEGLQUERYSTRINGPROC
  let initialize: PFNEGLINITIALIZEPROC
  let terminate: PFNEGLTERMINATEPROC
  let bindAPI: PFNEGLBINDAPIPROC
  let chooseConfig: PFNEGLCHOOSECONFIGPROC
  let createContext: PFNEGLCREATECONTEXTPROC
  let destroyContext: PFNEGLDESTROYCONTEXTPROC
  let makeCurrent: PFNEGLMAKECURRENTPROC
  let createPbufferSurface: PFNEGLCREATEPBUFFERSURFACEPROC
  let destroySurface: PFNEGLDESTROYSURFACEPROC
  let releaseThread: PFNEGLRELEASETHREADPROC
  /// Extensions (nil when the client library lacks them).
  let getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC?
  let queryDevices: PFNEGLQUERYDEVICESEXTPROC?
  let queryDeviceString: PFNEGLQUERYDEVICESTRINGEXTPROC?

  /// `STRATA_EGL_LIBRARY` names another EGL library (a vendor's, or a missing one to see
  /// the CPU fallback at work).
  static var libraryNames: [String] {
    if let l = ProcessInfo.processInfo.environment["STRATA_EGL_LIBRARY"], !l.isEmpty { return [l] }
    return ["libEGL.so.1", "libEGL.so"]
  }

  /// Loads libEGL. The corresponding C function is `eglGetProcAddress`.
  static func load() -> Result<EGLCalls, GLSetupError> {
    switch DynamicLibrary.open(libraryNames) {
    case .failure(let e): return .failure(e)
    case .success(let lib):
      func core<T>(_ name: String, _: T.Type) throws(GLSetupError) -> T {
        guard let p = lib.symbol(name) else { throw .functionMissing(name) }
        return unsafeBitCast(p, to: T.self)
      }
      do {
        let gpa = try core("eglGetProcAddress", PFNEGLGETPROCADDRESSPROC.self)
        func ext<T>(_ name: String, _: T.Type) -> T? {
          guard let p = gpa(name) else { return nil }
          return unsafeBitCast(p, to: T.self)
        }
        return .success(
          EGLCalls(
            library: lib, getProcAddress: gpa,
            getError: try core("eglGetError", PFNEGLGETERRORPROC.self),
            queryString: try core("eglQueryString", PFNEGLQUERYSTRINGPROC.self),
            initialize: try core("eglInitialize", PFNEGLINITIALIZEPROC.self),
            terminate: try core("eglTerminate", PFNEGLTERMINATEPROC.self),
            bindAPI: try core("eglBindAPI", PFNEGLBINDAPIPROC.self),
            chooseConfig: try core("eglChooseConfig", PFNEGLCHOOSECONFIGPROC.self),
            createContext: try core("eglCreateContext", PFNEGLCREATECONTEXTPROC.self),
            destroyContext: try core("eglDestroyContext", PFNEGLDESTROYCONTEXTPROC.self),
            makeCurrent: try core("eglMakeCurrent", PFNEGLMAKECURRENTPROC.self),
            createPbufferSurface: try core("eglCreatePbufferSurface", PFNEGLCREATEPBUFFERSURFACEPROC.self),
            destroySurface: try core("eglDestroySurface", PFNEGLDESTROYSURFACEPROC.self),
            releaseThread: try core("eglReleaseThread", PFNEGLRELEASETHREADPROC.self),
            getPlatformDisplay: ext("eglGetPlatformDisplayEXT", PFNEGLGETPLATFORMDISPLAYEXTPROC.self),
            queryDevices: ext("eglQueryDevicesEXT", PFNEGLQUERYDEVICESEXTPROC.self),
            queryDeviceString: ext("eglQueryDeviceStringEXT", PFNEGLQUERYDEVICESTRINGEXTPROC.self)))
      } catch {
        return .failure(error)
      }
    }
  }

  /// The extension string of `display` (or the client extensions for `EGL_NO_DISPLAY`).
  func extensions(_ display: EGLDisplay?) -> Set<String> {
    guard let s = queryString(display, EGL_EXTENSIONS) else { return [] }
    return Set(String(cString: s).split(separator: " ").map(String.init))
  }

  /// `eglGetError` as text.
  func lastError() -> String {
    let e = getError()
    return "EGL error 0x\(String(e, radix: 16, uppercase: true))"
  }
}

/// The two GBM calls of the render-node probe, loaded from `libgbm.so.1`.
struct GBMCalls: @unchecked Sendable {
  let createDevice: CEGL_PFN_gbm_create_device
  let destroyDevice: CEGL_PFN_gbm_device_destroy

  static func load() -> Result<GBMCalls, GLSetupError> {
    switch DynamicLibrary.open(["libgbm.so.1", "libgbm.so"]) {
    case .failure(let e): return .failure(e)
    case .success(let lib):
      guard let c = lib.symbol("gbm_create_device"), let d = lib.symbol("gbm_device_destroy") else {
        return .failure(.functionMissing("gbm_create_device"))
      }
      return .success(
        GBMCalls(
          createDevice: unsafeBitCast(c, to: CEGL_PFN_gbm_create_device.self),
          destroyDevice: unsafeBitCast(d, to: CEGL_PFN_gbm_device_destroy.self)))
    }
  }
}

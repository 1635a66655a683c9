import CEGL
import Foundation

/// An EGL display, config, context, surface or device, or a GBM device: an opaque pointer
/// that only the calls of this file look inside, so the rest of StrataGL passes handles
/// around as plain values. `Kind` keeps the kinds apart.
@safe struct EGLHandle<Kind>: @unchecked Sendable {
  fileprivate let raw: UnsafeMutableRawPointer

  fileprivate init?(_ raw: UnsafeMutableRawPointer?) {
    guard let raw = unsafe raw else { return nil }
    unsafe self.raw = raw
  }
}

/// The kinds of `EGLHandle`.
enum EGLObject {
  enum Display {}
  enum Config {}
  enum Context {}
  enum Surface {}
  enum Device {}
  enum GBMDevice {}
}

typealias DisplayHandle = EGLHandle<EGLObject.Display>
typealias ConfigHandle = EGLHandle<EGLObject.Config>
typealias ContextHandle = EGLHandle<EGLObject.Context>
typealias SurfaceHandle = EGLHandle<EGLObject.Surface>
typealias DeviceHandle = EGLHandle<EGLObject.Device>
typealias GBMDeviceHandle = EGLHandle<EGLObject.GBMDevice>

/// The EGL entry points Strata uses, loaded at run time from `libEGL.so.1`.
///
/// Every EGL call in the package goes through this table. The entry points are private;
/// each method below wraps one in Swift types (handles, arrays, strings), so that EGL's
/// pointers stay in this file.
@safe struct EGLCalls: @unchecked Sendable {
  let library: DynamicLibrary
  private let getProcAddress: PFNEGLGETPROCADDRESSPROC
  private let getError: PFNEGLGETERRORPROC
  private let queryString: PFNEGLQUERYSTRINGPROC
  private let initialize: PFNEGLINITIALIZEPROC
  private let terminate: PFNEGLTERMINATEPROC
  private let bindAPI: PFNEGLBINDAPIPROC
  private let chooseConfig: PFNEGLCHOOSECONFIGPROC
  private let createContext: PFNEGLCREATECONTEXTPROC
  private let destroyContext: PFNEGLDESTROYCONTEXTPROC
  private let makeCurrent: PFNEGLMAKECURRENTPROC
  private let createPbufferSurface: PFNEGLCREATEPBUFFERSURFACEPROC
  private let destroySurface: PFNEGLDESTROYSURFACEPROC
  private let releaseThread: PFNEGLRELEASETHREADPROC
  /// Extensions (nil when the client library lacks them).
  private let getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC?
  private let queryDevices: PFNEGLQUERYDEVICESEXTPROC?
  private let queryDeviceString: PFNEGLQUERYDEVICESTRINGEXTPROC?

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
      // A symbol's address is trusted to be the function its name says.
      func core<T>(_ name: String, _: T.Type) throws(GLSetupError) -> T {
        guard let p = unsafe lib.symbol(name) else { throw .functionMissing(name) }
        return unsafe unsafeBitCast(p, to: T.self)
      }
      do {
        let gpa = try unsafe core("eglGetProcAddress", PFNEGLGETPROCADDRESSPROC.self)
        func ext<T>(_ name: String, _: T.Type) -> T? {
          guard let p = unsafe gpa(name) else { return nil }
          return unsafe unsafeBitCast(p, to: T.self)
        }
        return .success(
          unsafe EGLCalls(
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

  /// The address of GL function `name`, for `GLCalls.load`.
  ///
  /// The corresponding C function is `eglGetProcAddress`.
  func procAddress(_ name: String) -> UnsafeMutableRawPointer? {
    unsafe getProcAddress(name).map { unsafe unsafeBitCast($0, to: UnsafeMutableRawPointer.self) }
  }

  /// The extension string of `display`, or the client extensions when nil.
  ///
  /// The corresponding C function is `eglQueryString`.
  func extensions(_ display: DisplayHandle?) -> Set<String> {
    guard let s = unsafe queryString(unsafe display?.raw ?? cegl_no_display(), EGL_EXTENSIONS) else { return [] }
    return Set(unsafe String(cString: s).split(separator: " ").map(String.init))
  }

  /// `eglGetError` as text.
  func lastError() -> String {
    let e = getError()
    return "EGL error 0x\(String(e, radix: 16, uppercase: true))"
  }

  /// Whether the client library can open headless displays (`eglGetPlatformDisplayEXT`).
  var hasPlatformDisplays: Bool { unsafe getPlatformDisplay != nil }

  /// The display of `platform` on `native` (a device, a GBM device, or none).
  ///
  /// The corresponding C function is `eglGetPlatformDisplayEXT`.
  private func platformDisplay(_ platform: Int32, _ native: UnsafeMutableRawPointer?) -> DisplayHandle? {
    guard let get = unsafe getPlatformDisplay else { return nil }
    return unsafe DisplayHandle(get(EGLenum(platform), native, nil))
  }

  /// Mesa's surfaceless display.
  func surfacelessDisplay() -> DisplayHandle? { unsafe platformDisplay(EGL_PLATFORM_SURFACELESS_MESA, nil) }

  /// The display of an EGL device.
  func display(of device: DeviceHandle) -> DisplayHandle? { unsafe platformDisplay(EGL_PLATFORM_DEVICE_EXT, device.raw) }

  /// The display of a GBM device.
  func display(of device: GBMDeviceHandle) -> DisplayHandle? { unsafe platformDisplay(EGL_PLATFORM_GBM_KHR, device.raw) }

  /// Whether the client library can list devices (`eglQueryDevicesEXT`).
  var canListDevices: Bool { unsafe queryDevices != nil }

  /// Up to `limit` EGL devices; nil when the query fails.
  ///
  /// The corresponding C function is `eglQueryDevicesEXT`.
  func devices(limit: Int = 16) -> [DeviceHandle]? {
    guard let query = unsafe queryDevices else { return nil }
    var count: EGLint = 0
    var devices = unsafe [EGLDeviceEXT?](repeating: nil, count: limit)
    guard unsafe query(EGLint(limit), &devices, &count) == EGLBoolean(EGL_TRUE) else { return nil }
    return unsafe devices.prefix(max(0, min(Int(count), limit))).compactMap { unsafe DeviceHandle($0) }
  }

  /// A string property of `device` (`EGL_EXTENSIONS`, `EGL_DRM_DEVICE_FILE_EXT`), nil when
  /// it has none or the extension is missing.
  ///
  /// The corresponding C function is `eglQueryDeviceStringEXT`.
  func deviceString(_ device: DeviceHandle, _ name: Int32) -> String? {
    guard let query = unsafe queryDeviceString, let s = unsafe query(device.raw, name) else { return nil }
    return unsafe String(cString: s)
  }

  /// Initialises `display`; its EGL version, or nil on failure.
  ///
  /// The corresponding C function is `eglInitialize`.
  func initialize(_ display: DisplayHandle) -> (major: Int, minor: Int)? {
    var major: EGLint = 0, minor: EGLint = 0
    guard unsafe initialize(display.raw, &major, &minor) == EGLBoolean(EGL_TRUE) else { return nil }
    return (Int(major), Int(minor))
  }

  /// The corresponding C function is `eglBindAPI`.
  func bindAPI(_ api: Int32) -> Bool { bindAPI(EGLenum(api)) == EGLBoolean(EGL_TRUE) }

  /// The first config matching `attributes` (an `EGL_NONE`-terminated list).
  ///
  /// The corresponding C function is `eglChooseConfig`.
  func chooseConfig(_ display: DisplayHandle, _ attributes: [EGLint]) -> ConfigHandle? {
    precondition(attributes.last == EGL_NONE, "EGL attribute lists end with EGL_NONE")
    var n: EGLint = 0
    var c: EGLConfig? = nil
    guard unsafe chooseConfig(display.raw, attributes, &c, 1, &n) == EGLBoolean(EGL_TRUE), n > 0 else { return nil }
    return unsafe ConfigHandle(c)
  }

  /// A context with `attributes` (an `EGL_NONE`-terminated list), on `config` or none.
  ///
  /// The corresponding C function is `eglCreateContext`.
  func createContext(_ display: DisplayHandle, _ config: ConfigHandle?, _ attributes: [EGLint]) -> ContextHandle? {
    precondition(attributes.last == EGL_NONE, "EGL attribute lists end with EGL_NONE")
    return unsafe ContextHandle(createContext(display.raw, config?.raw ?? cegl_no_config(), cegl_no_context(), attributes))
  }

  /// The corresponding C function is `eglDestroyContext`.
  func destroyContext(_ display: DisplayHandle, _ context: ContextHandle) {
    _ = unsafe destroyContext(display.raw, context.raw)
  }

  /// A pbuffer surface with `attributes` (an `EGL_NONE`-terminated list).
  ///
  /// The corresponding C function is `eglCreatePbufferSurface`.
  func createPbufferSurface(_ display: DisplayHandle, _ config: ConfigHandle?, _ attributes: [EGLint]) -> SurfaceHandle? {
    precondition(attributes.last == EGL_NONE, "EGL attribute lists end with EGL_NONE")
    return unsafe SurfaceHandle(createPbufferSurface(display.raw, config?.raw ?? cegl_no_config(), attributes))
  }

  /// The corresponding C function is `eglDestroySurface`.
  func destroySurface(_ display: DisplayHandle, _ surface: SurfaceHandle) {
    _ = unsafe destroySurface(display.raw, surface.raw)
  }

  /// Makes `context` current on this thread, drawing to `surface` (or none); with a nil
  /// context, releases the current one.
  ///
  /// The corresponding C function is `eglMakeCurrent`.
  func makeCurrent(_ display: DisplayHandle, _ surface: SurfaceHandle?, _ context: ContextHandle?) -> Bool {
    let s = unsafe surface?.raw ?? cegl_no_surface()
    return unsafe makeCurrent(display.raw, s, s, context?.raw ?? cegl_no_context()) == EGLBoolean(EGL_TRUE)
  }
}

/// The two GBM calls of the render-node probe, loaded from `libgbm.so.1`.
@safe struct GBMCalls: @unchecked Sendable {
  private let createDevice: CEGL_PFN_gbm_create_device
  private let destroyDevice: CEGL_PFN_gbm_device_destroy

  static func load() -> Result<GBMCalls, GLSetupError> {
    switch DynamicLibrary.open(["libgbm.so.1", "libgbm.so"]) {
    case .failure(let e): return .failure(e)
    case .success(let lib):
      guard let c = unsafe lib.symbol("gbm_create_device"), let d = unsafe lib.symbol("gbm_device_destroy") else {
        return .failure(.functionMissing("gbm_create_device"))
      }
      // The symbols are trusted to be the functions their names say.
      return .success(
        unsafe GBMCalls(
          createDevice: unsafeBitCast(c, to: CEGL_PFN_gbm_create_device.self),
          destroyDevice: unsafeBitCast(d, to: CEGL_PFN_gbm_device_destroy.self)))
    }
  }

  /// Why a render node could not be opened (the C library's text for `errno`).
  struct OpenError: Error { let reason: String }

  /// Opens the render node at `path` for a GBM device.
  ///
  /// The corresponding C function is `open`.
  static func openRenderNode(_ path: String) -> Result<Int32, OpenError> {
    let fd = unsafe open(path, O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { return .failure(OpenError(reason: unsafe String(cString: strerror(errno)))) }
    return .success(fd)
  }

  /// A GBM device on the open render node `fd`.
  ///
  /// The corresponding C function is `gbm_create_device`.
  func createDevice(_ fd: Int32) -> GBMDeviceHandle? {
    unsafe createDevice(fd).flatMap { unsafe GBMDeviceHandle(UnsafeMutableRawPointer($0)) }
  }

  /// The corresponding C function is `gbm_device_destroy`.
  func destroyDevice(_ device: GBMDeviceHandle) {
    unsafe destroyDevice(OpaquePointer(device.raw))
  }
}

import CEGL
import Foundation

/// Finds a headless OpenGL ES 3 context: EGL devices (hardware first), then GBM render
/// nodes, then Mesa's surfaceless platform. Every step is recorded with the reason it was
/// taken, skipped or failed, so `strata info` can explain the choice.
public enum EGLProbe {
  /// `STRATA_EGL_PLATFORM=device|gbm|surfaceless` limits the probe to one platform.
  public static let platformVariable = "STRATA_EGL_PLATFORM"

  /// The result of a probe: a context, or none, and the steps that led there.
  struct Result {
    var context: GLContext?
    var steps: [ProbeStep]
  }

  /// With `hardwareOnly`, the surfaceless step (software only) is skipped without making a
  /// context; the device and GBM steps skip software rasterisers anyway.
  static func open(only: EGLPlatform? = nil, debug: Bool = false, hardwareOnly: Bool = false) -> Result {
    var steps: [ProbeStep] = []
    let forced = only ?? ProcessInfo.processInfo.environment[platformVariable].flatMap(EGLPlatform.init(rawValue:))
    let egl: EGLCalls
    switch EGLCalls.load() {
    case .failure(let e):
      steps.append(ProbeStep(name: "libEGL", outcome: .failed("\(e)")))
      return Result(context: nil, steps: steps)
    case .success(let calls):
      egl = calls
    }
    let client = egl.extensions(nil)
    guard egl.hasPlatformDisplays, client.contains("EGL_EXT_platform_base") else {
      steps.append(ProbeStep(name: "libEGL", outcome: .failed("no EGL_EXT_platform_base: the EGL library cannot open headless displays")))
      return Result(context: nil, steps: steps)
    }
    for platform in EGLPlatform.allCases {
      if let f = forced, f != platform {
        steps.append(ProbeStep(name: platform.rawValue, outcome: .skipped("\(platformVariable)=\(f.rawValue)")))
        continue
      }
      if hardwareOnly && platform == .surfaceless {
        steps.append(ProbeStep(name: platform.rawValue, outcome: .skipped("a software rasteriser, and only a hardware GPU was asked for")))
        continue
      }
      let (ctx, platformSteps) = probe(platform, egl: egl, client: client, debug: debug)
      steps += platformSteps
      if let ctx { return Result(context: ctx, steps: steps) }
    }
    return Result(context: nil, steps: steps)
  }

  static func probe(_ p: EGLPlatform, egl: EGLCalls, client: Set<String>, debug: Bool) -> (GLContext?, [ProbeStep]) {
    switch p {
    case .device: return probeDevices(egl: egl, client: client, debug: debug)
    case .gbm: return probeGBM(egl: egl, client: client, debug: debug)
    case .surfaceless:
      guard client.contains("EGL_MESA_platform_surfaceless") else {
        return (nil, [ProbeStep(name: "surfaceless", outcome: .skipped("EGL_MESA_platform_surfaceless not offered (not Mesa)"))])
      }
      guard let dpy = egl.surfacelessDisplay() else {
        return (nil, [ProbeStep(name: "surfaceless", outcome: .failed("no display: \(egl.lastError())"))])
      }
      switch ContextFactory.make(egl: egl, display: dpy, platform: .surfaceless, device: "Mesa surfaceless", debug: debug, cleanup: {}) {
      case .success(let c): return (c, [ProbeStep(name: "surfaceless (\(c.info.renderer))", outcome: .taken)])
      case .failure(let e): return (nil, [ProbeStep(name: "surfaceless", outcome: .failed("\(e)"))])
      }
    }
  }

  static func probeDevices(egl: EGLCalls, client: Set<String>, debug: Bool) -> (GLContext?, [ProbeStep]) {
    guard client.contains("EGL_EXT_platform_device"), egl.canListDevices else {
      return (nil, [ProbeStep(name: "device", outcome: .skipped("EGL_EXT_platform_device not offered"))])
    }
    guard let devices = egl.devices(), !devices.isEmpty else {
      return (nil, [ProbeStep(name: "device", outcome: .skipped("no EGL devices"))])
    }
    var steps: [ProbeStep] = []
    for (i, dev) in devices.enumerated() {
      let exts = egl.deviceString(dev, EGL_EXTENSIONS) ?? ""
      let file = egl.deviceString(dev, EGL_DRM_DEVICE_FILE_EXT) ?? "device \(i)"
      let name = "device \(i) (\(file))"
      if exts.contains("EGL_MESA_device_software") {
        steps.append(ProbeStep(name: name, outcome: .skipped("a software rasteriser; the surfaceless step uses it")))
        continue
      }
      guard let dpy = egl.display(of: dev) else {
        steps.append(ProbeStep(name: name, outcome: .failed("no display: \(egl.lastError())")))
        continue
      }
      switch ContextFactory.make(egl: egl, display: dpy, platform: .device, device: file, debug: debug, cleanup: {}) {
      case .success(let c):
        steps.append(ProbeStep(name: "\(name) \(c.info.renderer)", outcome: .taken))
        return (c, steps)
      case .failure(let e):
        steps.append(ProbeStep(name: name, outcome: .failed("\(e)")))
      }
    }
    return (nil, steps)
  }

  static func probeGBM(egl: EGLCalls, client: Set<String>, debug: Bool) -> (GLContext?, [ProbeStep]) {
    guard client.contains("EGL_KHR_platform_gbm") || client.contains("EGL_MESA_platform_gbm") else {
      return (nil, [ProbeStep(name: "gbm", outcome: .skipped("EGL_KHR_platform_gbm not offered"))])
    }
    let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? [])
      .filter { $0.hasPrefix("renderD") }.sorted().map { "/dev/dri/" + $0 }
    guard !nodes.isEmpty else {
      return (nil, [ProbeStep(name: "gbm", outcome: .skipped("no /dev/dri/renderD* render nodes"))])
    }
    let gbm: GBMCalls
    switch GBMCalls.load() {
    case .failure(let e): return (nil, [ProbeStep(name: "gbm", outcome: .failed("\(e)"))])
    case .success(let g): gbm = g
    }
    var steps: [ProbeStep] = []
    for node in nodes {
      let fd: Int32
      switch GBMCalls.openRenderNode(node) {
      case .success(let f): fd = f
      case .failure(let why):
        steps.append(ProbeStep(name: "gbm \(node)", outcome: .failed("cannot open: \(why.reason)")))
        continue
      }
      guard let device = gbm.createDevice(fd) else {
        close(fd)
        steps.append(ProbeStep(name: "gbm \(node)", outcome: .failed("gbm_create_device failed")))
        continue
      }
      guard let dpy = egl.display(of: device) else {
        gbm.destroyDevice(device)
        close(fd)
        steps.append(ProbeStep(name: "gbm \(node)", outcome: .failed("no display: \(egl.lastError())")))
        continue
      }
      let result = ContextFactory.make(egl: egl, display: dpy, platform: .gbm, device: node, debug: debug) {
        gbm.destroyDevice(device)
        close(fd)
      }
      switch result {
      case .success(let c):
        if c.info.isSoftware {
          steps.append(ProbeStep(name: "gbm \(node)", outcome: .skipped("only a software rasteriser (\(c.info.renderer)); the surfaceless step uses it")))
          continue
        }
        steps.append(ProbeStep(name: "gbm \(node) \(c.info.renderer)", outcome: .taken))
        return (c, steps)
      case .failure(let e):
        gbm.destroyDevice(device)
        close(fd)
        steps.append(ProbeStep(name: "gbm \(node)", outcome: .failed("\(e)")))
      }
    }
    return (nil, steps)
  }
}

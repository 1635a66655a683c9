import Foundation
import StrataBackends
import StrataGL

/// `strata info`: which backends exist here, why, and what `--backend auto` picks.
enum InfoCommand {
  static let usage = """
    usage: strata info

    Lists every rendering backend, whether it can be used on this machine, and why: each
    EGL probe step (EGL devices, GBM render nodes, Mesa surfaceless) with the reason it was
    taken or skipped, then the GL vendor, renderer, version and limits, and last what
    --backend auto picks and why (a hardware GPU when there is one, else the CPU renderer,
    which is faster than a software GPU such as llvmpipe).

    environment:
      STRATA_BACKEND=auto|cpu|gpu            the default backend of 'strata render'
      STRATA_EGL_PLATFORM=device|gbm|surfaceless   probe only this EGL platform
      STRATA_EGL_LIBRARY=PATH                load this EGL library instead of libEGL.so.1
      STRATA_GL_DEBUG=1                      debug context; KHR_debug messages on stderr

    exit status: 0 listed, 2 wrong command line or environment variable
    """

  static func run(_ args: [String], console: Console, environment: [String: String]) -> ExitCode {
    let settings: BackendSettings
    switch Parsed.from("info", usage: usage, console: console, { () throws(UsageError) -> BackendSettings? in
      if args.contains("-h") || args.contains("--help") { return nil }
      if let a = args.first { throw UsageError(message: "unexpected argument '\(a)'") }
      var s = BackendSettings()
      try s.apply(environment: environment)
      return s
    }) {
    case .exit(let code): return code
    case .run(let s): settings = s
    }
    let threads = ProcessInfo.processInfo.activeProcessorCount
    var out = "cpu: available (software renderer, \(threads) threads)\n"
    // Any GPU, llvmpipe included (what --backend gpu takes); auto is decided from it below.
    let probe = Backends.gpu(options: settings.glOptions())
    switch probe {
    case .success(let gl):
      let i = gl.info
      out += "gpu: available\n"
      out += forcedPlatform(settings)
      out += "  EGL probe:\n" + gl.probeSteps.map { "    \($0)\n" }.joined()
      out += """
          platform: \(i.platform.rawValue) (\(i.device))
          GL vendor: \(i.vendor)
          GL renderer: \(i.renderer)
          GL version: \(i.version)
          GLSL version: \(i.shadingLanguageVersion)
          GL_MAX_TEXTURE_SIZE: \(i.maxTextureSize)
          GL_MAX_RENDERBUFFER_SIZE: \(i.maxRenderbufferSize)
          GL_MAX_VIEWPORT_DIMS: \(i.maxViewportWidth) x \(i.maxViewportHeight)
          reset notification (robustness): \(i.robust ? "yes" : "no")
          KHR_debug: \(i.debugOutput ? "yes" : "no")

        """
    case .failure(let e):
      out += "gpu: unavailable: \(e)\n"
      out += forcedPlatform(settings)
    }
    let auto = AutoDecision(GPUFinding(probe))
    // Without any GPU, the reason is the line above.
    out += probe.isSuccess ? "\(auto)\n" : "auto: \(auto.choice.rawValue) (no GPU)\n"
    if settings.origin == .environment {
      out += "strata render's default: \(settings.choice.rawValue) (\(BackendSettings.backendVariable)=\(settings.choice.rawValue))\n"
    }
    console.out(out)
    return .success
  }

  /// What `STRATA_EGL_PLATFORM` made the probe do, when it is set.
  static func forcedPlatform(_ settings: BackendSettings) -> String {
    guard let p = settings.platform else { return "" }
    let others = EGLPlatform.allCases.filter { $0 != p }.map(\.rawValue).joined(separator: " and ")
    return "  EGL platform: \(p.rawValue) only (\(BackendSettings.platformVariable)=\(p.rawValue)); \(others) were not probed\n"
  }
}

extension Result {
  fileprivate var isSuccess: Bool {
    if case .success = self { true } else { false }
  }
}

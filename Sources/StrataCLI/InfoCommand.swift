import Foundation
import StrataGL

/// `strata info`: which backends exist here and why.
enum InfoCommand {
  static let usage = """
    usage: strata info

    Lists every rendering backend, whether it can be used on this machine, and why: each
    EGL probe step (EGL devices, GBM render nodes, Mesa surfaceless) with the reason it was
    taken or skipped, then the GL vendor, renderer, version and limits.

    environment:
      STRATA_BACKEND=auto|cpu|gpu            the default backend of 'strata render'
      STRATA_EGL_PLATFORM=device|gbm|surfaceless   probe only this EGL platform
      STRATA_EGL_LIBRARY=PATH                load this EGL library instead of libEGL.so.1
      STRATA_GL_DEBUG=1                      debug context; KHR_debug messages on stderr
    """

  static func run(_ args: [String], console: Console) -> ExitCode {
    if args.contains("-h") || args.contains("--help") {
      console.out(usage + "\n")
      return .success
    }
    if let a = args.first {
      console.err("strata info: unexpected argument '\(a)'\n\n" + usage + "\n")
      return .usage
    }
    let threads = ProcessInfo.processInfo.activeProcessorCount
    var out = "cpu: available (software renderer, \(threads) threads)\n"
    let renderer = FrameRenderer(.gpu)
    if let gl = renderer.gpu {
      let i = gl.info
      out += "gpu: available\n"
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
        auto: gpu

        """
    } else {
      out += "gpu: unavailable: \(renderer.gpuUnavailableReason ?? "unknown")\n"
      out += "auto: cpu\n"
    }
    console.out(out)
    return .success
  }
}

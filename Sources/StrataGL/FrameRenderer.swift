import Foundation
import Strata
import StrataCPU
import StrataRender
import Synchronization

/// Which renderer the user asked for.
public enum BackendPreference: String, CaseIterable, Sendable {
  /// The GPU when a probe finds a context, else the CPU renderer.
  case auto
  case cpu
  case gpu

  /// `STRATA_BACKEND=auto|cpu|gpu` overrides the default of `auto`.
  public static let variable = "STRATA_BACKEND"
}

/// Renders frames on the backend the user chose, and never loses one: when the GPU reports
/// an error or a reset, the frame is rendered again once on a fresh context, then on the
/// CPU renderer, each time with a warning.
public final class FrameRenderer: @unchecked Sendable {
  /// Which backend drew the last frame, and why, for `--verbose`.
  public struct Report: Sendable {
    public var backend: String
    public var notes: [String]
  }

  public let preference: BackendPreference
  public let glOptions: GLRenderer.Options
  private let state: Mutex<(gl: GLRenderer?, setupError: GLSetupError?, probed: Bool)>
  /// Receives warnings (context loss, fallbacks); standard error by default.
  public var warn: @Sendable (String) -> Void = { FileHandle.standardError.write("strata: warning: \($0)\n".data(using: .utf8)!) }
  /// For tests: makes the next GPU frames fail as if the context had been lost.
  public let injectedFaults = Atomic<Int>(0)

  public init(_ preference: BackendPreference, glOptions: GLRenderer.Options = .init()) {
    self.preference = preference
    self.glOptions = glOptions
    self.state = Mutex((nil, nil, false))
  }

  /// The GPU renderer, probing on first use; nil (with the reason in `gpuUnavailableReason`)
  /// when no context can be made or the user chose the CPU.
  public var gpu: GLRenderer? {
    guard preference != .cpu else { return nil }
    return state.withLock { s in
      if !s.probed {
        s.probed = true
        do throws(GLSetupError) { s.gl = try GLRenderer(options: glOptions) } catch { s.setupError = error }
      }
      return s.gl
    }
  }

  /// Why the GPU is not used, when it is not.
  public var gpuUnavailableReason: String? {
    if preference == .cpu { return "the CPU backend was chosen" }
    _ = gpu
    return state.withLock { $0.setupError.map { "\($0)" } }
  }

  /// Renders a frame. Throws only when the GPU was required (`.gpu`) and cannot be set up.
  public func render(_ list: RenderList, into target: inout PixelBuffer) throws(GLSetupError) -> Report {
    var notes: [String] = []
    if preference != .cpu {
      if let gl = gpu {
        if !gl.canRender(width: list.width, height: list.height) {
          notes.append("the \(list.width)x\(list.height) canvas exceeds the GPU's render target limit (\(gl.info.maxRenderbufferSize)); rendered on the CPU")
        } else {
          do {
            try renderChecked(gl, list, &target)
            return Report(backend: "gpu (\(gl.info.renderer) via \(gl.info.platform.rawValue))", notes: notes)
          } catch {
            warn("GPU frame failed (\(error)); retrying on a fresh context")
            notes.append("GPU frame failed: \(error)")
            if let fresh = try? GLRenderer(options: glOptions) {
              state.withLock { $0.gl = fresh }
              do {
                try renderChecked(fresh, list, &target)
                notes.append("re-rendered on a fresh context")
                return Report(backend: "gpu (\(fresh.info.renderer), fresh context)", notes: notes)
              } catch {
                notes.append("the fresh context failed too: \(error)")
              }
            }
            warn("rendering the frame on the CPU instead")
            notes.append("rendered on the CPU")
          }
        }
      } else if preference == .gpu {
        throw state.withLock { $0.setupError } ?? .unsupported("no GPU")
      } else {
        notes.append("no GPU: \(gpuUnavailableReason ?? "unknown")")
      }
    }
    CPURenderer().render(list, into: &target)
    return Report(backend: "cpu", notes: notes)
  }

  private func renderChecked(_ gl: GLRenderer, _ list: RenderList, _ target: inout PixelBuffer) throws(GLRenderError) {
    if injectedFaults.load(ordering: .relaxed) > 0 {
      injectedFaults.subtract(1, ordering: .relaxed)
      throw .contextLost("injected fault")
    }
    try gl.render(list, into: &target)
  }
}

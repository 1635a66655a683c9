import StrataCPU
import StrataGL
import StrataRender

/// The one place that chooses a renderer: the tools and the testing library ask here, never
/// the backends directly.
public enum Backends {
  /// The CPU renderer: the reference every other backend is compared against, and the end
  /// of every fallback chain.
  public static var cpu: CPURenderer { CPURenderer() }

  /// Opens a GPU renderer: with `hardwareOnly`, only a hardware GPU (the probe skips
  /// llvmpipe without making a context on it); otherwise any GPU, llvmpipe included.
  public static func gpu(
    platform: EGLPlatform? = nil, hardwareOnly: Bool = false, options: GLRenderer.Options = .init()
  ) -> Result<GLRenderer, GLSetupError> {
    var o = options
    o.platform = platform ?? o.platform
    o.hardwareOnly = hardwareOnly
    do throws(GLSetupError) { return .success(try GLRenderer(options: o)) } catch { return .failure(error) }
  }

  /// The renderer `settings` ask for, as a fallback chain ending at the CPU renderer:
  /// - `cpu`: the CPU renderer only;
  /// - `gpu`: any GPU (llvmpipe too), then a fresh context, then the CPU; a GPU that cannot
  ///   be set up at all is an error (`RenderError.Kind.unavailable`);
  /// - `auto`: a hardware GPU, then a fresh one, then the CPU; without a hardware GPU, the
  ///   CPU renderer, with the reason in the report.
  public static func renderer(for settings: BackendSettings, options: GLRenderer.Options = .init()) -> FallbackRenderer {
    switch settings.choice {
    case .cpu:
      return FallbackRenderer(primary: nil)
    case .gpu, .auto:
      let hardwareOnly = settings.choice == .auto
      let options = settings.glOptions(options)
      let source: FallbackRenderer.Source = {
        gpu(hardwareOnly: hardwareOnly, options: options)
          .map { $0 as any Renderer }
          .mapError { RenderError(.unavailable, "\($0)") }
      }
      return FallbackRenderer(primary: source, required: settings.choice == .gpu) { error in
        AutoDecision(.none(error.message)).description
      }
    }
  }
}

/// The headless EGL platforms Strata probes, in order.
public enum EGLPlatform: String, CaseIterable, Sendable {
  /// `EGL_EXT_platform_device`: a hardware GPU without any display server (NVIDIA, AMD).
  case device
  /// GBM on a `/dev/dri/renderD*` render node (Mesa drivers for real GPUs).
  case gbm
  /// Mesa's surfaceless platform: llvmpipe on machines without a GPU.
  case surfaceless
}

/// One step of the EGL probe: what was tried and how it went, for `strata info`.
public struct ProbeStep: Sendable, CustomStringConvertible {
  public enum Outcome: Sendable {
    case taken
    case skipped(String)
    case failed(String)
  }

  public var name: String
  public var outcome: Outcome

  public var description: String {
    switch outcome {
    case .taken: "\(name): taken"
    case .skipped(let why): "\(name): skipped: \(why)"
    case .failed(let why): "\(name): failed: \(why)"
    }
  }
}

/// What the driver says about itself.
public struct GLInfo: Sendable {
  public var platform: EGLPlatform
  /// The device or node the platform used (`/dev/dri/renderD128`, an EGL device's DRM file).
  public var device: String
  public var vendor: String
  public var renderer: String
  public var version: String
  public var shadingLanguageVersion: String
  public var maxTextureSize: Int
  public var maxRenderbufferSize: Int
  public var maxViewportWidth: Int
  public var maxViewportHeight: Int
  /// Whether the context reports resets (`GL_KHR_robustness` / `GL_EXT_robustness`).
  public var robust: Bool
  /// Whether `GL_KHR_debug` messages are available.
  public var debugOutput: Bool
  /// The float format runs of plus-lighter draws are summed in (`AdditiveTarget`); nil
  /// where the context cannot render and blend into float textures.
  public var additiveTarget: AdditiveTarget? = nil
  /// Whether 8-bit render targets are stored BGRA (`GLTarget`): on llvmpipe with
  /// `GL_EXT_texture_format_BGRA8888`, whose rectangle and linear paths need them.
  public var bgraTargets = false
  /// Whether a BGRA buffer can be read in its own order (`GL_EXT_read_format_bgra`),
  /// swapped to RGBA on our side: faster than Mesa's swap of an RGBA read.
  public var readsBGRA = false
  /// `GL_NUM_PROGRAM_BINARY_FORMATS`: 0 where the driver cannot hand out program binaries
  /// (Mesa with its shader cache disabled), and then no `ProgramBinaryCache` is used.
  public var programBinaryFormats = 0
  /// True for CPU rasterisers (llvmpipe, softpipe, SwiftShader).
  public var isSoftware: Bool {
    let r = renderer.lowercased()
    return r.contains("llvmpipe") || r.contains("softpipe") || r.contains("swiftshader")
  }

  /// The reference key used by golden tests: `gles3-llvmpipe`, `gles3-nvidia`, …
  public var backendKey: String {
    let r = renderer.lowercased(), v = vendor.lowercased()
    if r.contains("llvmpipe") { return "gles3-llvmpipe" }
    if v.contains("nvidia") || r.contains("nvidia") { return "gles3-nvidia" }
    if v.contains("amd") || r.contains("radeon") { return "gles3-amd" }
    if v.contains("intel") || r.contains("intel") { return "gles3-intel" }
    return "gles3"
  }
}

/// A float render target format that blends, for summing plus-lighter draws before they
/// meet the 8-bit target (`GLRenderer.State.drawAdditiveRun`).
public enum AdditiveTarget: String, Sendable {
  /// RGBA32F: ES 3.2 or `GL_EXT_color_buffer_float` renders to it, `GL_EXT_float_blend`
  /// blends it. A 24-bit significand: sums of a level or more are exact to far below a level.
  case rgba32f
  /// RGBA16F (`GL_EXT_color_buffer_half_float` or `_float`). An 11-bit significand: each
  /// addition near 0.9 rounds to 1/2048, so 300 sprites of alpha 0.003 sum to 226/255
  /// instead of 229.5 (the CPU's `Float` sum); within 1.5% of the exact sum.
  case rgba16f

  /// The one a context with `extensions` offers, the most precise first.
  static func best(extensions: Set<String>) -> AdditiveTarget? {
    if extensions.contains("GL_EXT_color_buffer_float") && extensions.contains("GL_EXT_float_blend") { return .rgba32f }
    if extensions.contains("GL_EXT_color_buffer_float") || extensions.contains("GL_EXT_color_buffer_half_float") {
      return .rgba16f
    }
    return nil
  }
}

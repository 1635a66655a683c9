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
  /// Whether 8-bit render targets are stored BGRA (`GLTarget`): on llvmpipe with
  /// `GL_EXT_texture_format_BGRA8888`, whose rectangle and linear paths need them.
  public var bgraTargets = false
  /// Whether the blender converts a float source to an 8-bit target as round(c · 255), to
  /// nearest, after clamping it to [0, 1], so that the ADDITIVE build of draw.frag can
  /// choose its level with one add (`additiveLevels`). True on llvmpipe, whose conversion
  /// is gallivm's: a multiply and a magic-number add that rounds to nearest
  /// (`lp_build_clamped_float_to_unsigned_norm`); elsewhere unknown (Direct3D lets a
  /// conversion be 0.6 of a level off), and the exact build is used.
  public var blendRoundsToNearest = false
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


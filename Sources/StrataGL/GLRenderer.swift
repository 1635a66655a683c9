import CEGL
import Foundation
import Strata
import StrataRender
import StrataSync

/// The OpenGL ES 3 renderer: draws a `RenderList` in a headless EGL context and reads the
/// pixels back. It consumes the same list as the CPU renderer and agrees with it within the
/// cross-backend tolerance (see `Tests/StrataGLTests`).
///
/// One renderer owns one context; calls are serialised, so a renderer may be shared between
/// threads.
public final class GLRenderer: @unchecked Sendable {
  public struct Options: Sendable {
    /// Lowers `GL_MAX_TEXTURE_SIZE` (tests use it to exercise tiling with small images).
    public var maxTextureSize: Int?
    /// The most bytes of textures kept between frames.
    public var textureBudgetBytes = 512 << 20
    /// The offscreen memory (render targets of groups, masks, filters) a frame may use: the
    /// same budget as the CPU renderer's.
    public var limits = RenderLimits()
    /// Only probe this platform.
    public var platform: EGLPlatform?
    /// Take only a hardware GPU: the probe skips software rasterisers (llvmpipe) without
    /// making a context on them (`--backend auto` prefers the CPU renderer to those).
    public var hardwareOnly = false
    /// Ask for a debug context and log `KHR_debug` messages to standard error.
    public var debug = ProcessInfo.processInfo.environment["STRATA_GL_DEBUG"] == "1"
    /// Where linked programs are kept between runs (`ProgramBinaryCache`); nil: nowhere.
    /// By default `STRATA_PROGRAM_CACHE`, else the XDG cache directory.
    public var programCacheDirectory = ProgramBinaryCache.directory(environment: ProcessInfo.processInfo.environment)
    /// Whether a coverage mask is drawn as its runs of non-empty tiles (`MaskTiling`)
    /// instead of one quad over the whole mask; nil: on software rasterisers only
    /// (`GLInfo.isSoftware`). The pixels are the same either way (an empty byte adds
    /// nothing, a full one is the colour). On llvmpipe every fragment costs: S2's runs
    /// shade 6.3 million pixels where its masks hold 14.1 million. A hardware GPU shades
    /// those for next to nothing, while finding the runs costs the frame's thread about a
    /// tenth of a cold S2 frame, and a run is an instance of its own (10,475 for S2's
    /// 600 masks). The tools set it from `STRATA_GL_MASK_TILING` (`BackendSettings`).
    public var tilesMasks: Bool?

    public init(maxTextureSize: Int? = nil, platform: EGLPlatform? = nil) {
      self.maxTextureSize = maxTextureSize
      self.platform = platform
    }
  }

  /// What the last frame asked of the GPU: draw calls, and the coverage-mask pixels that
  /// reached the fragment shader (tests check that empty parts of masks are skipped).
  public struct FrameCounts: Sendable, Equatable {
    /// Instanced draw calls of the draw program (`Shaders/draw.frag`).
    public var drawCalls = 0
    /// Instances (quads) those calls drew.
    public var instances = 0
    /// Device pixels covered by the quads of `.mask` draws.
    public var maskPixels = 0
  }

  /// Time spent in the last frame: drawing until `glFinish`, then `glReadPixels`.
  public struct Timings: Sendable {
    public var render: Duration = .zero
    public var readback: Duration = .zero
    /// The part of `render` before `glFinish`: Strata's instance data and GL calls, and
    /// what the driver does in them (llvmpipe shades vertices and bins triangles in the
    /// calling thread); the rest of `render` is the GPU (llvmpipe's threads) finishing.
    public var submit: Duration = .zero
  }

  public let info: GLInfo
  public let probeSteps: [ProbeStep]
  public let options: Options
  private let state: Locked<State>

  /// The texture size limit in force: the driver's, or the lower one from the options.
  public var maxTextureSize: Int { min(info.maxTextureSize, options.maxTextureSize ?? .max) }

  /// Probes EGL (see `EGLProbe`) and creates the context.
  public init(options: Options = Options()) throws(GLSetupError) {
    let result = EGLProbe.open(only: options.platform, debug: options.debug, hardwareOnly: options.hardwareOnly)
    guard let context = result.context else {
      let why = result.steps.map(\.description).joined(separator: "; ")
      throw .noDisplay("no headless OpenGL ES 3 context (\(why))")
    }
    self.info = context.info
    self.probeSteps = result.steps
    self.options = options
    let info = context.info
    let cache = options.programCacheDirectory.flatMap { dir in
      info.programBinaryFormats > 0
        ? ProgramCacheBinding(
          cache: ProgramBinaryCache(directory: dir),
          driver: "\(info.vendor)\n\(info.renderer)\n\(info.version)\n\(info.shadingLanguageVersion)") : nil
    }
    self.state = Locked(
      State(
        context: context, budget: options.textureBudgetBytes,
        tableLimit: min(context.info.maxTextureSize, options.maxTextureSize ?? .max), programCache: cache,
        tilesMasks: options.tilesMasks ?? context.info.isSoftware))
    if options.debug { state.withLock { try? $0.installDebugLog() } }
  }

  /// The last frame's timings.
  public var lastTimings: Timings { state.withLock { $0.timings } }
  /// What the program binary cache did so far (all zero without one).
  public var programCacheStats: ProgramBinaryCache.Stats { state.withLock { $0.programCache?.stats ?? .init() } }
  /// The last frame's draw calls and mask pixels.
  public var lastFrameCounts: FrameCounts { state.withLock { $0.counts } }
  /// How often a group's blurred shadow was reused instead of made again.
  public var shadowHits: Int { state.withLock { $0.shadowHits } }
  /// How often a `shouldRasterize` bitmap was reused instead of rendered.
  public var rasterizationHits: Int { state.withLock { $0.rasterHits } }
  /// Coverage masks uploaded so far: a mask that only moved is not uploaded again.
  public var maskUploads: Int { state.withLock { $0.maskUploads } }
  /// Textures uploaded so far, and bytes resident now (images of their own, not the small
  /// images of the atlas: `atlasUploads`).
  public var textureStats: (uploads: Int, residentBytes: Int) {
    state.withLock { ($0.textures.uploads, $0.textures.residentBytes) }
  }
  /// Small images uploaded into the shared atlas pages so far (GLRenderer+ImageAtlas).
  public var atlasUploads: Int { state.withLock { $0.atlasUploads } }

  /// Whether a canvas of this size fits the GPU's render targets.
  public func canRender(width: Int, height: Int) -> Bool {
    width <= info.maxRenderbufferSize && height <= info.maxRenderbufferSize
      && width <= info.maxViewportWidth && height <= info.maxViewportHeight
  }

  /// Runs `body` with the renderer's context current, between frames, with the queue that
  /// deletes GL objects at the next frame: for tests that drive GL directly.
  func withCurrentContext<T>(_ body: (GLCalls, GLGarbage) throws -> T) throws -> T {
    let (context, garbage) = state.withLock { ($0.context, $0.garbage) }
    var result: Result<T, any Error>?
    // Held for its exclusion only: no frame may use the context meanwhile.
    state.withLock { _ in result = Result { try context.withCurrent { gl in try body(gl, garbage) } } }
    return try result!.get()
  }

  /// Renders `list` into a new buffer.
  public func render(_ list: RenderList) throws(RenderError) -> PixelBuffer {
    var target = PixelBuffer(width: list.width, height: list.height)
    try render(list, into: &target)
    return target
  }

  /// Draws a compiled list into `target` (which must have the list's size).
  ///
  /// Throws `.limitExceeded`, before drawing anything, when the list's offscreen groups
  /// would need more memory at once than `options.limits` allows (as the CPU renderer
  /// does); `.unsupported` when the frame cannot be drawn here (a canvas larger than the
  /// render target limits) and `.deviceFailure` when the context reports an error or a
  /// reset; the caller re-renders.
  public func render(_ list: RenderList, into target: inout PixelBuffer) throws(RenderError) {
    precondition(target.width == list.width && target.height == list.height, "target size differs from the list's")
    try options.limits.check(list)
    guard canRender(width: list.width, height: list.height) else {
      throw RenderError(
        .unsupported, "a \(list.width)x\(list.height) canvas exceeds the GPU's render target limit (\(info.maxRenderbufferSize) pixels)")
    }
    let limit = maxTextureSize
    do throws(GLRenderError) {
      try state.withLock { s throws(GLRenderError) in
        try s.draw(list, into: &target, textureLimit: limit)
      }
    } catch {
      throw RenderError(error)
    }
  }
}

/// Every limit on what input may make Strata allocate or loop over, in one place.
///
/// Strata renders files written by others, unattended; each input-driven allocation or
/// loop is bounded by one of these. A value past a limit is refused with an error that
/// names the file and the JSON path (or the option) and the way to raise it, before anything
/// is drawn or written, except where the limit is a clamp that provably changes no pixel
/// (the blur sigma, saturated coordinates). The table in docs/SceneFormat.md ("Limits")
/// lists the same figures; `LimitsDocumentationTests` keeps the two alike.
///
/// Raising them: the scene loader's with `SceneLimits` (`strata render --max-layers`,
/// `--max-scene-size`), the frame's offscreen memory with `RenderLimits`, tile memory with
/// `TileCache.budget` (`--tile-memory`), particles per emitter with its
/// `maximumLiveParticles`, frame counts with `strata render --max-frames`. The rest are
/// constants of the format or of the renderers.
public enum Limits {
  /// Canvas pixels per side (width or height times scale).
  public static let maxPixelsPerSide = 16_384
  /// Canvas pixels in all.
  public static let maxPixels = 100_000_000
  /// Pixels of one decoded PNG image (64 Mi).
  public static let imagePixels = 64 << 20
  /// Layer objects in one scene file (`SceneLimits.maxLayers`).
  public static let layers = 100_000
  /// Bytes of one scene file (`SceneLimits.maxFileBytes`): 64 MiB. Parsing takes at most
  /// about 18 bytes of memory per byte, so about 1.2 GB at the limit.
  public static let sceneFileBytes = 64 << 20
  /// JSON nesting levels (`JSONParser.maxDepth`).
  public static let jsonNesting = 256
  /// Animations nested in groups and transitions' `from` objects
  /// (`SceneLimits.maxAnimationNesting`).
  public static let animationNesting = 32
  /// Copies one replicator draws (`ReplicatorLayer.maxInstanceCount`).
  public static let replicatorInstances = 10_000
  /// Layers one frame visits, replicated copies counted (nested replicators multiply).
  public static let maxLayersDrawn = 250_000
  /// Live particles one emitter may compute per frame (`EmitterLayer.maximumLiveParticles`).
  public static let liveParticles = 250_000
  /// Decoded tiles kept and needed by one frame's tiled layer (`TileCache.budget`).
  public static let tileMemoryBytes = 128 << 20
  /// Tiles one tiled layer's frame may need (`TilePlan.tooManyTiles`).
  public static let tilesPerFrame = 65_536
  /// Gaussian blur standard deviation in device pixels (`Blur.maxSigma`): a clamp, since a
  /// larger blur of a canvas-sized surface rounds to 0 everywhere (see `Blur.maxSigma`).
  public static let blurSigma: Double = 1_048_576
  /// Frames one `strata render --frames` may render (`--max-frames` raises it).
  public static let frames = 100_000
  /// Entries of one zip archive (a dotLottie container).
  public static let containerEntries = 10_000
  /// Bytes of one zip entry's name.
  public static let containerNameBytes = 1024
  /// Bytes one zip entry inflates to, as its archive records it and as read.
  public static let containerEntryBytes = 64 << 20
  /// Bytes all entries of one zip archive inflate to, as it records them.
  public static let containerBytes = 256 << 20
  /// Device coordinates and sizes converted to integers are saturated at ±2^30
  /// (`Int(saturating:)`); a value there is off any canvas.
  public static let coordinate = 1 << 30
}

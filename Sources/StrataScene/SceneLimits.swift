import Strata

/// How much model one scene file may ask the loader to build (the figures are `Limits`'s).
///
/// Parsing costs a small constant per byte of JSON (docs/SceneFormat.md, "Limits"), so the
/// file's size is capped; a layer costs about 1.2 KB however it is written, and `{}` is a
/// layer in two bytes: 20 MB of them made 16.7 GB of layers, so the layer count is capped
/// too; and animations nest (groups in groups, transitions in transitions). A caller that
/// trusts its files can raise each cap.
public struct SceneLimits: Hashable, Sendable {
  /// 100,000 layers: about 120 MB of layer objects, far more than any hand-written or
  /// generated scene we know of needs.
  public static let defaultMaxLayers = Limits.layers
  /// 64 MiB of JSON.
  public static let defaultMaxFileBytes = Limits.sceneFileBytes
  /// 32 levels of groups and transitions' `from` objects.
  public static let defaultMaxAnimationNesting = Limits.animationNesting

  /// The most layers a scene may have, counting every layer object in the file: top-level
  /// layers, sublayers and masks. The canvas's root layer is not counted.
  public var maxLayers: Int
  /// The most bytes a scene file may have; checked before it is read.
  public var maxFileBytes: Int
  /// How deep animations may nest in groups and in transitions' `from` objects.
  public var maxAnimationNesting: Int

  public init(
    maxLayers: Int = defaultMaxLayers, maxFileBytes: Int = defaultMaxFileBytes,
    maxAnimationNesting: Int = defaultMaxAnimationNesting
  ) {
    precondition(maxLayers >= 0, "SceneLimits.maxLayers must not be negative")
    precondition(maxFileBytes >= 0, "SceneLimits.maxFileBytes must not be negative")
    precondition(maxAnimationNesting >= 0, "SceneLimits.maxAnimationNesting must not be negative")
    self.maxLayers = maxLayers
    self.maxFileBytes = maxFileBytes
    self.maxAnimationNesting = maxAnimationNesting
  }
}

extension SceneBuilder {
  /// Counts the layer that `field` describes, before it is built; one past the limit is an
  /// error at its path, so the user sees where the scene grew too large.
  func countLayer(_ field: Field) throws(SceneError) {
    layerCount += 1
    guard layerCount <= limits.maxLayers else {
      throw field.error(
        "more than \(limits.maxLayers) layers; that is the limit for one scene (strata render and parity take --max-layers N to raise it)")
    }
  }
}

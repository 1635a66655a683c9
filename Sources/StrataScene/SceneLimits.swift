/// How much model one scene file may ask the loader to build.
///
/// Parsing costs a small constant per byte of JSON (docs/SceneFormat.md, "Limits"), but a
/// layer costs about 1.2 KB however it is written, and `{}` is a layer in two bytes: 20 MB
/// of them made 16.7 GB of layers. The layer count is therefore capped; a caller that
/// trusts its files can raise the cap.
public struct SceneLimits: Hashable, Sendable {
  /// 100,000 layers: about 120 MB of layer objects, far more than any hand-written or
  /// generated scene we know of needs.
  public static let defaultMaxLayers = 100_000

  /// The most layers a scene may have, counting every layer object in the file: top-level
  /// layers, sublayers and masks. The canvas's root layer is not counted.
  public var maxLayers: Int

  public init(maxLayers: Int = defaultMaxLayers) {
    precondition(maxLayers >= 0, "SceneLimits.maxLayers must not be negative")
    self.maxLayers = maxLayers
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

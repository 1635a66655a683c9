import Strata

/// `TransformLayer`'s section of scene files (`"type": "transform"`): no keys of its own.
/// A plain layer's keys are accepted as Core Animation accepts the properties, and those
/// a transform layer ignores (background, border, shadow, mask…) draw nothing.
extension TransformLayer: SceneLayerKind {
  static var sceneKeys: [String] { [] }

  func configure(from m: [String: Field], in builder: SceneBuilder) throws(SceneError) {}
}

import Strata

/// `ScrollLayer`'s scene-file section (`"type": "scroll"`): `scrollMode` with Core
/// Animation's names, and `scrollPosition`, the bounds origin (applied after `bounds`, so
/// it wins over the origin written there). Scroll layers mask to their bounds unless the
/// file says `"masksToBounds": false`.
extension ScrollLayer: SceneLayerKind {
  static var sceneKeys: [String] { ["scrollMode", "scrollPosition"] }

  func configure(from m: [String: Field], in builder: SceneBuilder) throws(SceneError) {
    if let f = m["scrollMode"] { scrollMode = try f.name(ScrollLayerScrollMode.self) }
    if let f = m["scrollPosition"] { scrollPosition = try f.point() }
  }
}

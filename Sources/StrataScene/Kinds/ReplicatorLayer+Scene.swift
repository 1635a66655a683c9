import Strata

/// `ReplicatorLayer`'s keys in scene files (`"type": "replicator"`), with Core Animation's
/// names. `instanceCount` is a whole number from 0 to `ReplicatorLayer.maxInstanceCount`;
/// `instanceTransform` is any transform (16 numbers or steps); `instanceColor` any colour.
extension ReplicatorLayer: SceneLayerKind {
  static var sceneKeys: [String] {
    [
      "instanceCount", "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset",
      "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "preservesDepth",
    ]
  }

  func configure(from m: [String: Field], in builder: SceneBuilder) throws(SceneError) {
    if let f = m["instanceCount"] {
      let n = try f.number(in: 0...Double(Self.maxInstanceCount))
      guard n == n.rounded() else { throw f.error("must be a whole number, got \(Field.format(n))") }
      instanceCount = Int(n)
    }
    if let f = m["instanceTransform"] { instanceTransform = try f.transform() }
    if let f = m["instanceDelay"] { instanceDelay = try f.number() }
    if let f = m["instanceColor"] { instanceColor = try f.color() }
    if let f = m["instanceRedOffset"] { instanceRedOffset = try f.number() }
    if let f = m["instanceGreenOffset"] { instanceGreenOffset = try f.number() }
    if let f = m["instanceBlueOffset"] { instanceBlueOffset = try f.number() }
    if let f = m["instanceAlphaOffset"] { instanceAlphaOffset = try f.number() }
    if let f = m["preservesDepth"] { preservesDepth = try f.bool() }
  }
}

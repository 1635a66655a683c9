/// The links of a layer that a snapshot follows, stored together (`Layer.links`).
struct LayerLinks {
  var mask: Layer? = nil
  var sublayers: [Layer] = []
  /// On presentation copies of kinds with `sublayerDelays()`: the sublayers as they are
  /// that much earlier, one list per delay; empty when no sublayer is animated (every copy
  /// then looks the same), and on model layers.
  var delayedSublayers: [[Layer]] = []
}

import Strata

/// The animation that drives one layer of an imported Lottie file: at each time it
/// evaluates the layer's Lottie properties at the composition's frame and writes them to
/// the presentation copy (transform, opacity, visibility, path, colours…).
///
/// One animation per layer whatever its number of properties: Lottie's keyframes,
/// easing, hold keyframes, spatial tangents, time remapping and parenting are evaluated
/// exactly at any (fractional) frame, where `CAKeyframeAnimation`s built from them by
/// lottie-ios give the same values.
final class FrameDriver: Animation {
  let time: TimeMap
  let update: @Sendable (Layer, Double) -> Void

  init(time: TimeMap, update: @escaping @Sendable (Layer, Double) -> Void) {
    self.time = time
    self.update = update
    super.init()
    // Forever: the driver is in effect at every time of the layer.
    timing.duration = .infinity
  }

  required init(copying other: Animation) {
    guard let o = other as? FrameDriver else { preconditionFailure("FrameDriver.init(copying:) was given a \(type(of: other))") }
    time = o.time
    update = o.update
    super.init(copying: other)
  }

  override func apply(to presentation: Layer, at t: Double) {
    update(presentation, time.frame(at: t))
  }
}

extension Layer {
  /// Attaches `update` as a driver and applies it once to the model at the frame of time
  /// 0, so that the model (what a snapshot without time shows) is the first frame.
  func drive(_ time: TimeMap, _ update: @escaping @Sendable (Layer, Double) -> Void) {
    update(self, time.frame(at: 0))
    add(FrameDriver(time: time, update: update), forKey: "lottie-\(animationKeys.count)")
  }
}

extension Layer {
  /// Adds a layer made by the importer, which is never an ancestor.
  func adopt(_ sublayer: Layer) {
    do throws(LayerTreeError) { try addSublayer(sublayer) } catch { preconditionFailure("the Lottie importer made a cycle: \(error)") }
  }
}

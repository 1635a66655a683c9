/// How a composition's frame follows the animation's clock: the root composition's frame
/// is `ip + t * fr`; a precomposition's is its layer's frame mapped by the layer's start
/// time and time stretch, `(f - st) / sr`, or by its time remapping, `tm(f) * fr`, as
/// lottie-ios's engines do.
final class TimeMap: Sendable {
  enum Step: Sendable {
    case root(inPoint: Double, frameRate: Double)
    case precomp(startTime: Double, stretch: Double)
    case remap(Animated<[Double]>, frameRate: Double)
  }

  let parent: TimeMap?
  let step: Step

  init(parent: TimeMap?, step: Step) {
    self.parent = parent
    self.step = step
  }

  /// The root composition's frame for frame `f` of this one, when the map is a simple
  /// one (start times and stretches); nil through time remapping.
  func rootFrame(_ f: Double) -> Double? {
    switch step {
    case .root: return f
    case .precomp(let st, let sr): return parent?.rootFrame(f * sr + st)
    case .remap: return nil
    }
  }

  /// The frame of this composition at animation time `t` (seconds).
  func frame(at t: Double) -> Double {
    switch step {
    case .root(let ip, let fr): return ip + t * fr
    case .precomp(let st, let sr): return ((parent?.frame(at: t) ?? 0) - st) / sr
    case .remap(let tm, let fr): return tm.value(at: parent?.frame(at: t) ?? 0)[0] * fr
    }
  }
}

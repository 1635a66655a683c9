import Foundation

/// A basic animation whose progress follows a damped spring (`CASpringAnimation`).
///
/// The progress `x(t)` solves `m·x'' + c·x' + k·(x − 1) = 0` with `x(0) = 0` and
/// `x'(0) = initialVelocity` (in units of the whole distance per second, as in Core
/// Animation), in closed form for the under-, critically and over-damped cases. `t` is the
/// animation's local time in seconds; the timing function is not used. It is a
/// `BasicAnimation`, as `CASpringAnimation` is a `CABasicAnimation`: the values combine as
/// its do.
open class SpringAnimation: BasicAnimation {
  public var mass: Double = 1
  public var stiffness: Double = 100
  public var damping: Double = 10
  public var initialVelocity: Double = 0

  public override init(
    keyPath: AnimatableKeyPath, from: (any AnimationValueConvertible)? = nil, to: (any AnimationValueConvertible)? = nil,
    by: (any AnimationValueConvertible)? = nil, duration: Double = 0
  ) {
    super.init(keyPath: keyPath, from: from, to: to, by: by, duration: duration)
  }

  /// A spring that takes about `perceptualDuration` seconds and overshoots by `bounce`
  /// (0: none, critically damped; towards 1: more; below 0: over-damped), as
  /// `CASpringAnimation(perceptualDuration:bounce:)` and SwiftUI's `Spring(duration:bounce:)`
  /// define it: `ω₀ = 2π / duration`, damping ratio `1 − bounce` (or `1 / (1 + bounce)`
  /// below 0). `duration` becomes the settling duration.
  public convenience init(
    keyPath: AnimatableKeyPath, perceptualDuration: Double, bounce: Double, from: (any AnimationValueConvertible)? = nil,
    to: (any AnimationValueConvertible)? = nil
  ) {
    self.init(keyPath: keyPath, from: from, to: to)
    let omega = 2 * Double.pi / perceptualDuration
    let zeta = bounce >= 0 ? 1 - min(bounce, 0.999) : 1 / (1 + max(bounce, -0.999))
    stiffness = mass * omega * omega
    damping = 2 * zeta * mass * omega
    timing.duration = settlingDuration
  }

  public required init(copying other: Animation) {
    let o = Self.same(other, as: SpringAnimation.self)
    (mass, stiffness, damping, initialVelocity) = (o.mass, o.stiffness, o.damping, o.initialVelocity)
    super.init(copying: other)
  }

  /// ω₀ = √(k/m), the undamped angular frequency.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
  /// ζ = c / (2√(km)): below 1 the spring oscillates.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The progress (0 at the start, 1 at rest) at `t` seconds.
  public func progress(at t: Double) -> Double {
    let w0 = naturalFrequency, z = dampingRatio, v0 = initialVelocity
    // y = x − 1: y(0) = −1, y'(0) = v0.
    let y: Double
    if z < 1 {
      let wd = w0 * (1 - z * z).squareRoot()
      let b = (v0 - z * w0) / wd
      y = exp(-z * w0 * t) * (-cos(wd * t) + b * sin(wd * t))
    } else if z == 1 {
      y = exp(-w0 * t) * (-1 + (v0 - w0) * t)
    } else {
      let s = w0 * (z * z - 1).squareRoot()
      let r1 = -z * w0 + s, r2 = -z * w0 - s
      let c1 = (v0 + r2) / (r1 - r2)
      y = c1 * exp(r1 * t) + (-1 - c1) * exp(r2 * t)
    }
    return 1 + y
  }

  /// The time after which the progress stays within 0.1% of the distance of its rest
  /// value, found by stepping at 1/1000 s (the envelope is not tight enough for springs
  /// whose velocity crosses zero late).
  public var settlingDuration: Double {
    let step = 0.001, limit = 60.0
    var last = 0.0
    var t = 0.0
    while t < limit {
      if abs(progress(at: t) - 1) > 0.001 { last = t }
      // Past the last excursion once the envelope alone keeps it inside.
      if t - last > 1, envelope(at: t) < 0.001 { break }
      t += step
    }
    return last + step
  }

  private func envelope(at t: Double) -> Double {
    let w0 = naturalFrequency, z = dampingRatio
    let decay = z < 1 ? z * w0 : w0 * (z - (z * z - 1).squareRoot())
    return exp(-decay * t) * (1 + abs(initialVelocity) + w0) * (1 + t)
  }

  open override func value(at state: TimingState, base: AnimationValue) -> AnimationValue? {
    let (a, b) = endpoints(base: base)
    return a.interpolated(to: b, progress(at: state.simpleTime))
  }
}

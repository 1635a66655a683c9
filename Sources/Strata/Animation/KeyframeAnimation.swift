import Foundation

/// An animation through a sequence of values, or along a path (`CAKeyframeAnimation`).
///
/// - `values` (or the end points of `path`'s segments) are the keyframes.
/// - `keyTimes` place them in the cycle (fractions 0…1, one per keyframe; for `discrete`,
///   optionally one more, as Core Animation asks); by default they are evenly spaced.
/// - `timingFunctions` shape each segment (one per segment) in `linear` and `cubic` modes,
///   after the animation's own `timingFunction` has shaped the whole cycle.
/// - `calculationMode`: `linear` interpolates each segment; `discrete` holds each value
///   until the next key time; `paced` ignores `keyTimes` and `timingFunctions` and moves at
///   constant speed (segment times proportional to their lengths, and along a path's
///   curves by arc length); `cubic` passes a Kochanek–Bartels spline through the values
///   with `tensionValues`, `continuityValues` and `biasValues` (0 each by default: a
///   Catmull-Rom spline); `cubicPaced` is that spline at constant speed.
/// - `rotationMode` turns the layer to follow the direction of motion of a point key path
///   (`auto`), or the opposite direction (`autoReverse`): the rotation about z is appended
///   to the presentation `transform`.
open class KeyframeAnimation: PropertyAnimation {
  public enum CalculationMode: String, CaseIterable, Sendable {
    case linear, discrete, paced, cubic, cubicPaced
  }

  public enum RotationMode: String, CaseIterable, Sendable {
    case auto, autoReverse
  }

  var keyframes: [AnimationValue] = []

  /// The keyframes: values of the key path's type (`AnimationValueConvertible`).
  public var values: [any AnimationValueConvertible] {
    get { keyframes }
    set { keyframes = newValue.map(\.animationValue) }
  }
  /// The keyframes as `AnimationValue`s: the same list as `values`, without an existential
  /// box per element (which costs a heap allocation each for large values), for callers
  /// that build long lists, such as the scene loader.
  public var keyframeValues: [AnimationValue] {
    get { keyframes }
    set { keyframes = newValue }
  }
  /// When set, the keyframes come from the path (for point key paths) and `values` is
  /// ignored.
  public var path: Path?
  public var keyTimes: [Double]?
  public var timingFunctions: [TimingFunction]?
  public var calculationMode: CalculationMode = .linear
  public var tensionValues: [Double]?
  public var continuityValues: [Double]?
  public var biasValues: [Double]?
  public var rotationMode: RotationMode?

  public init(keyPath: AnimatableKeyPath, values: [any AnimationValueConvertible] = [], duration: Double = 0) {
    keyframes = values.map(\.animationValue)
    super.init(keyPath: keyPath)
    timing.duration = duration
  }

  public init(keyPath: AnimatableKeyPath, path: Path, duration: Double = 0) {
    self.path = path
    super.init(keyPath: keyPath)
    timing.duration = duration
  }

  public required init(copying other: Animation) {
    let o = Self.same(other, as: KeyframeAnimation.self)
    (keyframes, path, keyTimes, timingFunctions) = (o.keyframes, o.path, o.keyTimes, o.timingFunctions)
    (calculationMode, rotationMode) = (o.calculationMode, o.rotationMode)
    (tensionValues, continuityValues, biasValues) = (o.tensionValues, o.continuityValues, o.biasValues)
    super.init(copying: other)
  }

  open override func value(at state: TimingState, base: AnimationValue) -> AnimationValue? {
    evaluate(state).map(\.value)
  }

  open override func apply(to presentation: Layer, at t: Double) {
    guard keyPath.applies(to: presentation), let state = timingState(at: t), let (v0, tangent) = evaluate(state) else { return }
    let current = keyPath.value(in: presentation)
    keyPath.set(isAdditive ? current.adding(v0) : v0, in: presentation)
    if let mode = rotationMode, let d = tangent, d.x != 0 || d.y != 0 {
      let angle = atan2(d.y, d.x) + (mode == .autoReverse ? Double.pi : 0)
      presentation.transform = presentation.transform.concatenating(.rotation(angle, 0, 0, 1))
    }
  }

  override func checkValues() {
    for (i, v) in keyframes.enumerated() { check(v, "values[\(i)]") }
  }

  /// The value at `state` and, for point key paths, the direction of motion.
  func evaluate(_ state: TimingState) -> (value: AnimationValue, tangent: Point?)? {
    let curve = KeyframeCurve(self)
    guard let last = curve.lastValue else { return nil }
    var (v, tangent) = curve.evaluate(easedFraction(state))
    if isCumulative && state.iteration > 0 { v = last.repeated(state.iteration).adding(v) }
    return (v, tangent)
  }
}

/// The segments and segment times of one keyframe animation, ready to evaluate.
struct KeyframeCurve {
  let mode: KeyframeAnimation.CalculationMode
  let keys: [AnimationValue]
  let cubics: [CubicSegment]?
  let times: [Double]
  let functions: [TimingFunction]?
  let spline: KochanekBartels?
  /// Arc-length tables for segments that must be walked at constant speed.
  let arcTables: [[Double]]?

  init(_ a: KeyframeAnimation) {
    mode = a.calculationMode
    if let path = a.path, a.keyPath.kind == .point {
      let c = path.cubics
      cubics = c
      keys = c.isEmpty ? [] : [.point(c[0].p0)] + c.map { .point($0.p3) }
    } else {
      cubics = nil
      keys = a.keyframes
    }
    let n = max(keys.count - 1, 0)
    // Arrays of different counts cannot pass through one spline: those keys jump (linear).
    let k = keys
    let isSpline = (mode == .cubic || mode == .cubicPaced) && cubics == nil && k.first.map { $0.kind != .transform && $0.kind != .bool && $0.kind != .path } == true
      && k.allSatisfy { $0.count == k[0].count }
    spline = isSpline ? KochanekBartels(keys.map(\.components), tension: a.tensionValues, continuity: a.continuityValues, bias: a.biasValues) : nil
    let paced = mode == .paced || mode == .cubicPaced
    var tables: [[Double]]? = nil
    if paced, n > 0 {
      // Lengths: sampled along curves, straight between plain values.
      if let cubics = self.cubics {
        tables = cubics.map { c in KeyframeCurve.arcTable { c.point(at: $0) } }
      } else if let spline = self.spline {
        tables = (0..<n).map { i in KeyframeCurve.arcTable(components: { spline.evaluate(i, $0) }) }
      }
      let ks = keys
      let lengths = tables?.map { $0.last ?? 0 } ?? (0..<n).map { ks[$0].distance(to: ks[$0 + 1]) }
      let total = lengths.reduce(0, +)
      var acc = 0.0
      times = total > 0 ? [0] + lengths.map { acc += $0; return acc / total } : (0...n).map { Double($0) / Double(n) }
      functions = nil
    } else {
      if let k = a.keyTimes, k.count == keys.count || (mode == .discrete && k.count == keys.count + 1) {
        times = k
      } else {
        let count = mode == .discrete ? keys.count : n
        times = count == 0 ? [0] : (0...count).map { Double($0) / Double(count) }
      }
      functions = a.timingFunctions
    }
    arcTables = tables
  }

  var lastValue: AnimationValue? { keys.last }

  func evaluate(_ f: Double) -> (AnimationValue, Point?) {
    let n = keys.count - 1
    if n <= 0 { return (keys[0], nil) }
    if mode == .discrete {
      // Value i holds from times[i] until times[i+1].
      var i = 0
      while i + 1 < keys.count && i + 1 < times.count && f >= times[i + 1] { i += 1 }
      return (keys[i], nil)
    }
    var i = 0
    while i < n - 1 && f >= times[i + 1] { i += 1 }
    let span = times[i + 1] - times[i]
    var u = span > 0 ? (f - times[i]) / span : 1
    u = min(max(u, 0), 1)
    if let fs = functions, i < fs.count { u = fs[i].value(at: u) }
    if let tables = arcTables { u = Self.parameter(forLength: u * (tables[i].last ?? 0), in: tables[i]) }
    if let cubics {
      return (.point(cubics[i].point(at: u)), cubics[i].tangent(at: u))
    }
    if let spline {
      let v = AnimationValue.make(keys[0].kind, spline.evaluate(i, u))
      var tangent: Point? = nil
      if keys[0].kind == .point {
        let a = spline.evaluate(i, max(0, u - 1e-4)), b = spline.evaluate(i, min(1, u + 1e-4))
        tangent = Point(b[0] - a[0], b[1] - a[1])
      }
      return (v, tangent)
    }
    let v = keys[i].interpolated(to: keys[i + 1], u)
    if case .point(let p) = keys[i], case .point(let q) = keys[i + 1] { return (v, q - p) }
    return (v, nil)
  }

  static let samples = 64

  /// Cumulative lengths at `samples + 1` evenly spaced parameters.
  static func arcTable(_ point: (Double) -> Point) -> [Double] {
    arcTable(components: { let p = point($0); return [p.x, p.y] })
  }

  static func arcTable(components: (Double) -> [Double]) -> [Double] {
    var table = [0.0]
    var previous = components(0)
    for k in 1...samples {
      let p = components(Double(k) / Double(samples))
      let d = zip(p, previous).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
      table.append(table[k - 1] + d)
      previous = p
    }
    return table
  }

  /// The parameter at which the cumulative length reaches `length` (linear between
  /// samples).
  static func parameter(forLength length: Double, in table: [Double]) -> Double {
    guard let total = table.last, total > 0 else { return length > 0 ? 1 : 0 }
    var k = 1
    while k < table.count - 1 && table[k] < length { k += 1 }
    let a = table[k - 1], b = table[k]
    let within = b > a ? (length - a) / (b - a) : 0
    return (Double(k - 1) + min(max(within, 0), 1)) / Double(table.count - 1)
  }
}

/// A Kochanek–Bartels (TCB) spline through keyframe components: cubic Hermite segments
/// whose tangents come from the neighbouring keys, shaped by tension, continuity and bias
/// per key. The end keys repeat themselves as their missing neighbours.
struct KochanekBartels {
  let points: [[Double]]
  let outgoing: [[Double]]
  let incoming: [[Double]]

  init(_ points: [[Double]], tension: [Double]?, continuity: [Double]?, bias: [Double]?) {
    self.points = points
    let n = points.count
    var outT: [[Double]] = [], inT: [[Double]] = []
    for i in 0..<n {
      let t = tension?[safe: i] ?? 0, c = continuity?[safe: i] ?? 0, b = bias?[safe: i] ?? 0
      let prev = points[max(i - 1, 0)], cur = points[i], next = points[min(i + 1, n - 1)]
      let d0 = zip(cur, prev).map(-), d1 = zip(next, cur).map(-)
      let a1 = (1 - t) * (1 + b) * (1 + c) / 2, a2 = (1 - t) * (1 - b) * (1 - c) / 2
      let b1 = (1 - t) * (1 + b) * (1 - c) / 2, b2 = (1 - t) * (1 - b) * (1 + c) / 2
      outT.append(zip(d0, d1).map { a1 * $0 + a2 * $1 })
      inT.append(zip(d0, d1).map { b1 * $0 + b2 * $1 })
    }
    outgoing = outT
    incoming = inT
  }

  /// Segment `i` (from key i to key i+1) at parameter `s`.
  func evaluate(_ i: Int, _ s: Double) -> [Double] {
    let s2 = s * s, s3 = s2 * s
    let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
    let p0 = points[i], p1 = points[i + 1], m0 = outgoing[i], m1 = incoming[i + 1]
    return (0..<p0.count).map { k in h00 * p0[k] + h10 * m0[k] + h01 * p1[k] + h11 * m1[k] }
  }
}

extension Array {  // fileprivate: a name others may want
  fileprivate subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

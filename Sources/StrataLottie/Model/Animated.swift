import Strata

/// A value that can be animated: keyframes interpolate between two values.
protocol Interpolating: Sendable {
  func interpolated(to other: Self, _ u: Double) -> Self
}

extension Array: Interpolating where Element == Double {
  /// Componentwise; arrays of different lengths (a gradient whose stop count changes)
  /// jump to the next value at its keyframe, as Core Animation's array values do.
  func interpolated(to other: [Double], _ u: Double) -> [Double] {
    guard count == other.count else { return u < 1 ? self : other }
    var out = self
    for i in indices { out[i] += (other[i] - self[i]) * u }
    return out
  }
}

/// A Lottie animatable property (`{"a": 1, "k": [keyframes]}` or `{"a": 0, "k": value}`),
/// evaluated at any frame, fractional frames included.
///
/// Between keyframe i and i+1 the value goes from `s` of i to `s` of i+1 (or `e` of i, the
/// older format) along the cubic-Bézier easing `o` → `i` of keyframe i, as lottie-ios's
/// Core Animation engine asks `CAKeyframeAnimation` to (one timing function per segment,
/// from the x and y of the first dimension). A hold keyframe (`h: 1`) keeps its value
/// until the next one (`discrete`). Before the first keyframe the first value shows, after
/// the last the last one. Position keyframes with spatial tangents (`to`, `ti`) move along
/// the cubic from `s`, `s + to` and `e + ti` to `e`, parametrically (as Core Animation
/// walks a keyframe `path`).
struct Animated<Value: Interpolating>: Sendable {
  struct Key: Sendable {
    var time: Double
    var value: Value
    var hold = false
    var easing: TimingFunction = .linear
    /// Spatial tangents of the segment that starts here (position only).
    var outTangent: [Double]? = nil
    var inTangent: [Double]? = nil
  }

  /// Sorted by time; never empty.
  var keys: [Key]

  init(_ value: Value) { keys = [Key(time: 0, value: value)] }
  init(keys: [Key]) {
    precondition(!keys.isEmpty, "Animated needs a keyframe")
    self.keys = keys
  }

  var isAnimated: Bool { keys.count > 1 }
  var first: Value { keys[0].value }

  /// The value at `frame`.
  /// - Complexity: O(log n) in the keyframes.
  func value(at frame: Double) -> Value {
    if keys.count == 1 || !(frame > keys[0].time) { return keys[0].value }
    let last = keys.count - 1
    if frame >= keys[last].time { return keys[last].value }
    // The segment i with keys[i].time <= frame < keys[i+1].time.
    var lo = 0, hi = last
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if keys[mid].time <= frame { lo = mid } else { hi = mid }
    }
    let a = keys[lo], b = keys[lo + 1]
    if a.hold { return a.value }
    let span = b.time - a.time
    let u = span > 0 ? a.easing.value(at: (frame - a.time) / span) : 1
    if let to = a.outTangent, let ti = a.inTangent, let p = a.value as? [Double], let q = b.value as? [Double],
      p.count >= 2, q.count >= 2, to.count >= 2, ti.count >= 2, to[0] != 0 || to[1] != 0 || ti[0] != 0 || ti[1] != 0
    {
      let v = Self.cubic(p, [p[0] + to[0], p[1] + to[1]], [q[0] + ti[0], q[1] + ti[1]], q, u)
      if let v = v as? Value { return v }
    }
    return a.value.interpolated(to: b.value, u)
  }

  /// The keyframe times, for callers that need to know where a property changes.
  var times: [Double] { keys.map(\.time) }

  private static func cubic(_ p0: [Double], _ p1: [Double], _ p2: [Double], _ p3: [Double], _ t: Double) -> [Double] {
    let s = 1 - t
    let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
    var out = p0.map { $0 * a }
    for k in 0..<2 { out[k] = a * p0[k] + b * p1[k] + c * p2[k] + d * p3[k] }
    return out
  }
}

extension Animated {
  /// Maps every value (for example percent to fraction).
  func map<T>(_ f: (Value) -> T) -> Animated<T> {
    Animated<T>(
      keys: keys.map {
        .init(time: $0.time, value: f($0.value), hold: $0.hold, easing: $0.easing, outTangent: $0.outTangent, inTangent: $0.inTangent)
      })
  }
}

extension Node {
  /// Decodes the animatable property at this node: `{"a": …, "k": …}`. `decodeValue` reads
  /// one value (a static `k` or a keyframe's `s`). Keyframes out of order are an error;
  /// expressions (`x`) are warned about and ignored.
  func animated<V>(layer: String?, _ decodeValue: (Node) throws(LottieError) -> V) throws(LottieError) -> Animated<V> {
    let node = try object()
    if let x = node["x"], case .string(let s) = x.value, !s.isEmpty {
      try context.warn(x.path, layer: layer, "expressions are not supported (the keyframes are used)")
    }
    let k = try node.required("k")
    guard k.isKeyframeList else { return Animated(try decodeValue(k)) }
    let items = try k.array()
    var keys: [Animated<V>.Key] = []
    var pendingEnd: V? = nil
    for (i, item) in items.enumerated() {
      let kf = try item.object()
      let time = try kf.required("t").number()
      guard time.isFinite else { throw try kf.required("t").error("expected a finite frame number") }
      if let previous = keys.last, time < previous.time {
        // Players draw such files; the keyframe that goes back in time is left out.
        try context.warn(kf.path, layer: layer, "keyframes out of order: frame \(time) after frame \(previous.time) (left out)")
        continue
      }
      let value: V
      if let s = kf["s"] {
        value = try decodeValue(s)
      } else if let e = pendingEnd {
        value = e
      } else if i == items.count - 1, let previous = keys.last {
        value = previous.value
      } else if let previous = keys.last {
        try context.warn(kf.path, layer: layer, "keyframe without a value (\"s\"): the previous keyframe's value is used")
        value = previous.value
      } else if let next = items.dropFirst(i + 1).lazy.compactMap({ $0["s"] }).first {
        try context.warn(kf.path, layer: layer, "keyframe without a value (\"s\"): the next keyframe's value is used")
        value = try decodeValue(next)
      } else {
        throw kf.error("keyframe without a value (\"s\")")
      }
      pendingEnd = try kf["e"].map { (e) throws(LottieError) in try decodeValue(e) }
      var key = Animated<V>.Key(time: time, value: value)
      key.hold = try kf.bool("h")
      if let o = kf["o"], let inTangent = kf["i"] {
        key.easing = TimingFunction(
          try o.required("x").number(), try o.required("y").number(), try inTangent.required("x").number(),
          try inTangent.required("y").number())
      }
      key.outTangent = try kf["to"]?.numbers()
      key.inTangent = try kf["ti"]?.numbers()
      keys.append(key)
    }
    guard !keys.isEmpty else { throw k.error("no keyframes") }
    // The older format ends with a keyframe that only has a time: its value is the `e` of
    // the one before.
    if let e = pendingEnd, let lastIndex = keys.indices.last, items.count >= 2, items[lastIndex]["s"] == nil {
      keys[lastIndex].value = e
    }
    return Animated(keys: keys)
  }

  /// Whether this `k` is a list of keyframes (objects with `t`) rather than a value.
  var isKeyframeList: Bool {
    guard case .array(let items) = value, let first = items.first, case .object = first else { return false }
    return first["t"] != nil
  }

  /// A number property (the first component of vector values).
  func scalar(layer: String?) throws(LottieError) -> Animated<[Double]> {
    try animated(layer: layer) { (n) throws(LottieError) in [try n.number()] }
  }

  /// A vector property (position, scale, colour). Spatial tangents are kept for
  /// positions only: lottie-ios gives Core Animation a motion path for `position`, and
  /// plain values (interpolated in a straight line) for everything else.
  func vector(layer: String?, spatial: Bool = false) throws(LottieError) -> Animated<[Double]> {
    var a = try animated(layer: layer) { (n) throws(LottieError) in
      let v = try n.numbers()
      guard v.allSatisfy(\.isFinite) else { throw n.error("expected finite numbers") }
      return v
    }
    if !spatial {
      for i in a.keys.indices {
        a.keys[i].outTangent = nil
        a.keys[i].inTangent = nil
      }
    }
    return a
  }
}

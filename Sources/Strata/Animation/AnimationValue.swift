import StrataPath

/// A value an animation produces for a key path: one case per kind of animatable property.
///
/// Values of one key path always have the same kind; `Layer` key paths say which
/// (`AnimatableKeyPath.kind`).
public enum AnimationValue: Hashable, Sendable, CustomStringConvertible {
  case number(Double)
  case point(Point)
  case size(Size)
  // The larger payloads are boxed: inline, a 128-byte matrix would make every value of
  // every kind 136 bytes (32 for a rect or colour), and long keyframe lists of numbers
  // would cost that per element. Boxed, a value takes 24 bytes.
  indirect case rect(Rect)
  indirect case color(Color)
  indirect case transform(Transform3D)
  /// Discrete properties (`isHidden`, `masksToBounds`…): they switch, never blend.
  case bool(Bool)
  /// Arrays (`GradientLayer.locations` and `colors`): element by element when the counts
  /// match, else a jump to the new array (`interpolated(to:_:)`). An array is one
  /// reference, so these take no more room than the boxed cases.
  case numbers([Double])
  case colors([Color])
  /// A shape's path (`ShapeLayer.path`, `shadowPath`): element-wise when both paths have the
  /// same elements, otherwise it jumps (see `interpolated(to:_:)`).
  indirect case path(StrataPath.Path)
  /// A text layer's string: discrete, it changes at the end of a segment (at each keyframe).
  indirect case text(TextString)

  /// The kinds, for messages and key-path tables.
  public enum Kind: String, Sendable {
    case number, point, size, rect, color, transform, bool, path, text
    case numberArray = "number array", colorArray = "color array"
  }

  public var kind: Kind {
    switch self {
    case .number: .number
    case .point: .point
    case .size: .size
    case .rect: .rect
    case .color: .color
    case .transform: .transform
    case .bool: .bool
    case .numbers: .numberArray
    case .colors: .colorArray
    case .path: .path
    case .text: .text
    }
  }

  /// The value as flat components, for componentwise arithmetic (not for transforms).
  var components: [Double] {
    switch self {
    case .number(let v): [v]
    case .point(let p): [p.x, p.y]
    case .size(let s): [s.width, s.height]
    case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
    case .color(let c): [c.red, c.green, c.blue, c.alpha]
    case .transform(let t): t.values
    case .bool(let b): [b ? 1 : 0]
    case .numbers(let v): v
    case .colors(let c): c.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
    // Paths never go through components: every operation below handles them first.
    case .path, .text: []
    }
  }

  /// The number of elements of an array value (nil for the other kinds): arrays of
  /// different counts do not blend.
  var count: Int? {
    switch self {
    case .numbers(let v): v.count
    case .colors(let c): c.count
    default: nil
    }
  }

  /// A value of `kind` from components in the order `components` gives them (for arrays,
  /// any number of elements).
  static func make(_ kind: Kind, _ c: [Double]) -> AnimationValue {
    switch kind {
    case .number: .number(c[0])
    case .point: .point(Point(c[0], c[1]))
    case .size: .size(Size(c[0], c[1]))
    case .rect: .rect(Rect(c[0], c[1], c[2], c[3]))
    case .color: .color(Color(c[0], c[1], c[2], c[3]))
    case .transform: .transform(Transform3D(c)!)
    case .bool: .bool(c[0] >= 0.5)
    case .numberArray: .numbers(c)
    case .colorArray: .colors(stride(from: 0, to: c.count - 3, by: 4).map { Color(c[$0], c[$0 + 1], c[$0 + 2], c[$0 + 3]) })
    case .path: preconditionFailure("a path is not made from components")
    case .text: preconditionFailure("a string is not made from components")
    }
  }

  /// The zero of the kind: what an additive animation adds to nothing. For arrays, the
  /// empty array, which `adding` treats as adding nothing.
  static func zero(_ kind: Kind) -> AnimationValue {
    switch kind {
    case .transform: .transform(.identity)
    case .bool: .bool(false)
    case .numberArray: .numbers([])
    case .colorArray: .colors([])
    case .path: .path(StrataPath.Path())
    case .text: .text(.plain(""))
    default: make(kind, [Double](repeating: 0, count: kind == .number ? 1 : kind == .point || kind == .size ? 2 : 4))
    }
  }

  public var description: String {
    switch self {
    case .number(let v): "\(v)"
    case .point(let p): "\(p)"
    case .size(let s): "\(s)"
    case .rect(let r): "\(r)"
    case .color(let c): "\(c)"
    case .transform(let t): "\(t)"
    case .bool(let b): "\(b)"
    case .numbers(let v): "\(v)"
    case .colors(let c): "\(c)"
    case .path(let p): "\(p)"
    case .text(let t): "\"\(t)\""
    }
  }
}

extension AnimationValue {
  /// The value a fraction `f` of the way from `self` to `b` (f may leave 0…1 for
  /// overshooting curves). Transforms go through `DecomposedTransform` (translation,
  /// quaternion rotation, scale, skew and perspective, as Core Animation interpolates
  /// `transform`); booleans switch at the end (`f >= 1`), as discrete properties do.
  /// Arrays blend element by element when their counts match; otherwise the value jumps to
  /// `b` as soon as the animation moves (`f > 0`), as Core Animation does with a `colors`
  /// or `locations` animation whose count changes.
  public func interpolated(to b: AnimationValue, _ f: Double) -> AnimationValue {
    switch (self, b) {
    case (.transform(let x), .transform(let y)):
      return .transform(Transform3D.interpolate(x, y, f))
    case (.bool, .bool), (.text, .text):
      return f >= 1 ? b : self
    case (.path(let x), .path(let y)):
      // Core Animation leaves paths of different elements undefined; they jump to the new
      // value as soon as the animation starts.
      return x.interpolated(to: y, fraction: f).map { .path($0) } ?? (f > 0 ? b : self)
    case _ where count != b.count:
      precondition(kind == b.kind, "cannot interpolate \(kind) with \(b.kind)")
      return f > 0 ? b : self
    default:
      precondition(kind == b.kind, "cannot interpolate \(kind) with \(b.kind)")
      let a = components, c = b.components
      return .make(kind, zip(a, c).map { $0 + ($1 - $0) * f })
    }
  }

  /// `self + b`: what additive animations and `byValue` do. Transforms concatenate: the
  /// added transform first, then `self` — the order Core Animation uses for additive
  /// transform animations (`CATransform3DConcat(by, base)`). Arrays add element by
  /// element; arrays of different counts do not add: the empty array (the zero) gives the
  /// other one, any other mismatch keeps `self`.
  public func adding(_ b: AnimationValue) -> AnimationValue {
    switch (self, b) {
    case (.transform(let x), .transform(let y)): return .transform(y.concatenating(x))
    case (.bool, .bool), (.path, .path), (.text, .text): return b
    case _ where count != b.count:
      precondition(kind == b.kind, "cannot add \(kind) to \(b.kind)")
      return count == 0 ? b : self
    default:
      precondition(kind == b.kind, "cannot add \(kind) to \(b.kind)")
      return .make(kind, zip(components, b.components).map(+))
    }
  }

  /// `self − b`, the inverse of `adding` (`byValue` with only `toValue`); arrays of
  /// different counts keep `self`.
  public func subtracting(_ b: AnimationValue) -> AnimationValue {
    switch (self, b) {
    case (.transform(let x), .transform(let y)): return .transform(y.inverted.map { $0.concatenating(x) } ?? x)
    case (.bool, .bool), (.path, .path), (.text, .text): return self
    case _ where count != b.count: return self
    default: return .make(kind, zip(components, b.components).map(-))
    }
  }

  /// Every point of `path`, in element order (for paced keyframes of paths).
  private static func points(of path: StrataPath.Path) -> [PathPoint] {
    var out: [PathPoint] = []
    path.forEachElement { e in
      switch e {
      case .move(let p), .line(let p): out.append(p)
      case .quadCurve(let p, let c): out += [c, p]
      case .curve(let p, let c1, let c2): out += [c1, c2, p]
      case .close: break
      }
    }
    return out
  }

  /// `self` added `n` times (cumulative animations), in closed form: `n ×` the components
  /// for values that add componentwise, and for transforms (which add by concatenation)
  /// by repeated squaring, so a cumulative animation at repeat 2 billion costs no more
  /// than at repeat 2.
  ///
  /// - Complexity: O(1) for componentwise kinds, O(log n) concatenations for transforms.
  func repeated(_ n: Int) -> AnimationValue {
    if n <= 0 { return .zero(kind) }
    switch self {
    case .transform:
      // self·self·… (n times): concatenation is associative, so powers of two suffice.
      var result: AnimationValue? = nil, power = self, k = n
      while k > 0 {
        if k & 1 == 1 { result = result.map { $0.adding(power) } ?? power }
        k >>= 1
        if k > 0 { power = power.adding(power) }
      }
      return result!
    case .bool, .path, .text:
      return self  // adding these gives the added value: n of them is one
    default:
      let f = Double(n)
      return .make(kind, components.map { $0 * f })
    }
  }

  /// The distance to `b`, for paced keyframes: Euclidean over the components; for
  /// transforms, over translation, rotation angle (times 100, a turn weighing like 628
  /// points) and scale of the decompositions; 0 between arrays of different counts (a
  /// jump takes no time in a paced animation).
  public func distance(to b: AnimationValue) -> Double {
    switch (self, b) {
    case (.transform(let x), .transform(let y)):
      guard let dx = DecomposedTransform(x), let dy = DecomposedTransform(y) else { return 0 }
      let t = zip(dx.translation, dy.translation).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
      let s = zip(dx.scale, dy.scale).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
      let angle = dx.quaternion.angle(to: dy.quaternion) * 100
      return (t + s + angle * angle).squareRoot()
    case (.path(let x), .path(let y)):
      // Point by point when the elements match; otherwise the jump counts as no distance.
      guard x.interpolated(to: y, fraction: 0) != nil else { return 0 }
      let px = Self.points(of: x), py = Self.points(of: y)
      return zip(px, py).map { ($0 - $1).lengthSquared }.reduce(0, +).squareRoot()
    case _ where count != b.count:
      return 0
    default:
      return zip(components, b.components).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
    }
  }
}

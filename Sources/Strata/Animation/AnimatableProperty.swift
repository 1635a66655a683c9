import StrataPath

/// One animatable key path of a layer kind: its name, its value kind, and how to read and
/// write it on layers of that kind.
///
/// A kind lists its own in `Layer.animatableProperties` with the helpers below, which also
/// make the sub-paths Core Animation has (`.x` of a point, `.size.width` of a rect,
/// `.rotation.z` of a transform):
///
/// ```swift
/// override class var animatableProperties: [AnimatableProperty] {
///   AnimatableProperty.color("fillColor", \ShapeLayer.fillColor)
///     + AnimatableProperty.number("lineWidth", \ShapeLayer.lineWidth)
/// }
/// ```
///
/// `AnimatableKeyPath` finds them through `LayerKinds` once the kind is registered.
public struct AnimatableProperty: @unchecked Sendable {
  // @unchecked: the closures capture key paths and metatypes, which are immutable.
  /// The key path, e.g. `"fillColor"` or `"instanceTransform.rotation.z"`.
  public let path: String
  public let kind: AnimationValue.Kind
  /// Whether values are angles in radians (scene files accept `"90deg"` there).
  public let isAngle: Bool
  /// Whether a change of the property in a `RenderTree` starts an implicit animation
  /// (Core Animation's path properties have none). Sub-paths never do.
  public let isImplicit: Bool
  /// The class that declares it: it applies to layers of that class and its subclasses.
  let owner: ObjectIdentifier
  let applies: (Layer) -> Bool
  let appliesToKind: (Layer.Type) -> Bool
  /// Given the layer and the key path as written (a pattern's names are in it).
  var get: (Layer, String) -> AnimationValue
  var set: (Layer, String, AnimationValue) -> Void

  init<L: Layer>(
    _ path: String, _ kind: AnimationValue.Kind, _: L.Type, isAngle: Bool = false, implicit: Bool = true,
    get: @escaping (L) -> AnimationValue, set: @escaping (L, AnimationValue) -> Void
  ) {
    self.path = path
    self.kind = kind
    self.isAngle = isAngle
    self.isImplicit = implicit && !path.contains(".")
    owner = ObjectIdentifier(L.self)
    applies = { $0 is L }
    appliesToKind = { $0 is L.Type }
    self.get = { layer, _ in get(Self.cast(layer, path)) }
    self.set = { layer, _, value in set(Self.cast(layer, path), value) }
  }

  /// A family of key paths: `pattern` has `*` components that stand for any name
  /// (`emitterCells.*.birthRate`), and `get` and `set` receive the names written there.
  public static func named<L: Layer>(
    _ pattern: String, _ kind: AnimationValue.Kind, isAngle: Bool = false,
    get: @escaping (L, [String]) -> AnimationValue, set: @escaping (L, [String], AnimationValue) -> Void
  ) -> AnimatableProperty {
    var p = AnimatableProperty(pattern, kind, L.self, isAngle: isAngle, implicit: false, get: { _ in .zero(kind) }, set: { _, _ in })
    p.get = { layer, path in get(Self.cast(layer, pattern), Self.names(in: path, pattern: pattern) ?? []) }
    p.set = { layer, path, value in set(Self.cast(layer, pattern), Self.names(in: path, pattern: pattern) ?? [], value) }
    return p
  }

  /// Whether this property is a family (`named`).
  var isPattern: Bool { path.contains("*") }

  /// The names `path` puts where `pattern` has `*`, or nil when it does not match.
  static func names(in path: String, pattern: String) -> [String]? {
    let a = path.split(separator: ".", omittingEmptySubsequences: false)
    let b = pattern.split(separator: ".", omittingEmptySubsequences: false)
    guard a.count == b.count else { return nil }
    var out: [String] = []
    for (x, y) in zip(a, b) {
      if y == "*" { guard !x.isEmpty else { return nil }; out.append(String(x)) } else if x != y { return nil }
    }
    return out
  }

  private static func cast<L: Layer>(_ layer: Layer, _ path: String) -> L {
    guard let l = layer as? L else { preconditionFailure("\(path) is a property of \(L.typeName) layers, not of \(layer)") }
    return l
  }

  // MARK: Helpers, one per value kind

  public static func number<L: Layer>(
    _ path: String, _ kp: ReferenceWritableKeyPath<L, Double>, isAngle: Bool = false, implicit: Bool = true
  ) -> [AnimatableProperty] {
    [AnimatableProperty(path, .number, L.self, isAngle: isAngle, implicit: implicit,
                        get: { .number($0[keyPath: kp]) }, set: { l, v in l[keyPath: kp] = v.components[0] })]
  }

  public static func bool<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, Bool>) -> [AnimatableProperty] {
    [AnimatableProperty(path, .bool, L.self, get: { .bool($0[keyPath: kp]) },
                        set: { l, v in if case .bool(let b) = v { l[keyPath: kp] = b } })]
  }

  public static func color<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, Color>, implicit: Bool = true) -> [AnimatableProperty] {
    [AnimatableProperty(path, .color, L.self, implicit: implicit, get: { .color($0[keyPath: kp]) },
                        set: { l, v in if case .color(let c) = v { l[keyPath: kp] = c } })]
  }

  /// An optional colour (`backgroundColor`, `fillColor`): nil reads as clear, as Core
  /// Animation animates a nil `CGColor` from transparent black.
  public static func color<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, Color?>, implicit: Bool = true) -> [AnimatableProperty] {
    [AnimatableProperty(path, .color, L.self, implicit: implicit, get: { .color($0[keyPath: kp] ?? .clear) },
                        set: { l, v in if case .color(let c) = v { l[keyPath: kp] = c } })]
  }

  /// An array of colours (`GradientLayer.colors`).
  public static func colors<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, [Color]>, implicit: Bool = true) -> [AnimatableProperty] {
    [AnimatableProperty(path, .colorArray, L.self, implicit: implicit, get: { .colors($0[keyPath: kp]) },
                        set: { l, v in if case .colors(let c) = v { l[keyPath: kp] = c } })]
  }

  /// An optional array of numbers (`GradientLayer.locations`): nil reads as what it means
  /// for the layer, `nilValue(layer)` (evenly spaced locations), so that an animation from
  /// nil blends from what is on screen. Animated values are written as arrays.
  public static func numbers<L: Layer>(
    _ path: String, _ kp: ReferenceWritableKeyPath<L, [Double]?>, implicit: Bool = true,
    readingNilAs nilValue: @escaping (L) -> [Double] = { _ in [] }
  ) -> [AnimatableProperty] {
    [AnimatableProperty(path, .numberArray, L.self, implicit: implicit, get: { .numbers($0[keyPath: kp] ?? nilValue($0)) },
                        set: { l, v in if case .numbers(let n) = v { l[keyPath: kp] = n } })]
  }

  /// A path (`ShapeLayer.path`, `shadowPath`): nil reads as the empty path, and an empty
  /// path writes nil. Not implicitly animated by default, as Core Animation's path
  /// properties are not.
  public static func path<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, StrataPath.Path?>, implicit: Bool = false) -> [AnimatableProperty] {
    [AnimatableProperty(path, .path, L.self, implicit: implicit, get: { .path($0[keyPath: kp] ?? StrataPath.Path()) },
                        set: { l, v in if case .path(let p) = v { l[keyPath: kp] = p.isEmpty ? nil : p } })]
  }

  /// A text layer's string: discrete, never implicitly animated (nil reads as the empty
  /// string, and an empty plain string writes nil).
  public static func text<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, TextString?>) -> [AnimatableProperty] {
    [AnimatableProperty(path, .text, L.self, implicit: false, get: { .text($0[keyPath: kp] ?? .plain("")) },
                        set: { l, v in if case .text(let t) = v { l[keyPath: kp] = t == .plain("") ? nil : t } })]
  }

  /// The point and its `.x` and `.y`.
  public static func point<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, Point>, implicit: Bool = true) -> [AnimatableProperty] {
    [AnimatableProperty(path, .point, L.self, implicit: implicit, get: { .point($0[keyPath: kp]) },
                        set: { l, v in if case .point(let p) = v { l[keyPath: kp] = p } })]
      + number(path + ".x", kp.appending(path: \.x)) + number(path + ".y", kp.appending(path: \.y))
  }

  /// The size and its `.width` and `.height`.
  public static func size<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, Size>, implicit: Bool = true) -> [AnimatableProperty] {
    [AnimatableProperty(path, .size, L.self, implicit: implicit, get: { .size($0[keyPath: kp]) },
                        set: { l, v in if case .size(let s) = v { l[keyPath: kp] = s } })]
      + number(path + ".width", kp.appending(path: \.width)) + number(path + ".height", kp.appending(path: \.height))
  }

  /// The rectangle and its `.origin` and `.size` (with theirs).
  public static func rect<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, Rect>, implicit: Bool = true) -> [AnimatableProperty] {
    [AnimatableProperty(path, .rect, L.self, implicit: implicit, get: { .rect($0[keyPath: kp]) },
                        set: { l, v in if case .rect(let r) = v { l[keyPath: kp] = r } })]
      + point(path + ".origin", kp.appending(path: \.origin)) + size(path + ".size", kp.appending(path: \.size))
  }

  /// The transform and its decomposed sub-paths (`.rotation.z`, `.scale`, `.translation.x`…).
  public static func transform<L: Layer>(_ path: String, _ kp: ReferenceWritableKeyPath<L, Transform3D>, implicit: Bool = true) -> [AnimatableProperty] {
    [AnimatableProperty(path, .transform, L.self, implicit: implicit, get: { .transform($0[keyPath: kp]) },
                        set: { l, v in if case .transform(let m) = v { l[keyPath: kp] = m } })]
      + TransformComponent.allCases.map { c in
        AnimatableProperty(path + "." + c.rawValue, c.kind, L.self, isAngle: c.isRotation,
                           get: { c.get($0[keyPath: kp]) }, set: { l, v in l[keyPath: kp] = c.set(v, in: l[keyPath: kp]) })
      }
  }
}

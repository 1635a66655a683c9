import Foundation

/// A key path an animation may target: a `CALayer` property name, or a sub-path into one
/// (`position.x`, `bounds.size.width`, `transform.rotation.z`), with its value kind and
/// how to read it from and write it to a layer.
///
/// Transform sub-paths work on the decomposition, as Core Animation's do: setting
/// `transform.rotation.z` replaces the z rotation of the current transform and keeps its
/// scale and translation. Rotations are in radians, applied x, then y, then z.
public struct AnimatableKeyPath: Hashable, Sendable, CustomStringConvertible {
  /// The key path as written, e.g. `"transform.rotation.z"`.
  public let path: String
  public let kind: AnimationValue.Kind
  /// The layer property it belongs to: `"transform"` for `"transform.rotation.z"`.
  public var property: String { String(path.prefix { $0 != "." }) }

  /// The key path, or nil when no animatable property has that name.
  public init?(_ path: String) {
    guard let a = Self.table[path] else { return nil }
    self.path = path
    self.kind = a.kind
  }

  /// Whether the values are angles, in radians: the `rotation` sub-paths of `transform`
  /// and `sublayerTransform` (scene files accept `"90deg"` there).
  public var isAngle: Bool {
    let component = path.drop { $0 != "." }.dropFirst()
    return TransformComponent(rawValue: String(component))?.isRotation ?? false
  }

  /// Every key path, sorted: for suggestions and documentation.
  public static var all: [String] { table.keys.sorted() }

  /// The top-level animatable properties, whose changes implicit animations pick up.
  public static let properties = [
    "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
    "opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "contentsRect",
    "contentsCenter", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "hidden",
    "doubleSided", "masksToBounds",
  ]

  /// The value at this key path in `layer`'s model.
  public func value(in layer: Layer) -> AnimationValue { Self.table[path]!.get(layer) }

  /// Writes `value` (of this key path's kind) at this key path.
  public func set(_ value: AnimationValue, in layer: Layer) {
    precondition(value.kind == kind, "\(path) takes a \(kind), not a \(value.kind)")
    Self.table[path]!.set(layer, value)
  }

  public var description: String { path }

  public static func == (a: Self, b: Self) -> Bool { a.path == b.path }
  public func hash(into h: inout Hasher) { h.combine(path) }

  // MARK: The table

  struct Accessor: @unchecked Sendable {
    let kind: AnimationValue.Kind
    let get: (Layer) -> AnimationValue
    let set: (Layer, AnimationValue) -> Void
  }

  static let table: [String: Accessor] = {
    var t: [String: Accessor] = [:]
    func number(_ name: String, _ kp: ReferenceWritableKeyPath<Layer, Double>) {
      t[name] = Accessor(kind: .number, get: { .number($0[keyPath: kp]) }, set: { l, v in l[keyPath: kp] = v.components[0] })
    }
    func bool(_ name: String, _ kp: ReferenceWritableKeyPath<Layer, Bool>) {
      t[name] = Accessor(kind: .bool, get: { .bool($0[keyPath: kp]) }, set: { l, v in if case .bool(let b) = v { l[keyPath: kp] = b } })
    }
    func color(_ name: String, _ kp: ReferenceWritableKeyPath<Layer, Color>) {
      t[name] = Accessor(kind: .color, get: { .color($0[keyPath: kp]) }, set: { l, v in if case .color(let c) = v { l[keyPath: kp] = c } })
    }
    func point(_ name: String, _ kp: ReferenceWritableKeyPath<Layer, Point>) {
      t[name] = Accessor(kind: .point, get: { .point($0[keyPath: kp]) }, set: { l, v in if case .point(let p) = v { l[keyPath: kp] = p } })
      number(name + ".x", kp.appending(path: \.x))
      number(name + ".y", kp.appending(path: \.y))
    }
    func size(_ name: String, _ kp: ReferenceWritableKeyPath<Layer, Size>) {
      t[name] = Accessor(kind: .size, get: { .size($0[keyPath: kp]) }, set: { l, v in if case .size(let s) = v { l[keyPath: kp] = s } })
      number(name + ".width", kp.appending(path: \.width))
      number(name + ".height", kp.appending(path: \.height))
    }
    func rect(_ name: String, _ kp: ReferenceWritableKeyPath<Layer, Rect>) {
      t[name] = Accessor(kind: .rect, get: { .rect($0[keyPath: kp]) }, set: { l, v in if case .rect(let r) = v { l[keyPath: kp] = r } })
      point(name + ".origin", kp.appending(path: \.origin))
      size(name + ".size", kp.appending(path: \.size))
    }
    func transform(_ name: String, _ kp: ReferenceWritableKeyPath<Layer, Transform3D>) {
      t[name] = Accessor(
        kind: .transform, get: { .transform($0[keyPath: kp]) },
        set: { l, v in if case .transform(let m) = v { l[keyPath: kp] = m } })
      for c in TransformComponent.allCases {
        t[name + "." + c.rawValue] = Accessor(
          kind: c.kind, get: { c.get($0[keyPath: kp]) }, set: { l, v in l[keyPath: kp] = c.set(v, in: l[keyPath: kp]) })
      }
    }
    rect("bounds", \.bounds)
    point("position", \.position)
    number("zPosition", \.zPosition)
    point("anchorPoint", \.anchorPoint)
    number("anchorPointZ", \.anchorPointZ)
    transform("transform", \.transform)
    transform("sublayerTransform", \.sublayerTransform)
    number("opacity", \.opacity)
    t["backgroundColor"] = Accessor(
      kind: .color, get: { .color($0.backgroundColor ?? .clear) },
      set: { l, v in if case .color(let c) = v { l.backgroundColor = c } })
    number("cornerRadius", \.cornerRadius)
    number("borderWidth", \.borderWidth)
    color("borderColor", \.borderColor)
    rect("contentsRect", \.contentsRect)
    rect("contentsCenter", \.contentsCenter)
    color("shadowColor", \.shadowColor)
    number("shadowOpacity", \.shadowOpacity)
    size("shadowOffset", \.shadowOffset)
    number("shadowRadius", \.shadowRadius)
    bool("hidden", \.isHidden)
    bool("doubleSided", \.isDoubleSided)
    bool("masksToBounds", \.masksToBounds)
    return t
  }()
}

/// The `transform.*` sub-paths.
enum TransformComponent: String, CaseIterable {
  case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z", rotation
  case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z", scale
  case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z", translation

  var kind: AnimationValue.Kind { self == .translation ? .size : .number }
  var isRotation: Bool { self == .rotationX || self == .rotationY || self == .rotationZ || self == .rotation }

  func get(_ m: Transform3D) -> AnimationValue {
    let d = DecomposedTransform(m) ?? DecomposedTransform()
    let e = d.eulerAngles
    switch self {
    case .rotationX: return .number(e[0])
    case .rotationY: return .number(e[1])
    case .rotationZ, .rotation: return .number(e[2])
    case .scaleX: return .number(d.scale[0])
    case .scaleY: return .number(d.scale[1])
    case .scaleZ: return .number(d.scale[2])
    case .scale: return .number(d.scale.reduce(0, +) / 3)
    case .translationX: return .number(d.translation[0])
    case .translationY: return .number(d.translation[1])
    case .translationZ: return .number(d.translation[2])
    case .translation: return .size(Size(d.translation[0], d.translation[1]))
    }
  }

  func set(_ v: AnimationValue, in m: Transform3D) -> Transform3D {
    var d = DecomposedTransform(m) ?? DecomposedTransform()
    let x = v.components[0]
    switch self {
    case .rotationX, .rotationY, .rotationZ, .rotation:
      var e = d.eulerAngles
      e[self == .rotationX ? 0 : self == .rotationY ? 1 : 2] = x
      d.eulerAngles = e
    case .scaleX: d.scale[0] = x
    case .scaleY: d.scale[1] = x
    case .scaleZ: d.scale[2] = x
    case .scale: d.scale = [x, x, x]
    case .translationX: d.translation[0] = x
    case .translationY: d.translation[1] = x
    case .translationZ: d.translation[2] = x
    case .translation: d.translation = [x, v.components[1], d.translation[2]]
    }
    return d.transform
  }
}

extension DecomposedTransform {
  /// The rotation as angles about x, y and z (radians), applied in that order:
  /// `rotation(x) · rotation(y) · rotation(z)` in `Transform3D.concatenating` terms.
  var eulerAngles: [Double] {
    get {
      let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
      // Rows of the row-vector rotation matrix (see `transform`).
      let r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y + z * w), r02 = 2 * (x * z - y * w)
      let r10 = 2 * (x * y - z * w), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z + x * w)
      let r21 = 2 * (y * z - x * w), r22 = 1 - 2 * (x * x + y * y)
      let b = asin(min(1, max(-1, -r02)))
      if cos(b) < 1e-9 { return [atan2(-r21, r11), b, 0] }
      _ = r10
      return [atan2(r12, r22), b, atan2(r01, r00)]
    }
    set {
      let r = Transform3D.rotation(newValue[0], 1, 0, 0).concatenating(.rotation(newValue[1], 0, 1, 0))
        .concatenating(.rotation(newValue[2], 0, 0, 1))
      quaternion = DecomposedTransform(r)?.quaternion ?? .identity
    }
  }
}

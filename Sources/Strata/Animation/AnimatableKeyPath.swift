import Foundation

/// A key path an animation may target: a `CALayer` property name, or a sub-path into one
/// (`position.x`, `bounds.size.width`, `transform.rotation.z`), or a layer kind's property
/// (`LayerKinds`), with its value kind and how to read it from and write it to a layer.
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

  /// The key path, or nil when no registered layer kind (`LayerKinds`) has an animatable
  /// property of that name.
  public init?(_ path: String) {
    guard let first = LayerKinds.properties(at: path).first else { return nil }
    self.path = path
    self.kind = first.kind
  }

  /// Whether the values are angles, in radians: the `rotation` sub-paths of `transform`
  /// and `sublayerTransform` (scene files accept `"90deg"` there).
  public var isAngle: Bool { LayerKinds.properties(at: path).first?.isAngle ?? false }

  /// Every key path of every registered kind, sorted: for suggestions and documentation.
  public static var all: [String] { LayerKinds.allPaths }

  /// The top-level animatable properties of every layer, whose changes implicit animations
  /// pick up. Kinds add theirs (`implicitlyAnimated(for:)`).
  public static let properties = [
    "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
    "opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "contentsRect",
    "contentsCenter", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "hidden",
    "doubleSided", "masksToBounds",
  ]

  /// The top-level properties of `layer`'s kind that implicit animations pick up: the
  /// plain layer's, then its kind's.
  public static func implicitlyAnimated(for layer: Layer) -> [AnimatableKeyPath] {
    LayerKinds.implicitPaths(for: type(of: layer))
  }

  /// Whether `layer` has this property: every layer has `Layer`'s, a kind's own belong to
  /// layers of that kind. An animation of a property the layer does not have does nothing.
  public func applies(to layer: Layer) -> Bool { accessor(for: layer) != nil }

  /// The value at this key path in `layer`'s model. `layer` must have the property.
  public func value(in layer: Layer) -> AnimationValue { checkedAccessor(for: layer).get(layer, path) }

  /// Writes `value` (of this key path's kind) at this key path. `layer` must have the
  /// property. A value with a NaN or infinite component is not written (the property keeps
  /// the value it has): animations reach such values only through arithmetic on extreme
  /// ones, and no file may hold them (see `Layer.clampAnimatedValues`).
  public func set(_ value: AnimationValue, in layer: Layer) {
    precondition(value.kind == kind, "\(path) takes a \(kind), not a \(value.kind)")
    guard value.isFinite else { return }
    checkedAccessor(for: layer).set(layer, path, value)
  }

  public var description: String { path }

  public static func == (a: Self, b: Self) -> Bool { a.path == b.path }
  public func hash(into h: inout Hasher) { h.combine(path) }

  private func accessor(for layer: Layer) -> AnimatableProperty? {
    LayerKinds.properties(at: path).first { $0.applies(layer) }
  }

  private func checkedAccessor(for layer: Layer) -> AnimatableProperty {
    guard let a = accessor(for: layer) else { preconditionFailure("\(layer) has no animatable property \"\(path)\"") }
    return a
  }

  // MARK: The plain layer's properties

  /// `Layer`'s animatable properties with their sub-paths (`Layer.animatableProperties`).
  static let layerProperties: [AnimatableProperty] = {
    typealias P = AnimatableProperty
    return P.rect("bounds", \Layer.bounds) + P.point("position", \Layer.position) + P.number("zPosition", \Layer.zPosition)
      + P.point("anchorPoint", \Layer.anchorPoint) + P.number("anchorPointZ", \Layer.anchorPointZ)
      + P.transform("transform", \Layer.transform) + P.transform("sublayerTransform", \Layer.sublayerTransform)
      + P.number("opacity", \Layer.opacity) + P.color("backgroundColor", \Layer.backgroundColor)
      + P.number("cornerRadius", \Layer.cornerRadius) + P.number("borderWidth", \Layer.borderWidth)
      + P.color("borderColor", \Layer.borderColor) + P.rect("contentsRect", \Layer.contentsRect)
      + P.rect("contentsCenter", \Layer.contentsCenter) + P.color("shadowColor", \Layer.shadowColor)
      + P.number("shadowOpacity", \Layer.shadowOpacity) + P.size("shadowOffset", \Layer.shadowOffset)
      + P.number("shadowRadius", \Layer.shadowRadius) + P.path("shadowPath", \Layer.shadowPath)
      + P.bool("hidden", \Layer.isHidden)
      + P.bool("doubleSided", \Layer.isDoubleSided) + P.bool("masksToBounds", \Layer.masksToBounds)
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

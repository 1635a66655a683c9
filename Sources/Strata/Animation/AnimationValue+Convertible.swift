import StrataPath

/// A value animations take for `fromValue`, `toValue`, `byValue` and keyframe `values`.
///
/// Core Animation takes `Any` there (an `NSNumber`, an `NSValue` of a point…); here the
/// property's own Swift types conform, so `a.fromValue = 0`, `a.toValue = Double.pi` and
/// `a.toValue = Point(100, 50)` read as they do with Core Animation and a value that no
/// animation could use does not compile. A value must still be of its key path's kind
/// (a number for `transform.rotation.z`, a `Point` for `position`): `Layer.add(_:forKey:)`
/// traps otherwise.
public protocol AnimationValueConvertible {
  var animationValue: AnimationValue { get }
}

extension AnimationValue: AnimationValueConvertible {
  public var animationValue: AnimationValue { self }
}

extension Double: AnimationValueConvertible {
  public var animationValue: AnimationValue { .number(self) }
}

/// Integer literals (`a.fromValue = 0`) are `Int`s.
extension Int: AnimationValueConvertible {
  public var animationValue: AnimationValue { .number(Double(self)) }
}

extension Float: AnimationValueConvertible {
  public var animationValue: AnimationValue { .number(Double(self)) }
}

extension Bool: AnimationValueConvertible {
  public var animationValue: AnimationValue { .bool(self) }
}

extension Point: AnimationValueConvertible {
  public var animationValue: AnimationValue { .point(self) }
}

extension Size: AnimationValueConvertible {
  public var animationValue: AnimationValue { .size(self) }
}

extension Rect: AnimationValueConvertible {
  public var animationValue: AnimationValue { .rect(self) }
}

extension Color: AnimationValueConvertible {
  public var animationValue: AnimationValue { .color(self) }
}

extension Transform3D: AnimationValueConvertible {
  public var animationValue: AnimationValue { .transform(self) }
}

/// The elements of array values: `[0, 0.5, 1]` for `locations`, `[Color.red, .blue]` for
/// `colors`.
public protocol AnimationArrayElement {
  /// The array value of `elements`.
  static func animationValue(of elements: [Self]) -> AnimationValue
}

extension Double: AnimationArrayElement {
  public static func animationValue(of elements: [Double]) -> AnimationValue { .numbers(elements) }
}

/// `[0, 1]` is an array of `Int`s.
extension Int: AnimationArrayElement {
  public static func animationValue(of elements: [Int]) -> AnimationValue { .numbers(elements.map(Double.init)) }
}

extension Color: AnimationArrayElement {
  public static func animationValue(of elements: [Color]) -> AnimationValue { .colors(elements) }
}

// One conditional conformance only (Swift allows no second): the element says which value.
extension Array: AnimationValueConvertible where Element: AnimationArrayElement {
  public var animationValue: AnimationValue { Element.animationValue(of: self) }
}

/// A shape's path (`ShapeLayer.path`).
extension StrataPath.Path: AnimationValueConvertible {
  public var animationValue: AnimationValue { .path(self) }
}

/// Literals make numbers and booleans where an `AnimationValue` is expected:
/// `let v: AnimationValue = 0.5`.
extension AnimationValue: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TextString: AnimationValueConvertible {
  public var animationValue: AnimationValue { .text(self) }
}

/// A plain string, for a text layer's `string` (`a.values = ["1", "2", "3"]` needs
/// `TextString`s or `AnimationValue`s; a single value may be a `String`).
extension String: AnimationValueConvertible {
  public var animationValue: AnimationValue { .text(.plain(self)) }
}

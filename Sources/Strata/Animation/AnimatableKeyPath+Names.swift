/// Key paths written as strings, as in Core Animation: `BasicAnimation(keyPath: "opacity")`.
extension AnimatableKeyPath: ExpressibleByStringLiteral {
  /// The key path a string literal names. A literal that names no animatable property is a
  /// programmer's mistake and traps; key paths read at run time go through `init?(_:)`.
  ///
  /// Because of this conformance `AnimatableKeyPath("opacity")` with a literal is that
  /// literal, not the failable initialiser (Swift treats `T(literal)` as a literal of `T`).
  public init(stringLiteral path: String) {
    guard let k = AnimatableKeyPath(path) else {
      preconditionFailure("\"\(path)\" is not an animatable key path; AnimatableKeyPath.all lists them")
    }
    self = k
  }
}

/// Constants for the animatable properties and the common sub-paths, for code that wants
/// the compiler to check the name: `BasicAnimation(keyPath: .transformRotationZ)`.
extension AnimatableKeyPath {
  public static let bounds: AnimatableKeyPath = "bounds"
  public static let position: AnimatableKeyPath = "position"
  public static let positionX: AnimatableKeyPath = "position.x"
  public static let positionY: AnimatableKeyPath = "position.y"
  public static let zPosition: AnimatableKeyPath = "zPosition"
  public static let anchorPoint: AnimatableKeyPath = "anchorPoint"
  public static let anchorPointZ: AnimatableKeyPath = "anchorPointZ"
  public static let transform: AnimatableKeyPath = "transform"
  public static let transformRotationX: AnimatableKeyPath = "transform.rotation.x"
  public static let transformRotationY: AnimatableKeyPath = "transform.rotation.y"
  public static let transformRotationZ: AnimatableKeyPath = "transform.rotation.z"
  /// The same as `transformRotationZ`.
  public static let transformRotation: AnimatableKeyPath = "transform.rotation"
  public static let transformScaleX: AnimatableKeyPath = "transform.scale.x"
  public static let transformScaleY: AnimatableKeyPath = "transform.scale.y"
  public static let transformScaleZ: AnimatableKeyPath = "transform.scale.z"
  /// All three scale factors at once.
  public static let transformScale: AnimatableKeyPath = "transform.scale"
  public static let transformTranslationX: AnimatableKeyPath = "transform.translation.x"
  public static let transformTranslationY: AnimatableKeyPath = "transform.translation.y"
  public static let transformTranslationZ: AnimatableKeyPath = "transform.translation.z"
  /// x and y, as a `Size`.
  public static let transformTranslation: AnimatableKeyPath = "transform.translation"
  public static let sublayerTransform: AnimatableKeyPath = "sublayerTransform"
  public static let opacity: AnimatableKeyPath = "opacity"
  public static let backgroundColor: AnimatableKeyPath = "backgroundColor"
  public static let cornerRadius: AnimatableKeyPath = "cornerRadius"
  public static let borderWidth: AnimatableKeyPath = "borderWidth"
  public static let borderColor: AnimatableKeyPath = "borderColor"
  public static let contentsRect: AnimatableKeyPath = "contentsRect"
  public static let contentsCenter: AnimatableKeyPath = "contentsCenter"
  public static let shadowColor: AnimatableKeyPath = "shadowColor"
  public static let shadowOpacity: AnimatableKeyPath = "shadowOpacity"
  public static let shadowOffset: AnimatableKeyPath = "shadowOffset"
  public static let shadowRadius: AnimatableKeyPath = "shadowRadius"
  /// Not implicitly animated (Core Animation animates no path implicitly).
  public static let shadowPath: AnimatableKeyPath = "shadowPath"
  public static let hidden: AnimatableKeyPath = "hidden"
  public static let doubleSided: AnimatableKeyPath = "doubleSided"
  public static let masksToBounds: AnimatableKeyPath = "masksToBounds"

  /// Every constant above, for tests and documentation.
  static let constants: [AnimatableKeyPath] = [
    .bounds, .position, .positionX, .positionY, .zPosition, .anchorPoint, .anchorPointZ, .transform,
    .transformRotationX, .transformRotationY, .transformRotationZ, .transformRotation, .transformScaleX,
    .transformScaleY, .transformScaleZ, .transformScale, .transformTranslationX, .transformTranslationY,
    .transformTranslationZ, .transformTranslation, .sublayerTransform, .opacity, .backgroundColor, .cornerRadius,
    .borderWidth, .borderColor, .contentsRect, .contentsCenter, .shadowColor, .shadowOpacity, .shadowOffset,
    .shadowRadius, .shadowPath, .hidden, .doubleSided, .masksToBounds,
  ]
}

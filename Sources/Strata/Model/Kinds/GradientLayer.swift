/// The shape of a `GradientLayer`'s gradient (`CAGradientLayerType`).
public enum GradientLayerType: String, CaseIterable, Sendable {
  /// Along the line from `startPoint` to `endPoint`.
  case axial
  /// An ellipse centred on `startPoint`, with radii `|endPoint − startPoint|` per axis.
  case radial
  /// Around `startPoint`, 0 towards `endPoint`, growing clockwise on screen.
  case conic
}

/// A layer that fills its rounded shape with a colour gradient (`CAGradientLayer`), above
/// its background colour and below its sublayers, with or without `masksToBounds`.
///
/// Points are in the unit square of the bounds: the gradient is computed as if the layer
/// were square and then stretched with it, as Core Animation does, so a (0, 0) → (1, 1)
/// axial gradient on a wide layer has its midline through the opposite corners. Colours
/// are interpolated straight (not premultiplied) and premultiplied afterwards; beyond the
/// first and last location the end colours continue (README, "Rendering semantics").
public final class GradientLayer: Layer {
  /// The colours (straight), in order; none draws nothing, one fills the shape with it.
  public var colors: [Color] = []
  /// Where each colour sits along the gradient; nil spaces them evenly over 0…1. A count
  /// other than `colors.count` draws nothing, as in Core Animation. Locations may lie
  /// outside 0…1 (the gradient is then cut off, or never reaches a stop); one smaller than
  /// the one before it counts as that one (a hard stop).
  public var locations: [Double]? = nil
  /// In unit coordinates of the bounds.
  public var startPoint = Point(x: 0.5, y: 0)
  public var endPoint = Point(x: 0.5, y: 1)
  public var type: GradientLayerType = .axial

  public override class var typeName: String { "gradient" }

  public override class var copiedPropertyNames: Set<String> { ["colors", "locations", "startPoint", "endPoint", "type"] }
  public override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? GradientLayer else { return }
    (colors, locations, startPoint, endPoint, type) = (l.colors, l.locations, l.startPoint, l.endPoint, l.type)
  }

  /// `colors`, `locations`, `startPoint` and `endPoint` (with `.x`, `.y`), as in Core
  /// Animation; `type` is not animatable. A nil `locations` reads as the evenly spaced
  /// locations it stands for, so an animation from it starts from what is on screen.
  public override class var animatableProperties: [AnimatableProperty] {
    AnimatableProperty.colors("colors", \GradientLayer.colors)
      + AnimatableProperty.numbers("locations", \GradientLayer.locations, readingNilAs: { evenlySpaced($0.colors.count) })
      + AnimatableProperty.point("startPoint", \GradientLayer.startPoint)
      + AnimatableProperty.point("endPoint", \GradientLayer.endPoint)
  }

  /// The locations nil stands for with `count` colours: `i / (count − 1)`; `[0]` for one.
  public static func evenlySpaced(_ count: Int) -> [Double] {
    count == 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
  }

  /// The gradient at one instant, as the compile step draws it.
  public struct Snapshot: LayerKindSnapshot {
    public var type: GradientLayerType
    public var colors: [Color]
    public var locations: [Double]?
    public var startPoint: Point
    public var endPoint: Point

    public init(type: GradientLayerType, colors: [Color], locations: [Double]?, startPoint: Point, endPoint: Point) {
      self.type = type; self.colors = colors; self.locations = locations; self.startPoint = startPoint; self.endPoint = endPoint
    }
  }

  public override func kindSnapshot() -> (any LayerKindSnapshot)? {
    Snapshot(type: type, colors: colors, locations: locations, startPoint: startPoint, endPoint: endPoint)
  }
}

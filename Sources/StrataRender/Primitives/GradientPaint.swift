import Strata

/// A gradient fill (`CAGradientLayer`'s), evaluated analytically at every pixel in the
/// unit space of a rectangle of the draw's plane: the unit square stretched to `unitRect`
/// (the layer's bounds), so a gradient is computed square and stretched with the layer,
/// as Core Animation does. The formulas are `GradientMath` (mirrored by
/// `Shaders/gradient.glsl`).
public struct GradientPaint: Hashable, Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    /// Along the line from `start` to `end`; iso-lines perpendicular to it in unit space.
    case axial
    /// An ellipse centred on `start` with radii `|end − start|` per axis.
    case radial
    /// Around `start`, 0 in the direction of `end`, increasing from +x towards +y
    /// (clockwise on screen, y being down).
    case conic

    /// The number `GradientMath` and the shader use.
    public var code: Int32 { Int32(Self.allCases.firstIndex(of: self)!) }
  }

  public var kind: Kind
  /// In unit coordinates of `unitRect`.
  public var start: Point
  public var end: Point
  /// Locations in 0…1, not decreasing (equal neighbours make a hard stop), with straight
  /// (unpremultiplied) colours: interpolated straight, then premultiplied. At least one.
  public var stops: [GradientStop]
  /// The rectangle of the draw's plane the unit square stretches to.
  public var unitRect: Rect

  public init(kind: Kind, start: Point, end: Point, stops: [GradientStop], unitRect: Rect) {
    precondition(!stops.isEmpty, "a gradient needs at least one stop")
    precondition(zip(stops, stops.dropFirst()).allSatisfy { $0.location <= $1.location }, "gradient locations must not decrease")
    self.kind = kind; self.start = start; self.end = end; self.stops = stops; self.unitRect = unitRect
  }

  /// The stops' locations and premultiplication-free colours in single precision, as
  /// `GradientMath.color` takes them.
  public var floatStops: (locations: [Float], colors: [SIMD4<Float>]) {
    (stops.map { Float($0.location) }, stops.map { SIMD4(Float($0.color.red), Float($0.color.green), Float($0.color.blue), Float($0.color.alpha)) })
  }
}

/// One colour of a gradient at a location in 0…1.
public struct GradientStop: Hashable, Sendable {
  public var location: Double
  /// Straight (not premultiplied) colour.
  public var color: Color

  public init(_ location: Double, _ color: Color) {
    self.location = location
    self.color = color
  }
}

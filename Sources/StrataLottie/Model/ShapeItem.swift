import StrataPath

/// A shape item of a shape layer or group (`shapes`, `it`), decoded.
enum ShapeItem: Sendable {
  case group(Group)
  case path(PathItem)
  case fill(Fill)
  case stroke(Stroke)
  case gradientFill(GradientFill)
  case gradientStroke(GradientStroke)
  case trim(Trim)
  case repeater(Repeater)
  /// Merge paths (`mm`): 1 merge (drawn together), 2 add, 3 subtract, 4 intersect, 5
  /// exclude intersections.
  case merge(mode: Int)
  /// Round corners (`rd`): the sharp corners of the paths it applies to, rounded with the
  /// radius `r` (points).
  case roundCorners(Animated<[Double]>)
  /// Offset paths (`op`): the paths grown (or, negative, shrunk) by `a` points.
  case offsetPaths(OffsetPaths)
  /// Pucker and bloat (`pb`): vertices pulled towards the path's centre and tangents pushed
  /// away by `a` percent (negative: the other way).
  case puckerBloat(Animated<[Double]>)
  /// Zig-zag (`zz`): ridges along each segment.
  case zigZag(ZigZag)
  /// Items the importer does not render (it warned when decoding them).
  case ignored

  /// Whether the item draws a path (a shape, or a group that may hold some).
  var drawsPath: Bool {
    switch self {
    case .path, .group: true
    default: false
    }
  }

  struct Group: Sendable {
    var items: [ShapeItem]
    var transform: TransformModel
  }

  /// A path-producing item: rectangle, ellipse, polystar or free path.
  struct PathItem: Sendable {
    enum Geometry: Sendable {
      case rect(position: Animated<[Double]>, size: Animated<[Double]>, roundness: Animated<[Double]>)
      case ellipse(position: Animated<[Double]>, size: Animated<[Double]>)
      case star(Star)
      case bezier(Animated<Bezier>)
    }
    var geometry: Geometry
    /// `d: 3`: drawn the other way round (where trims start).
    var reversed: Bool
  }

  struct Star: Sendable {
    var isStar: Bool
    var points: Animated<[Double]>
    var position: Animated<[Double]>
    var rotation: Animated<[Double]>
    var outerRadius: Animated<[Double]>
    var innerRadius: Animated<[Double]>
    var outerRoundness: Animated<[Double]>
    var innerRoundness: Animated<[Double]>
  }

  struct Fill: Sendable {
    var color: Animated<[Double]>
    var opacity: Animated<[Double]>
    var evenOdd: Bool
  }

  struct StrokeStyle: Sendable {
    var width: Animated<[Double]>
    var opacity: Animated<[Double]>
    /// Lottie's codes: 1 butt, 2 round, 3 square; 1 miter, 2 round, 3 bevel.
    var cap: Int
    var join: Int
    var miterLimit: Double
    /// Dash and gap lengths (animated lengths use their first value, as lottie-ios:
    /// `lineDashPattern` is not animatable) and the animated offset.
    var dashes: [Animated<[Double]>]
    var dashOffset: Animated<[Double]>?
  }

  struct Stroke: Sendable {
    var color: Animated<[Double]>
    var style: StrokeStyle
  }

  struct Gradient: Sendable {
    /// 1 linear, 2 radial.
    var type: Int
    var start: Animated<[Double]>
    var end: Animated<[Double]>
    /// The number of colour stops; `stops` holds them (offset, r, g, b each) followed by
    /// opacity stops (offset, alpha each).
    var colorCount: Int
    var stops: Animated<[Double]>
    var opacity: Animated<[Double]>
  }

  struct GradientFill: Sendable {
    var gradient: Gradient
    var evenOdd: Bool
  }

  struct GradientStroke: Sendable {
    var gradient: Gradient
    var style: StrokeStyle
  }

  struct Trim: Sendable {
    var start: Animated<[Double]>
    var end: Animated<[Double]>
    var offset: Animated<[Double]>
    /// 1 simultaneously (each path on its own), 2 individually (one after the other).
    var individually: Bool
    /// Which trim item of the file this is (its place in the document), so that paths
    /// trimmed by the same one are stroked together.
    var id: String

    /// A trim that keeps the whole path (start 0 and end 100, not animated), which
    /// lottie-ios passes over in favour of a later one.
    var isEmpty: Bool {
      !start.isAnimated && start.first.first == 0 && !end.isAnimated && end.first.first == 100
    }
  }

  struct OffsetPaths: Sendable {
    var amount: Animated<[Double]>
    /// Lottie's codes: 1 miter, 2 round, 3 bevel.
    var join: Int
    var miterLimit: Animated<[Double]>
  }

  struct ZigZag: Sendable {
    /// Ridges per segment (`r`), rounded.
    var ridges: Animated<[Double]>
    /// How far each ridge stands off the path (`s`, points).
    var size: Animated<[Double]>
    /// 1: corner points, 2: smooth points (`pt`).
    var points: Animated<[Double]>
  }

  struct Repeater: Sendable {
    var copies: Animated<[Double]>
    var offset: Animated<[Double]>
    /// 1: later copies above, 2: below.
    var above: Bool
    var transform: TransformModel
    var startOpacity: Animated<[Double]>
    var endOpacity: Animated<[Double]>
  }
}

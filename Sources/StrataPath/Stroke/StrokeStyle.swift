/// How a path is stroked, with `CAShapeLayer`'s properties and defaults.
///
/// Values outside their range are read as Core Animation would draw them rather than
/// refused: a negative or non-finite width draws nothing, `strokeStart`/`strokeEnd` are
/// clamped to 0...1, and a dash pattern with a negative, non-finite or all-zero entry is no
/// dash.
public struct StrokeStyle: Hashable, Sendable {
  /// The shape at the open ends of a stroke (`CAShapeLayerLineCap`).
  public enum LineCap: Hashable, Sendable {
    /// Ends exactly at the end point.
    case butt
    /// A half disc of the line's width around the end point.
    case round
    /// A half square beyond the end point.
    case square
  }

  /// The shape where two segments meet (`CAShapeLayerLineJoin`).
  public enum LineJoin: Hashable, Sendable {
    /// Sharp corners, cut to a bevel when longer than `miterLimit` widths.
    case miter
    case round
    case bevel
  }

  /// The stroke's width in path units; 0 draws a hairline one device pixel wide (as
  /// PostScript and Skia do; what Core Animation draws is unverified).
  public var lineWidth: Double
  public var lineCap: LineCap
  public var lineJoin: LineJoin
  /// The longest miter, in line widths, before a miter join becomes a bevel: a miter of
  /// angle θ between the segments is `1 / sin(θ/2)` widths long.
  public var miterLimit: Double
  /// Alternating lengths of dashes and gaps in path units; an odd count repeats once more
  /// (`[3]` is 3 on, 3 off). Empty: a solid line.
  public var lineDashPattern: [Double]
  /// How far into the pattern the stroke begins; negative phases wrap around.
  public var lineDashPhase: Double
  /// The part of the path's length stroked, as fractions of the whole path (all subpaths in
  /// order); `strokeStart >= strokeEnd` strokes nothing.
  public var strokeStart: Double
  public var strokeEnd: Double

  public init(
    lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
    lineDashPattern: [Double] = [], lineDashPhase: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.lineDashPattern = lineDashPattern
    self.lineDashPhase = lineDashPhase
    self.strokeStart = strokeStart
    self.strokeEnd = strokeEnd
  }

  /// The pattern as drawn: doubled when odd, nil when it draws solid.
  var effectiveDashPattern: [Double]? {
    guard !lineDashPattern.isEmpty, lineDashPattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
    let pattern = lineDashPattern.count % 2 == 1 ? lineDashPattern + lineDashPattern : lineDashPattern
    return pattern.reduce(0, +) > 0 ? pattern : nil
  }

  /// `strokeStart...strokeEnd` clamped to 0...1, or nil when nothing is stroked.
  var trimRange: (start: Double, end: Double)? {
    let s = strokeStart.isNaN ? 0 : min(max(strokeStart, 0), 1)
    let e = strokeEnd.isNaN ? 1 : min(max(strokeEnd, 0), 1)
    return s < e ? (s, e) : nil
  }
}

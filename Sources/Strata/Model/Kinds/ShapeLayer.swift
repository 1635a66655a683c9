import StrataPath

/// A layer that draws a path, filled and stroked, like `CAShapeLayer`: with Core
/// Animation's property names and defaults (an opaque black fill, no stroke, a miter limit
/// of 10).
///
/// The shape is drawn between the layer's contents and its first sublayer, the fill under
/// the stroke, anti-aliased and not clipped to the bounds (`masksToBounds` clips it as any
/// content). It is mapped to device pixels before it is rasterised, so a scaled, rotated or
/// tilted shape stays sharp; the stroke is built in the layer's own space, so a
/// non-uniform scale stretches it, as in Core Animation.
public final class ShapeLayer: Layer {
  /// How the fill decides what is inside (`CAShapeLayerFillRule`).
  public enum FillRule: String, CaseIterable, Sendable {
    case nonZero, evenOdd
  }
  /// The shape at the open ends of a stroke (`CAShapeLayerLineCap`).
  public enum LineCap: String, CaseIterable, Sendable {
    case butt, round, square
  }
  /// The shape where two segments meet (`CAShapeLayerLineJoin`).
  public enum LineJoin: String, CaseIterable, Sendable {
    case miter, round, bevel
  }

  /// The shape, in the layer's coordinates; nil draws nothing. Animatable (element by
  /// element when both paths have the same elements; otherwise it jumps), never implicitly.
  public var path: StrataPath.Path?
  /// The fill's colour; nil fills nothing.
  public var fillColor: Color? = .black
  public var fillRule: FillRule = .nonZero
  /// The stroke's colour, drawn over the fill; nil strokes nothing.
  public var strokeColor: Color?
  /// The stroke's width in layer units, half on each side of the path; 0 is a hairline one
  /// device pixel wide.
  public var lineWidth: Double = 1
  public var lineCap: LineCap = .butt
  public var lineJoin: LineJoin = .miter
  /// The longest miter, in line widths, before a miter join becomes a bevel (10, as in Core
  /// Animation; Skia's is 4).
  public var miterLimit: Double = 10
  /// Dash and gap lengths in layer units, alternating; an odd count repeats once more;
  /// empty strokes solid. Not animatable, as in Core Animation.
  public var lineDashPattern: [Double] = []
  /// How far into the pattern each subpath's stroke starts.
  public var lineDashPhase: Double = 0
  /// The part of the path's length stroked, as fractions of the whole path (all subpaths in
  /// order); the fill is never trimmed. `strokeStart >= strokeEnd` strokes nothing.
  public var strokeStart: Double = 0
  public var strokeEnd: Double = 1

  public override class var typeName: String { "shape" }

  public override class var copiedPropertyNames: Set<String> {
    [
      "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "lineDashPattern",
      "lineDashPhase", "strokeStart", "strokeEnd",
    ]
  }

  public override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? ShapeLayer else { return }
    (path, fillColor, fillRule, strokeColor) = (l.path, l.fillColor, l.fillRule, l.strokeColor)
    (lineWidth, lineCap, lineJoin, miterLimit) = (l.lineWidth, l.lineCap, l.lineJoin, l.miterLimit)
    (lineDashPattern, lineDashPhase, strokeStart, strokeEnd) = (l.lineDashPattern, l.lineDashPhase, l.strokeStart, l.strokeEnd)
  }

  public override class var animatableProperties: [AnimatableProperty] {
    AnimatableProperty.path("path", \ShapeLayer.path)
      + AnimatableProperty.color("fillColor", \ShapeLayer.fillColor)
      + AnimatableProperty.color("strokeColor", \ShapeLayer.strokeColor)
      + AnimatableProperty.number("lineWidth", \ShapeLayer.lineWidth)
      + AnimatableProperty.number("miterLimit", \ShapeLayer.miterLimit)
      + AnimatableProperty.number("lineDashPhase", \ShapeLayer.lineDashPhase)
      + AnimatableProperty.number("strokeStart", \ShapeLayer.strokeStart)
      + AnimatableProperty.number("strokeEnd", \ShapeLayer.strokeEnd)
  }

  /// The shape at one instant: the path, the paints and the stroke style.
  public struct Snapshot: LayerKindSnapshot {
    public var path: StrataPath.Path?
    public var fillColor: Color?
    public var fillRule: StrataPath.FillRule
    public var strokeColor: Color?
    public var stroke: StrokeStyle
  }

  public override func kindSnapshot() -> (any LayerKindSnapshot)? {
    let cap: StrokeStyle.LineCap = switch lineCap {
    case .butt: .butt
    case .round: .round
    case .square: .square
    }
    let join: StrokeStyle.LineJoin = switch lineJoin {
    case .miter: .miter
    case .round: .round
    case .bevel: .bevel
    }
    let style = StrokeStyle(
      lineWidth: lineWidth, lineCap: cap, lineJoin: join, miterLimit: miterLimit, lineDashPattern: lineDashPattern,
      lineDashPhase: lineDashPhase, strokeStart: strokeStart, strokeEnd: strokeEnd)
    return Snapshot(
      path: path, fillColor: fillColor, fillRule: fillRule == .evenOdd ? .evenOdd : .nonZero, strokeColor: strokeColor,
      stroke: style)
  }
}

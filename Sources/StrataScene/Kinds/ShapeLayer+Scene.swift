import Strata

/// `ShapeLayer`'s keys in scene files (`"type": "shape"`), with Core Animation's names.
/// `path` takes SVG path data or a shape object (`Field.shapePath`); colours may be null
/// (no fill, no stroke).
extension ShapeLayer: SceneLayerKind {
  static var sceneKeys: [String] {
    [
      "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "lineDashPattern",
      "lineDashPhase", "strokeStart", "strokeEnd",
    ]
  }

  func configure(from m: [String: Field], in builder: SceneBuilder) throws(SceneError) {
    if let f = m["path"] { path = f.isNull ? nil : try f.shapePath() }
    if let f = m["fillColor"] { fillColor = f.isNull ? nil : try f.color() }
    if let f = m["fillRule"] { fillRule = try f.name(FillRule.self) }
    if let f = m["strokeColor"] { strokeColor = f.isNull ? nil : try f.color() }
    if let f = m["lineWidth"] { lineWidth = try f.nonNegative() }
    if let f = m["lineCap"] { lineCap = try f.name(LineCap.self) }
    if let f = m["lineJoin"] { lineJoin = try f.name(LineJoin.self) }
    if let f = m["miterLimit"] { miterLimit = try f.nonNegative() }
    if let f = m["lineDashPattern"] {
      if f.isNull {
        lineDashPattern = []
      } else {
        var pattern: [Double] = []
        for item in try f.array() { pattern.append(try item.nonNegative()) }
        lineDashPattern = pattern
      }
    }
    if let f = m["lineDashPhase"] { lineDashPhase = try f.number() }
    if let f = m["strokeStart"] { strokeStart = try f.number(in: 0...1) }
    if let f = m["strokeEnd"] { strokeEnd = try f.number(in: 0...1) }
  }
}

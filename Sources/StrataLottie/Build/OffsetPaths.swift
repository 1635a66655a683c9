import StrataPath

extension Bezier {
  /// Offset paths (`op`) as Skottie applies them (`OffsetEffect`): the path's fill joined
  /// with its stroke `2·|amount|` wide (butt caps, the given join and miter limit) when
  /// `amount` is positive, or less that stroke when it is negative, so the outline moves
  /// `amount` outwards whichever way the path runs. The result is polygons within
  /// `tolerance`; nil when the booleans refuse the input (it is then left as it was).
  func offset(by amount: Double, join: StrokeStyle.LineJoin, miterLimit: Double, tolerance: Double) -> [Bezier]? {
    guard amount != 0, amount.isFinite else { return [self] }
    var path = Path()
    append(to: &path, .identity)
    let stroke = Stroker.outline(
      of: path, style: StrokeStyle(lineWidth: 2 * abs(amount), lineCap: .butt, lineJoin: join, miterLimit: miterLimit),
      resolutionScale: Stroker.defaultTolerance / tolerance)
    let operation: PathOperation = amount > 0 ? .union : .difference
    guard let result = try? path.combined(with: stroke, operation: operation, tolerance: tolerance) else { return nil }
    return Bezier.contours(of: result)
  }
}

extension ShapeItem.OffsetPaths {
  /// Lottie's join code as a stroke join (Skottie's mapping; miter when missing or unknown).
  var lineJoin: StrokeStyle.LineJoin {
    switch join {
    case 2: .round
    case 3: .bevel
    default: .miter
    }
  }
}

/// A boolean operation on the regions two paths fill (`CGPath.union`, `intersection`,
/// `subtracting`, `symmetricDifference`; Skia's `SkPathOp`).
public enum PathOperation: Hashable, Sendable, CaseIterable {
  /// Where either path fills.
  case union
  /// Where both paths fill.
  case intersection
  /// Where the first path fills and the second does not.
  case difference
  /// Where exactly one of the two fills (exclusive or).
  case exclusiveOr

  /// Whether a point inside the first region (`a`) and/or the second (`b`) is in the result.
  @inlinable public func keeps(_ a: Bool, _ b: Bool) -> Bool {
    switch self {
    case .union: a || b
    case .intersection: a && b
    case .difference: a && !b
    case .exclusiveOr: a != b
    }
  }
}

/// Why a boolean operation gave no path: its input was beyond what it is built for. The
/// paths themselves are always finite (`Path` refuses other points).
public enum PathBooleanError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The two paths flatten to more line segments than `limit`.
  case tooManySegments(count: Int, limit: Int)
  /// The sweep needed more steps than `limit` (edges crossing each other very many times).
  case tooMuchWork(limit: Int)
  /// A coordinate is so large (beyond ±1e150) that differences and crossings of edges
  /// would overflow.
  case coordinatesOutOfRange

  public var description: String {
    switch self {
    case .tooManySegments(let count, let limit): "the paths flatten to \(count) line segments, more than \(limit)"
    case .tooMuchWork(let limit): "the edges cross too often (more than \(limit) sweep steps)"
    case .coordinatesOutOfRange: "a coordinate is beyond ±1e150"
    }
  }
}

/// The most work one boolean operation may do, so that hostile input (millions of
/// segments, or edges crossing each other millions of times) fails fast instead of
/// filling memory or time.
public struct PathBooleanLimits: Hashable, Sendable {
  /// The most line segments the two flattened paths may have together.
  public var maxSegments: Int
  /// The most sweep steps: for each band between two event heights, one per edge that
  /// crosses it.
  public var maxWork: Int

  public init(maxSegments: Int = 200_000, maxWork: Int = 40_000_000) {
    self.maxSegments = maxSegments
    self.maxWork = maxWork
  }

  public static let `default` = PathBooleanLimits()
}

extension Path {
  /// The region `operation` makes of this path filled with `fillRule` and `other` filled
  /// with `otherFillRule`, as polygons.
  ///
  /// Curves are flattened within `tolerance` first, so the result is made of lines, at
  /// most `tolerance` from the exact boundary. Its subpaths are closed, do not cross each
  /// other or themselves, and run clockwise on screen around filled parts and
  /// anticlockwise around holes, so either fill rule fills it the same. Open subpaths of
  /// the operands count as closed (as a fill closes them); a subpath that encloses no area
  /// adds nothing. Coincident edges, shared vertices, touching shapes and
  /// self-intersecting operands are all handled; a non-finite or non-positive `tolerance`
  /// means the default.
  ///
  /// - Complexity: O((n + k) · a · log a) for n segments, k crossings and at most a edges
  ///   across any height, bounded by `limits`.
  public func combined(
    with other: Path, operation: PathOperation, fillRule: FillRule = .nonZero, otherFillRule: FillRule = .nonZero,
    tolerance: Double = Flattener.defaultTolerance, limits: PathBooleanLimits = .default
  ) throws(PathBooleanError) -> Path {
    let t = tolerance.isFinite && tolerance > 0 ? tolerance : Flattener.defaultTolerance
    var edges = BooleanEdges()
    try edges.add(self, operand: 0, tolerance: t, limits: limits)
    try edges.add(other, operand: 1, tolerance: t, limits: limits)
    let rules = (fillRule, otherFillRule)
    var sweep = BooleanSweep(edges: edges, maxWork: limits.maxWork) { wa, wb in
      operation.keeps(rules.0.encloses(winding: wa), rules.1.encloses(winding: wb))
    }
    try sweep.run()
    return BoundaryChainer(pieces: sweep.pieces, epsilon: sweep.epsilon).path()
  }

  /// Where this path or `other` fills (`CGPath.union(_:using:)`).
  public func union(_ other: Path, using rule: FillRule = .nonZero, tolerance: Double = Flattener.defaultTolerance)
    throws(PathBooleanError) -> Path
  {
    try combined(with: other, operation: .union, fillRule: rule, otherFillRule: rule, tolerance: tolerance)
  }

  /// Where both fill (`CGPath.intersection(_:using:)`).
  public func intersection(_ other: Path, using rule: FillRule = .nonZero, tolerance: Double = Flattener.defaultTolerance)
    throws(PathBooleanError) -> Path
  {
    try combined(with: other, operation: .intersection, fillRule: rule, otherFillRule: rule, tolerance: tolerance)
  }

  /// Where this path fills and `other` does not (`CGPath.subtracting(_:using:)`).
  public func subtracting(_ other: Path, using rule: FillRule = .nonZero, tolerance: Double = Flattener.defaultTolerance)
    throws(PathBooleanError) -> Path
  {
    try combined(with: other, operation: .difference, fillRule: rule, otherFillRule: rule, tolerance: tolerance)
  }

  /// Where exactly one of the two fills (`CGPath.symmetricDifference(_:using:)`).
  public func symmetricDifference(
    _ other: Path, using rule: FillRule = .nonZero, tolerance: Double = Flattener.defaultTolerance
  ) throws(PathBooleanError) -> Path {
    try combined(with: other, operation: .exclusiveOr, fillRule: rule, otherFillRule: rule, tolerance: tolerance)
  }

  /// The region this path fills with `rule`, as polygons that neither overlap nor cross
  /// (`CGPath.normalized(using:)`): a self-intersecting outline or a stroke outline made
  /// simple.
  public func normalized(using rule: FillRule = .nonZero, tolerance: Double = Flattener.defaultTolerance)
    throws(PathBooleanError) -> Path
  {
    try combined(with: Path(), operation: .union, fillRule: rule, tolerance: tolerance)
  }
}

extension FillRule {
  /// Whether a point with winding number `w` is inside.
  func encloses(winding w: Int) -> Bool {
    switch self {
    case .nonZero: w != 0
    case .evenOdd: w & 1 != 0
    }
  }
}

import StrataPath

/// The paths before a merge paths item (`mm`) in modes 2 to 5, combined as Skottie
/// combines them (`sksg::Merge`): the first path as it is, then each later one added to,
/// subtracted from, intersected with or excluded from the result so far, each filled
/// nonzero. Styles draw the one path this makes.
struct MergedPaths: Sendable {
  /// 2 add, 3 subtract, 4 intersect, 5 exclude intersections.
  var mode: Int
  /// The merged paths in document order, mapped to the merge's own list.
  var parts: [ShapeBuilder.Contribution]

  /// Whether `mode` is one this combines (1, merge, draws the paths together as they are).
  static func combines(_ mode: Int) -> Bool { (2...5).contains(mode) }

  var operation: PathOperation {
    switch mode {
    case 3: .difference
    case 4: .intersection
    case 5: .exclusiveOr
    default: .union
    }
  }

  /// The combined path at `frame`, in the merge's list, polygons within `tolerance`. When
  /// the booleans refuse the input (too many segments or crossings) the paths are drawn
  /// together, as mode 1 would.
  func path(at frame: Double, tolerance: Double) -> Path {
    var result = Path()
    for (k, part) in parts.enumerated() {
      var p = Path()
      part.path(at: frame, into: &p)
      if k == 0 {
        result = p
        continue
      }
      guard let combined = try? result.combined(with: p, operation: operation, tolerance: tolerance) else {
        var all = Path()
        for part in parts { part.path(at: frame, into: &all) }
        return all
      }
      result = combined
    }
    return result
  }

  var isAnimated: Bool { parts.contains { $0.isAnimated } }
}

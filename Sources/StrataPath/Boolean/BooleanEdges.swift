/// One line segment of a flattened operand, top end first (y down): what the sweep walks.
struct BooleanEdge: Sendable {
  var top: PathPoint
  var bottom: PathPoint
  /// +1 where the subpath runs down the screen here, −1 where it runs up: the edge's
  /// share of the winding number of the points to its right.
  var winding: Int
  /// 0 for the first operand, 1 for the second.
  var operand: Int

  /// The edge's x at height `y`, exactly its end's x at either end, so that the pieces of
  /// one edge in neighbouring bands meet at the same point.
  @inline(__always) func x(at y: Double) -> Double {
    if y <= top.y { return top.x }
    if y >= bottom.y { return bottom.x }
    // t is in [0, 1]: the subtraction is monotonic, so no slope (which can overflow) is needed.
    let t = (y - top.y) / (bottom.y - top.y)
    return top.x + t * (bottom.x - top.x)
  }
}

/// The non-horizontal edges of both operands, flattened, each subpath closed as a fill
/// closes it. Horizontal edges are left out: a horizontal ray never crosses one, so the
/// winding numbers (and the region) are the same without them, and the sweep finds the
/// horizontal parts of the result's boundary between bands on its own.
struct BooleanEdges: Sendable {
  var edges: [BooleanEdge] = []
  /// The largest coordinate magnitude seen, which sets the sweep's tolerance.
  var magnitude = 0.0
  private var segmentCount = 0

  /// Beyond this, edge differences and crossings are no longer safe from overflow.
  static let maxCoordinate = 1e150

  mutating func add(_ path: Path, operand: Int, tolerance: Double, limits: PathBooleanLimits) throws(PathBooleanError) {
    guard let bounds = path.controlPointBounds else { return }
    let extent = max(abs(bounds.minX), abs(bounds.maxX), abs(bounds.minY), abs(bounds.maxY))
    guard extent <= Self.maxCoordinate else { throw .coordinatesOutOfRange }
    try checkBudget(path, tolerance: tolerance, limits: limits)
    magnitude = max(magnitude, extent)
    for line in Flattener.polylines(of: path, tolerance: tolerance) where line.points.count >= 2 {
      let points = line.points
      segmentCount += points.count
      guard segmentCount <= limits.maxSegments else { throw .tooManySegments(count: segmentCount, limit: limits.maxSegments) }
      var previous = points[points.count - 1]
      for p in points {
        defer { previous = p }
        if p.y == previous.y { continue }
        let down = previous.y < p.y
        edges.append(
          BooleanEdge(top: down ? previous : p, bottom: down ? p : previous, winding: down ? 1 : -1, operand: operand))
      }
    }
  }

  /// Refuses, before flattening, a path whose curves would flatten to more segments than
  /// the limit allows (Wang's bound, as the flattener counts them).
  private func checkBudget(_ path: Path, tolerance: Double, limits: PathBooleanLimits) throws(PathBooleanError) {
    var estimate = segmentCount
    for c in path.contours() {
      estimate += 1
      for s in c.segments {
        switch s {
        case .line: estimate += 1
        case .quad(let a, let b, let d): estimate += Flattener.steps(a, b, d, tolerance: tolerance)
        case .cubic(let a, let b, let d, let e): estimate += Flattener.steps(a, b, d, e, tolerance: tolerance)
        }
        guard estimate <= limits.maxSegments else { throw .tooManySegments(count: estimate, limit: limits.maxSegments) }
      }
    }
  }
}

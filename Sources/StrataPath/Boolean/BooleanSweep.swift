/// A directed piece of the result's boundary, with the result on its right (so outer
/// boundaries run clockwise on screen).
struct BoundaryPiece: Sendable {
  var from: PathPoint
  var to: PathPoint
}

/// The sweep that decides the result band by band.
///
/// Between two consecutive event heights (edge ends, and the crossings found on the way)
/// no two edges cross, so the edges across a band are ordered left to right, and the
/// winding numbers of both operands are constant between neighbours. Walking a band left
/// to right decides which of those cells the result keeps; the boundary is then the sum
/// of the kept cells' outlines: their left and right sides (pieces of edges), and the
/// parts of their tops and bottoms that the bands above and below do not cancel (the
/// seams, where the result's horizontal edges come from). See BooleanSweep+Boundary.swift.
///
/// That sum is a boundary whatever the decisions, so the output always closes into
/// contours: floating-point error can misplace a crossing within a band of height
/// `minimumBand`, never break a contour. Edges within `epsilon` of each other across a
/// whole band count as one (coincident edges), and edges within `epsilon` at a band's
/// top are ordered by where they go (edges from a shared vertex).
struct BooleanSweep {
  let edges: [BooleanEdge]
  let heights: [Double]
  /// How close two edges must be to count as coincident.
  let epsilon: Double
  /// The least height of a band that ends at a crossing rather than at an edge end.
  let minimumBand: Double
  let maxWork: Int
  let keeps: (Int, Int) -> Bool
  var pieces: [BoundaryPiece] = []
  private var work = 0

  // The boundary's state between bands (BooleanSweep+Boundary.swift).
  var sides: [Side?]
  var edgesWithSides: [Int] = []
  var bandIndex = 0
  var tops: [(Double, Double)] = [], bottoms: [(Double, Double)] = [], bottomsAbove: [(Double, Double)] = []
  var events: [(x: Double, delta: Int)] = []

  init(edges e: BooleanEdges, maxWork: Int, keeps: @escaping (Int, Int) -> Bool) {
    edges = e.edges.sorted { $0.top.y < $1.top.y }
    var h: [Double] = []
    h.reserveCapacity(2 * e.edges.count)
    for edge in e.edges { h += [edge.top.y, edge.bottom.y] }
    h.sort()
    var unique: [Double] = []
    unique.reserveCapacity(h.count)
    for y in h where unique.last != y { unique.append(y) }
    heights = unique
    let scale = max(e.magnitude, 1e-280)
    epsilon = scale * 1e-9
    minimumBand = scale * 1e-12
    self.maxWork = maxWork
    self.keeps = keeps
    sides = Array(repeating: nil, count: edges.count)
  }

  /// An edge across the current band, with its x at the band's top and bottom.
  struct Crossing {
    var x0: Double
    var x1: Double
    var edge: Int
  }

  mutating func run() throws(PathBooleanError) {
    guard !edges.isEmpty else { return }
    // The edges across the band, kept in order from band to band: the order at a band's
    // top is the one at the bottom of the band above, but for the edges that begin or end
    // between them and the crossings at the line.
    var band: [Crossing] = []
    var next = 0, k = 0
    var y0 = heights[0]
    defer { closeSides(before: .max) }
    while true {
      band.removeAll { edges[$0.edge].bottom.y <= y0 }
      let continuing = band.count
      while next < edges.count && edges[next].top.y <= y0 {
        band.append(Crossing(x0: 0, x1: 0, edge: next))
        next += 1
      }
      while k < heights.count && heights[k] <= y0 { k += 1 }
      if band.isEmpty {
        seam(at: y0)
        guard next < edges.count else { return }
        y0 = edges[next].top.y
        continue
      }
      // Every edge across ends below y0, at one of the heights.
      var y1 = heights[k]
      work += band.count + 1
      guard work <= maxWork else { throw .tooMuchWork(limit: maxWork) }
      order(&band, continuing: continuing, y0, y1)
      if let yc = earliestCrossing(band, y0, y1) {
        y1 = yc
        for i in band.indices { band[i].x1 = edges[band[i].edge].x(at: y1) }
      }
      emitBand(band, y0, y1)
      seam(at: y0)
      swap(&bottomsAbove, &bottoms)
      closeSides(before: bandIndex)
      bandIndex += 1
      y0 = y1
    }
  }

  /// Puts the band's edges in order left to right at its top; edges within `epsilon` of
  /// each other there (a shared vertex, or a crossing just above) in their order at the
  /// bottom. The first `continuing` are in the order of the band above.
  private func order(_ band: inout [Crossing], continuing: Int, _ y0: Double, _ y1: Double) {
    for i in band.indices {
      let e = edges[band[i].edge]
      band[i].x0 = e.x(at: y0)
      band[i].x1 = e.x(at: y1)
    }
    func byTop(_ a: Crossing, _ b: Crossing) -> Bool { a.x0 < b.x0 || (a.x0 == b.x0 && a.x1 < b.x1) }
    if band.count - continuing > 16 {
      band.sort(by: byTop)
    } else {
      Self.insertionSort(&band, 0..<band.count, by: byTop)
    }
    var i = 0
    while i < band.count {
      var j = i + 1
      while j < band.count && band[j].x0 - band[j - 1].x0 <= epsilon { j += 1 }
      if j - i > 1 { Self.insertionSort(&band, i..<j) { $0.x1 < $1.x1 || ($0.x1 == $1.x1 && $0.x0 < $1.x0) } }
      i = j
    }
  }

  /// Sorts `a[range]` in place: linear when it is nearly in order already, as a band is.
  private static func insertionSort(_ a: inout [Crossing], _ range: Range<Int>, by less: (Crossing, Crossing) -> Bool) {
    guard range.count > 1 else { return }
    for i in (range.lowerBound + 1)..<range.upperBound {
      let x = a[i]
      var j = i
      while j > range.lowerBound && less(x, a[j - 1]) {
        a[j] = a[j - 1]
        j -= 1
      }
      a[j] = x
    }
  }

  /// The height of the first crossing of neighbours below `y0` and above `y1`, if any:
  /// with no crossing before it, the first crossing is between neighbours at the top.
  private func earliestCrossing(_ band: [Crossing], _ y0: Double, _ y1: Double) -> Double? {
    var best = y1
    for i in band.indices.dropLast() {
      let d0 = band[i + 1].x0 - band[i].x0, d1 = band[i + 1].x1 - band[i].x1
      guard d1 < -epsilon, d0 > 0 else { continue }
      var yc = y0 + d0 / (d0 - d1) * (y1 - y0)
      // Too close to the top to progress: the crossing is placed at most `minimumBand` low.
      yc = max(yc, y0 + minimumBand, y0.nextUp)
      best = min(best, yc)
    }
    return best < y1 ? best : nil
  }
}

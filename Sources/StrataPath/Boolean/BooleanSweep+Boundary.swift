/// The boundary of a band's kept cells: their sides, joined into one piece per edge while
/// an edge stays a side band after band, and the seams between bands.
extension BooleanSweep {
  /// A run of an edge's pieces in consecutive bands, all left sides (running up) or all
  /// right sides (running down) of kept cells.
  struct Side {
    var top: PathPoint
    var bottom: PathPoint
    var up: Bool
    /// The last band it is in.
    var band: Int
  }

  /// Walks the band left to right with the operands' winding numbers, adds the sides of
  /// the runs of kept cells, and collects their tops and bottoms (`tops`, `bottoms`).
  mutating func emitBand(_ band: [Crossing], _ y0: Double, _ y1: Double) {
    tops.removeAll(keepingCapacity: true)
    bottoms.removeAll(keepingCapacity: true)
    var wa = 0, wb = 0
    var inside = false
    var start = (0.0, 0.0)
    var i = 0
    while i < band.count {
      // A bundle: neighbours within epsilon over the whole band count as one edge.
      let first = band[i]
      var j = i
      repeat {
        let e = edges[band[j].edge]
        if e.operand == 0 { wa += e.winding } else { wb += e.winding }
        j += 1
      } while j < band.count && abs(band[j].x0 - band[j - 1].x0) <= epsilon && abs(band[j].x1 - band[j - 1].x1) <= epsilon
      i = j
      let now = keeps(wa, wb)
      guard now != inside else { continue }
      inside = now
      addSide(first.edge, PathPoint(first.x0, y0), PathPoint(first.x1, y1), up: now)
      if now {
        start = (first.x0, first.x1)
      } else {
        tops.append((start.0, first.x0))
        bottoms.append((start.1, first.x1))
      }
    }
  }

  /// Adds edge `e`'s piece from `top` to `bottom` as a side of a kept cell: a left side
  /// (`up`) or a right one. It continues the edge's side from the band above when that is
  /// the same kind and ends here; joining the two at their shared point keeps every point
  /// with as many pieces arriving as leaving.
  private mutating func addSide(_ e: Int, _ top: PathPoint, _ bottom: PathPoint, up: Bool) {
    if let s = sides[e], s.band == bandIndex - 1, s.up == up, s.bottom == top {
      sides[e]!.bottom = bottom
      sides[e]!.band = bandIndex
      return
    }
    if let s = sides[e] { emit(s) } else { edgesWithSides.append(e) }
    sides[e] = Side(top: top, bottom: bottom, up: up, band: bandIndex)
  }

  /// Emits the sides whose last band is before `band`.
  mutating func closeSides(before band: Int) {
    var kept = 0
    for e in edgesWithSides {
      guard let s = sides[e] else { continue }
      if s.band < band {
        emit(s)
        sides[e] = nil
      } else {
        edgesWithSides[kept] = e
        kept += 1
      }
    }
    edgesWithSides.removeLast(edgesWithSides.count - kept)
  }

  private mutating func emit(_ s: Side) {
    pieces.append(s.up ? BoundaryPiece(from: s.bottom, to: s.top) : BoundaryPiece(from: s.top, to: s.bottom))
  }

  /// Adds the horizontal pieces at height `y`: the kept cells' tops below the line
  /// (`tops`, running right) and bottoms above it (`bottomsAbove`, running left), where
  /// they do not cancel; then clears both.
  mutating func seam(at y: Double) {
    defer {
      tops.removeAll(keepingCapacity: true)
      bottomsAbove.removeAll(keepingCapacity: true)
    }
    guard !tops.isEmpty || !bottomsAbove.isEmpty else { return }
    events.removeAll(keepingCapacity: true)
    for (a, b) in tops { events += [(a, 1), (b, -1)] }
    for (a, b) in bottomsAbove { events += [(a, -1), (b, 1)] }
    events.sort { $0.x < $1.x }
    // Each run of one net count (rightward pieces minus leftward ones) becomes one piece.
    var net = 0
    var start = 0.0, runNet = 0
    for i in events.indices {
      net += events[i].delta
      if i + 1 < events.count && events[i + 1].x == events[i].x { continue }
      guard net != runNet else { continue }
      let x = events[i].x
      if runNet != 0 && x > start {
        let (a, b) = (PathPoint(start, y), PathPoint(x, y))
        let piece = runNet > 0 ? BoundaryPiece(from: a, to: b) : BoundaryPiece(from: b, to: a)
        for _ in 0..<abs(runNet) { pieces.append(piece) }
      }
      start = x
      runNet = net
    }
  }
}

/// Joins the sweep's boundary pieces into closed polygons.
///
/// The pieces meet at exactly equal points (the sweep computes each from the same
/// numbers), and at every point as many pieces arrive as leave, so following them always
/// comes back to the start. Where several leave one point (shapes touching at a vertex),
/// the walk takes the sharpest right turn, keeping to the region it goes round, so that
/// touching shapes come out as separate contours. Points where the boundary goes straight
/// on (the sweep cuts edges at every band) are then dropped.
struct BoundaryChainer {
  let pieces: [BoundaryPiece]
  /// How far from a straight line a point may be and still be dropped as on it.
  let epsilon: Double

  func path() -> Path {
    var outgoing: [PathPoint: [Int]] = [:]
    for (i, p) in pieces.enumerated() { outgoing[p.from, default: []].append(i) }
    var used = [Bool](repeating: false, count: pieces.count)
    var out = Path()
    for first in pieces.indices where !used[first] {
      var contour: [PathPoint] = []
      var current = first
      while true {
        used[current] = true
        let piece = pieces[current]
        contour.append(piece.from)
        if piece.to == pieces[first].from { break }
        guard let next = nextPiece(after: piece, from: &outgoing, used: used) else { break }
        current = next
      }
      let polygon = Self.simplified(contour, epsilon: epsilon)
      if polygon.count >= 3 { out.appendClosedPolygon(polygon) }
    }
    return out
  }

  /// The unused piece leaving `piece.to` that turns furthest right.
  private func nextPiece(after piece: BoundaryPiece, from outgoing: inout [PathPoint: [Int]], used: [Bool]) -> Int? {
    guard var candidates = outgoing[piece.to] else { return nil }
    candidates.removeAll { used[$0] }
    outgoing[piece.to] = candidates
    guard candidates.count > 1 else { return candidates.first }
    let d = piece.to - piece.from
    var best = candidates[0], bestTurn = -Double.infinity
    for c in candidates {
      let e = pieces[c].to - pieces[c].from
      let turn = Math.atan2(d.cross(e), d.dot(e))
      if turn > bestTurn {
        best = c
        bestTurn = turn
      }
    }
    return best
  }

  /// The polygon without repeated points and without points within `epsilon` of the line
  /// through their neighbours.
  static func simplified(_ points: [PathPoint], epsilon: Double) -> [PathPoint] {
    func isRedundant(_ a: PathPoint, _ b: PathPoint, _ c: PathPoint) -> Bool {
      let ac = c - a
      let length = ac.length
      guard length > epsilon else { return true }
      return abs(ac.cross(b - a)) <= epsilon * length
    }
    var out: [PathPoint] = []
    out.reserveCapacity(points.count)
    for p in points {
      if let last = out.last, (p - last).length <= epsilon { continue }
      while out.count >= 2 && isRedundant(out[out.count - 2], out[out.count - 1], p) { out.removeLast() }
      out.append(p)
    }
    // The seam where the walk started.
    var start = 0
    while out.count - start >= 3 {
      if (out[out.count - 1] - out[start]).length <= epsilon {
        out.removeLast()
      } else if isRedundant(out[out.count - 2], out[out.count - 1], out[start]) {
        out.removeLast()
      } else if isRedundant(out[out.count - 1], out[start], out[start + 1]) {
        start += 1
      } else {
        break
      }
    }
    return out.count - start >= 3 ? Array(out[start...]) : []
  }
}

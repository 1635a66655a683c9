import Foundation
import StrataPath
import StrataTestRandom
import Testing

/// Path booleans on awkward input: many coincident edges and shared vertices at once, and
/// random degenerate paths (coincident points, zero-length segments, cusps, huge and tiny
/// coordinates, the non-finite values paths refuse). Nothing traps or hangs, and every
/// result is well formed: closed polygons whose winding number is 0 or 1 everywhere.
@Suite struct PathBooleanFuzzTests {
  /// The winding number of `p` in the flattened `path`, edge by edge (no binning: the
  /// fuzzed paths span up to 1e12).
  static func winding(_ path: Path, _ p: PathPoint) -> Int {
    var w = 0
    for line in Flattener.polylines(of: path) where line.points.count >= 2 {
      let q = line.points
      for i in q.indices {
        let a = q[i], b = q[(i + 1) % q.count]
        if a.y <= p.y && b.y > p.y && (b - a).cross(p - a) > 0 { w += 1 }
        if b.y <= p.y && a.y > p.y && (b - a).cross(p - a) < 0 { w -= 1 }
      }
    }
    return w
  }

  /// A 12 × 12 checkerboard of 5-point squares: its dark squares and its light ones share
  /// every edge and vertex. Their union is the whole board as one square (four corners),
  /// their intersection is empty, and the board less its light squares is the dark ones.
  @Test func checkerboard() throws {
    var dark = Path(), light = Path()
    for i in 0..<12 {
      for j in 0..<12 {
        let r = PathRect(x: Double(i) * 5, y: Double(j) * 5, width: 5, height: 5)
        if (i + j) % 2 == 0 { dark.addRect(r) } else { light.addRect(r) }
      }
    }
    let board = try dark.union(light)
    #expect(board.elementCount == 5, "\(board)")
    #expect(abs(PathBooleanTests.area(board) - 3600) < 1e-9)
    #expect(try dark.intersection(light).isEmpty)
    let rest = try board.subtracting(light)
    #expect(abs(PathBooleanTests.area(rest) - 1800) < 1e-9)
    #expect(try rest.symmetricDifference(dark).isEmpty)
  }

  /// The same polygon shifted by amounts near the tolerance (1e-13 to 1e-3): every
  /// operation gives a well-formed result whose area is within the shift's reach.
  @Test func nearlyCoincidentOperands() throws {
    var g = SplitMix64(state: 0x7E57)
    for _ in 0..<100 {
      var a = Path(), b = Path()
      let shift = PathPoint(pow(10, g.range(-13, -3)) * (g.below(2) == 0 ? 1 : -1), pow(10, g.range(-13, -3)))
      let n = 3 + g.below(8)
      let points = (0..<n).map { _ in PathPoint(g.range(0, 100), g.range(0, 100)) }
      a.move(to: points[0])
      b.move(to: points[0] + shift)
      for p in points.dropFirst() {
        a.addLine(to: p)
        b.addLine(to: p + shift)
      }
      a.closeSubpath()
      b.closeSubpath()
      let whole = PathBooleanTests.area(try a.normalized())
      let reach = 400 * shift.length * Double(n) + 1e-9
      #expect(abs(PathBooleanTests.area(try a.union(b)) - whole) < reach)
      #expect(abs(PathBooleanTests.area(try a.intersection(b)) - whole) < reach)
      #expect(abs(PathBooleanTests.area(try a.subtracting(b))) < reach)
      #expect(abs(PathBooleanTests.area(try a.symmetricDifference(b))) < 2 * reach)
    }
  }

  @Test(arguments: [false, true])
  func randomDegeneratePaths(extreme: Bool) throws {
    var g = SplitMix64(state: extreme ? 0xBAD5 : 0x600D)
    for _ in 0..<(extreme ? 40 : 150) {
      let a = PathFuzzTests.randomPath(&g, extreme: extreme), b = PathFuzzTests.randomPath(&g, extreme: extreme)
      let op = PathOperation.allCases[g.below(4)]
      let rules = (g.below(2) == 0 ? FillRule.nonZero : .evenOdd, g.below(2) == 0 ? FillRule.nonZero : .evenOdd)
      let result: Path
      do {
        result = try a.combined(with: b, operation: op, fillRule: rules.0, otherFillRule: rules.1)
      } catch {
        continue  // refused (too large or too much work): a typed error, not a trap
      }
      // Closed polygons: every subpath is a move, lines and a close.
      var closed = true, lastWasClose = true
      for e in result.elements {
        switch e {
        case .move: if !lastWasClose { closed = false }
        case .quadCurve, .curve: closed = false
        default: break
        }
        if case .close = e { lastWasClose = true } else { lastWasClose = false }
      }
      #expect(closed && lastWasClose, "\(result)")
      guard !extreme, let box = result.boundingBox else { continue }
      for _ in 0..<100 {
        let p = PathPoint(g.range(box.minX, box.maxX), g.range(box.minY, box.maxY))
        let w = Self.winding(result, p)
        #expect(w == 0 || w == 1, "winding \(w) at \(p) in \(result)")
      }
    }
  }
}

import Strata
import Testing

@testable import StrataRender

/// `DepthSort`: painter's order by depth, with planes cut where they cross.
@Suite struct DepthSortTests {
  static let square = [Point(x: -50, y: -50), Point(x: 50, y: -50), Point(x: 50, y: 50), Point(x: -50, y: 50)]
  static let eye = Transform3D.perspective(500)

  func plane(_ t: Transform3D) -> DepthSort.Plane {
    DepthSort.Plane(outline: Self.square, toSortSpace: t.concatenating(Self.eye))
  }

  /// Nearer planes come later, whatever the document order (larger z is nearer, as in Core
  /// Animation).
  @Test func parallelPlanesBackToFront() {
    let planes = [plane(.translation(0, 0, 40)), plane(.translation(10, 0, -30)), plane(.translation(5, 5, 0))]
    let r = DepthSort.order(planes, epsilon: 0.05)
    #expect(r.pieces.map(\.plane) == [1, 2, 0])
    #expect(r.pieces.allSatisfy { !$0.isCut })
    #expect(r.usedTree)
  }

  /// Planes that do not overlap on screen keep document order, without a tree.
  @Test func separatePlanesKeepDocumentOrder() {
    let planes = [plane(.translation(-200, 0, 40)), plane(.translation(200, 0, -30))]
    let r = DepthSort.order(planes, epsilon: 0.05)
    #expect(r.pieces.map(\.plane) == [0, 1])
    #expect(!r.usedTree)
  }

  /// Coplanar planes (within the thick plane) are drawn in document order.
  @Test func coplanarPlanesInDocumentOrder() {
    let planes = [plane(.translation(0, 0, 10)), plane(.translation(20, 0, 10.01)), plane(.translation(-20, 0, 9.99))]
    #expect(DepthSort.order(planes, epsilon: 0.05).pieces.map(\.plane) == [0, 1, 2])
  }

  /// Two planes crossing in an X: the first (the splitter) stays whole, the second is cut
  /// in two along the line where they meet, and its halves come on either side of the first.
  @Test func crossingPlanesAreCut() {
    let a = plane(.rotation(0.5, 0, 1, 0)), b = plane(.rotation(-0.5, 0, 1, 0))
    let r = DepthSort.order([a, b], epsilon: 0.05)
    #expect(r.pieces.map(\.plane) == [1, 0, 1])
    #expect(!r.pieces[1].isCut)
    // The cut runs along x = 0 of the second plane (they meet on the y axis).
    for p in [r.pieces[0], r.pieces[2]] {
      let xs = r.outline(of: p)?.map(\.x) ?? []
      #expect(xs.contains { abs($0) < 1e-9 }, "\(p)")
      #expect(xs.allSatisfy { $0 <= 1e-9 } || xs.allSatisfy { $0 >= -1e-9 }, "\(p)")
    }
    let ok = Self.paintersOrderIsDepthOrder([a, b], r)
    #expect(ok)
  }

  /// What lies behind the eye is left out of the sort: a plane reaching past the eye plane
  /// is sorted by its visible part (and drawn whole: its draws cut what lies behind).
  @Test func behindTheEyeIsLeftOut() {
    // Tilted so that its far edge passes the eye plane (z = 500).
    let p = plane(Transform3D.rotation(1.2, 1, 0, 0).concatenating(.translation(0, 0, 480)))
    let clipped = DepthSort.clipInFront(p.outline, p.toSortSpace)
    #expect(clipped.count >= 3 && clipped != p.outline)
    for q in clipped { #expect(p.toSortSpace.apply(x: q.x, y: q.y).w >= DepthSort.minimumW * 0.999) }
    let r = DepthSort.order([p, plane(.identity)], epsilon: 0.05)
    #expect(Set(r.pieces.map(\.plane)) == [0, 1])
    let ok = Self.paintersOrderIsDepthOrder([p, plane(.identity)], r)
    #expect(ok)
  }

  /// A cut piece is exactly the part of its outline on the kept side of its cuts.
  @Test func cutsDescribeThePiece() {
    let a = plane(.rotation(0.5, 0, 1, 0)), b = plane(.rotation(-0.5, 0, 1, 0))
    let r = DepthSort.order([a, b], epsilon: 0.05)
    for p in r.pieces where p.isCut {
      #expect(r.cuts(of: p).count == 1)
      for v in r.outline(of: p)! {
        let l = r.cuts(of: p)[0]
        #expect(l.x * v.x + l.y * v.y + l.z >= -1e-9 * (abs(l.x) + abs(l.y) + abs(l.z)))
      }
    }
  }

  /// Random crossing planes: at every sample point of the screen, the last piece drawn there
  /// is the nearest plane there (a z-buffer's answer).
  @Test(arguments: [1, 2, 3, 4, 5])
  func randomPlanesMatchAZBuffer(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed))
    let planes: [DepthSort.Plane] = (0..<12).map { _ in
      let axis = (Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng))
      let t = Transform3D.rotation(Double.random(in: 0...3, using: &rng), axis.0, axis.1, axis.2 + 0.01)
        .concatenating(.translation(Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng)))
      return plane(t)
    }
    let r = DepthSort.order(planes, epsilon: 0.05)
    #expect(r.pieces.count > planes.count)
    let ok = Self.paintersOrderIsDepthOrder(planes, r)
    #expect(ok, "painter's order differs from depth order")
  }

  /// Random crossing planes.
  static func randomPlanes(_ n: Int, seed: Int) -> [DepthSort.Plane] {
    var rng = SeededGenerator(seed: UInt64(seed))
    return (0..<n).map { _ in
      let axis = (Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng))
      let t = Transform3D.rotation(Double.random(in: 0...3, using: &rng), axis.0, axis.1, axis.2 + 0.01)
        .concatenating(.translation(Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng)))
      return DepthSort.Plane(outline: square, toSortSpace: t.concatenating(eye))
    }
  }

  /// Enough planes to be sorted on all cores: still a z-buffer's answer.
  @Test(arguments: [6, 7])
  func manyPlanesMatchAZBuffer(seed: Int) {
    let planes = Self.randomPlanes(40, seed: seed)
    #expect(planes.count >= DepthSort.parallelMinimum)
    let r = DepthSort.order(planes, epsilon: 0.05)
    #expect(r.pieces.count > 2 * planes.count)
    let ok = Self.paintersOrderIsDepthOrder(planes, r)
    #expect(ok, "painter's order differs from depth order")
  }

  /// Sorting on all cores gives the pieces, outlines and cuts of sorting on one, in the
  /// same order.
  @Test func parallelSortIsTheSequentialOne() {
    let planes = Self.randomPlanes(60, seed: 8)
    let one = DepthSort.order(planes, epsilon: 0.05, parallel: false)
    let all = DepthSort.order(planes, epsilon: 0.05, parallel: true)
    #expect(one.pieces.count > 3 * planes.count)
    #expect(one.pieces.map(\.plane) == all.pieces.map(\.plane))
    #expect(one.pieces.map { one.outline(of: $0) } == all.pieces.map { all.outline(of: $0) })
    #expect(one.pieces.map { one.cuts(of: $0) } == all.pieces.map { all.cuts(of: $0) })
  }

  /// Checks the order on a grid of screen points, away from ties.
  static func paintersOrderIsDepthOrder(_ planes: [DepthSort.Plane], _ r: DepthSort.Result) -> Bool {
    let eqs = planes.map { p in DepthSort.equation(DepthSort.clipInFront(p.outline, p.toSortSpace).map { DepthSort.project(p.toSortSpace, $0) }) }
    var checked = 0
    for gy in stride(from: -90.0, through: 90, by: 7.3) {
      for gx in stride(from: -90.0, through: 90, by: 7.3) {
        var last: Int? = nil
        var depths: [Double] = []
        for piece in r.pieces {
          let p = planes[piece.plane]
          let outline = (r.outline(of: piece) ?? DepthSort.clipInFront(p.outline, p.toSortSpace)).map { DepthSort.project(p.toSortSpace, $0) }
          guard contains(outline, gx, gy), let e = eqs[piece.plane], abs(e.z) > 1e-3 else { continue }
          last = piece.plane
          depths.append(-(e.x * gx + e.y * gy + e.w) / e.z)
        }
        guard let last, let e = eqs[last] else { continue }
        let drawn = -(e.x * gx + e.y * gy + e.w) / e.z
        let nearest = depths.max()!
        // Ties (within a hair) may go either way.
        if nearest - drawn > 0.5 { return false }
        checked += 1
      }
    }
    return checked > 50
  }

  /// Whether the convex polygon (x, y of `s`) contains the point, away from its edges.
  static func contains(_ s: [SIMD4<Double>], _ x: Double, _ y: Double) -> Bool {
    var sign = 0.0
    for i in s.indices {
      let a = s[i], b = s[(i + 1) % s.count]
      let c = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
      let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      if len == 0 { continue }
      if abs(c / len) < 0.25 { return false }
      if sign == 0 { sign = c > 0 ? 1 : -1 } else if (c > 0 ? 1 : -1) != sign { return false }
    }
    return true
  }
}

/// SplitMix64, for reproducible random scenes.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

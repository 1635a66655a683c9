import Strata
import Testing

@testable import StrataRender

/// The tuned depth sort makes the pieces of the plain one (`DepthSortReference`, the sort
/// before its loops were tuned): the same planes in the same order, the same outline
/// vertices bit for bit, the same cut edges, on one core and on all.
@Suite struct DepthSortEquivalenceTests {
  /// Planes through one point, each turned about its own axis, as PLANES200: every two cross.
  static func planesThroughOnePoint(_ n: Int, seed: Int) -> [DepthSort.Plane] {
    var rng = SeededGenerator(seed: UInt64(seed))
    let outline = [Point(x: -150, y: -100), Point(x: 150, y: -100), Point(x: 150, y: 100), Point(x: -150, y: 100)]
    return (0..<n).map { _ in
      let axis = (Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng))
      let t = Transform3D.rotation(Double.random(in: 0...Double.pi, using: &rng), axis.0, axis.1, axis.2 == 0 ? 1 : axis.2)
        .concatenating(.translation(20, -10, 0)).concatenating(.perspective(1200))
      return DepthSort.Plane(outline: outline, toSortSpace: t)
    }
  }

  /// The pieces of `r` in the reference's terms.
  static func pieces(_ r: DepthSort.Result) -> [DepthSortReference.Piece] {
    r.pieces.map { p in
      guard let range = p.outline else { return DepthSortReference.Piece(plane: p.plane) }
      return DepthSortReference.Piece(
        plane: p.plane, outline: r.outlinePool[range].map { SIMD2($0.x.bitPattern, $0.y.bitPattern) },
        cutEdges: Array(r.cutEdgePool[range]))
    }
  }

  static func check(_ planes: [DepthSort.Plane], epsilon: Double = 0.05) -> (pieces: Int, same: Bool) {
    let reference = DepthSortReference.order(planes, epsilon: epsilon)
    var same = true
    for parallel in [false, true] {
      let r = DepthSort.order(planes, epsilon: epsilon, parallel: parallel)
      let got = pieces(r)
      same = same && r.usedTree == reference.usedTree && got.count == reference.pieces.count
      if let i = zip(got, reference.pieces).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
        Issue.record("parallel \(parallel): piece \(i) differs: \(got[i]) against \(reference.pieces[i])")
        same = false
      }
    }
    return (reference.pieces.count, same)
  }

  /// Random crossing planes, few and many (sorted on all cores from `parallelMinimum`).
  @Test(arguments: [(12, 1), (12, 2), (20, 3), (40, 4), (60, 5), (90, 6)])
  func randomPlanes(n: Int, seed: Int) {
    let (count, same) = Self.check(DepthSortTests.randomPlanes(n, seed: seed))
    #expect(count > 2 * n)
    #expect(same)
  }

  /// Planes all through one point: most pieces are wedges from it, whose vertex there lies
  /// on every plane (the thick plane decides each side there).
  @Test(arguments: [(16, 11), (48, 12), (80, 13)])
  func planesThroughOnePoint(n: Int, seed: Int) {
    let (count, same) = Self.check(Self.planesThroughOnePoint(n, seed: seed))
    #expect(count > n * n / 2)
    #expect(same)
  }

  /// A thick plane wide enough to make many polygons coplanar, or with vertices on the
  /// plane (side 0 with pieces on both sides).
  @Test(arguments: [0.5, 4.0, 20.0])
  func thickPlanes(epsilon: Double) {
    let (count, same) = Self.check(Self.planesThroughOnePoint(40, seed: 21), epsilon: epsilon)
    #expect(count > 40)
    #expect(same)
  }
}

import Testing

@testable import Strata

/// Thousands of sibling layers are snapshotted in parts on all cores
/// (`LayerSnapshot+Parallel`): the snapshot must hold each layer once, in model order, with
/// its own mask, kind and sublayers.
@Suite struct ParallelSnapshotTests {
  @Test func siblingsKeepTheirOrderAndContent() throws {
    let count = 5 * LayerSnapshot.siblingsPerPart + 7
    #expect(count >= LayerSnapshot.parallelSiblingsMinimum)
    let root = Layer()
    for i in 0..<count {
      let l = i % 3 == 0 ? GradientLayer() : Layer()
      l.position = Point(x: Double(i), y: Double(i % 11))
      l.name = "l\(i)"
      let m = Layer()
      m.opacity = Double(i % 5) / 4
      l.mask = m
      let child = Layer()
      child.zPosition = Double(i)
      try l.addSublayer(child)
      try root.addSublayer(l)
    }
    let s = root.snapshot()
    #expect(s.sublayers.count == count)
    #expect(s.layerCount == 1 + 2 * count)
    for (i, c) in s.sublayers.enumerated() {
      #expect(c.name == "l\(i)" && c.position == Point(x: Double(i), y: Double(i % 11)))
      #expect(c.mask?.opacity == Double(i % 5) / 4)
      #expect(c.sublayers.map(\.zPosition) == [Double(i)])
      #expect(c.hasKindSnapshot == (i % 3 == 0))
    }
  }
}

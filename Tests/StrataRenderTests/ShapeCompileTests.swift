import Strata
import StrataPath
import StrataRender
import Testing

/// A shape layer compiles to its fill mask, then its stroke mask, each tinted; a layer
/// that moves by whole device pixels gets the same mask bytes again (same `contentID`,
/// nothing rasterised), at the new place.
@Suite struct ShapeCompileTests {
  static func masks(_ layer: Layer) -> [(part: String, mask: DeviceMask)] {
    let root = Layer(frame: Rect(0, 0, 200, 200))
    try! root.addSublayer(layer)
    let list = RenderListCompiler(width: 200, height: 200).compile(root.snapshot())
    return list.commands.compactMap { c in
      guard case .draw(let d) = c, case .mask(let m) = d.shape else { return nil }
      return (d.part, m)
    }
  }

  static func shape(at p: Point) -> ShapeLayer {
    let s = ShapeLayer(frame: Rect(p.x, p.y, 60, 40))
    s.path = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 60, height: 40))
    s.strokeColor = .white
    s.lineWidth = 3
    return s
  }

  @Test func fillThenStroke() {
    let m = Self.masks(Self.shape(at: Point(10, 10)))
    #expect(m.map(\.part) == ["fill", "stroke"])
    let none = Self.shape(at: Point(10, 10))
    none.fillColor = nil
    none.strokeColor = Color(1, 1, 1, 0)
    #expect(Self.masks(none).isEmpty)
  }

  @Test func aLayerMovedByWholePixelsKeepsItsMasks() throws {
    let a = Self.masks(Self.shape(at: Point(20.25, 30.5)))
    let b = Self.masks(Self.shape(at: Point(57.25, 71.5)))
    try #require(a.count == 2 && b.count == 2)
    for (x, y) in zip(a, b) {
      #expect(y.mask.contentID == x.mask.contentID && y.mask.id != x.mask.id)
      #expect(y.mask.originX == x.mask.originX + 37 && y.mask.originY == x.mask.originY + 41)
    }
    // Half a pixel: other coverage, so other masks.
    let c = Self.masks(Self.shape(at: Point(57.75, 71.5)))
    #expect(zip(a, c).allSatisfy { $0.mask.contentID != $1.mask.contentID })
  }
}

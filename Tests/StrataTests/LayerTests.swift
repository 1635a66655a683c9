import Testing

@testable import Strata

@Suite struct LayerDefaultsTests {
  @Test func coreAnimationDefaults() {
    let l = Layer()
    #expect(l.anchorPoint == Point(0.5, 0.5))
    #expect(l.opacity == 1 && !l.isHidden && l.isDoubleSided && !l.masksToBounds)
    #expect(l.borderColor == .black && l.borderWidth == 0)
    #expect(l.backgroundColor == nil && l.cornerRadius == 0 && l.maskedCorners == .all)
    #expect(l.contentsGravity == .resize && l.contentsRect == .unit && l.contentsCenter == .unit)
    #expect(l.contentsScale == 1 && l.minificationFilter == .linear && l.magnificationFilter == .linear)
    #expect(l.shadowOpacity == 0 && l.shadowRadius == 3 && l.shadowOffset == Size(0, -3) && l.shadowColor == .black)
    #expect(l.allowsGroupOpacity && !l.allowsEdgeAntialiasing && !l.shouldRasterize && l.rasterizationScale == 1)
    #expect(l.transform == .identity && l.sublayerTransform == .identity && l.zPosition == 0)
    #expect(ContentsGravity.allCases.count == 12)
  }

  @Test func frameSetsPositionAndBoundsSize() {
    let l = Layer()
    l.frame = Rect(10, 20, 100, 50)
    #expect(l.position == Point(60, 45))
    #expect(l.bounds == Rect(0, 0, 100, 50))
    #expect(l.frame == Rect(10, 20, 100, 50))
    l.anchorPoint = .zero
    #expect(l.frame == Rect(60, 45, 100, 50))
    l.frame = Rect(0, 0, 10, 10)
    #expect(l.position == .zero)
  }

  @Test func frameOfRotatedLayerIsBoundingBox() {
    let l = Layer(frame: Rect(0, 0, 100, 50))
    l.transform = .rotation(.pi / 2, 0, 0, 1)
    let f = l.frame
    #expect(close(f.minX, 25) && close(f.minY, -25) && close(f.width, 50) && close(f.height, 100))
  }
}

@Suite struct LayerTreeTests {
  @Test func addMovesFromOldParent() throws {
    let a = Layer(), b = Layer(), c = Layer()
    try a.addSublayer(c)
    try b.addSublayer(c)
    #expect(a.sublayers.isEmpty && b.sublayers.count == 1 && c.superlayer === b)
  }

  @Test func insertAtBelowAbove() throws {
    let p = Layer(), x = Layer(), y = Layer(), z = Layer(), w = Layer()
    x.name = "x"; y.name = "y"; z.name = "z"; w.name = "w"
    try p.addSublayer(x)
    try p.insertSublayer(y, at: 0)
    try p.insertSublayer(z, above: y)
    try p.insertSublayer(w, below: x)
    #expect(p.sublayers.map(\.name) == ["y", "z", "w", "x"])
    #expect(throws: LayerTreeError.indexOutOfRange(9, count: 4)) { try p.insertSublayer(Layer(), at: 9) }
    // Re-adding a sublayer moves it to the top.
    try p.addSublayer(y)
    #expect(p.sublayers.map(\.name) == ["z", "w", "x", "y"])
  }

  @Test func replaceAndRemove() throws {
    let p = Layer(), a = Layer(), b = Layer()
    try p.addSublayer(a)
    try p.replaceSublayer(a, with: b)
    #expect(p.sublayers.count == 1 && p.sublayers[0] === b && a.superlayer == nil && b.superlayer === p)
    #expect(throws: LayerTreeError.self) { try p.replaceSublayer(a, with: Layer()) }
    b.removeFromSuperlayer()
    #expect(p.sublayers.isEmpty && b.superlayer == nil)
  }

  @Test func refusesCycles() throws {
    let a = Layer(), b = Layer(), c = Layer()
    try a.addSublayer(b)
    try b.addSublayer(c)
    #expect(throws: LayerTreeError.self) { try c.addSublayer(a) }
    #expect(throws: LayerTreeError.self) { try a.addSublayer(a) }
    #expect(throws: LayerTreeError.self) { try c.insertSublayer(b, at: 0) }
    // The tree is unchanged after a refusal.
    #expect(a.sublayers.count == 1 && b.superlayer === a && c.superlayer === b && a.superlayer == nil)
  }

  @Test func drawingOrderIsStableByZPosition() throws {
    let p = Layer()
    let names = ["a", "b", "c", "d"]
    let z: [Double] = [1, 0, 1, -1]
    for (n, zz) in zip(names, z) {
      let l = Layer(); l.name = n; l.zPosition = zz
      try p.addSublayer(l)
    }
    #expect(p.sublayersInDrawingOrder.map(\.name) == ["d", "b", "a", "c"])
    #expect(p.snapshot().sublayersInDrawingOrder.map(\.name) == ["d", "b", "a", "c"])
  }
}

@Suite struct LayerConversionTests {
  func tree() throws -> (Layer, Layer, Layer) {
    let root = Layer(frame: Rect(0, 0, 400, 300))
    let a = Layer(frame: Rect(100, 50, 200, 100))
    let b = Layer(frame: Rect(10, 10, 50, 50))
    try root.addSublayer(a)
    try a.addSublayer(b)
    return (root, a, b)
  }

  @Test func convertsThroughFrames() throws {
    let (root, a, b) = try tree()
    #expect(b.convert(Point(0, 0), to: root) == Point(110, 60))
    #expect(root.convert(Point(110, 60), to: b) == Point(0, 0))
    #expect(b.convert(Point(5, 5), from: a) == Point(-5, -5))
    #expect(b.convert(Rect(0, 0, 10, 10), to: root) == Rect(110, 60, 10, 10))
  }

  @Test func convertsThroughBoundsOriginAndSublayerTransform() throws {
    let (root, a, b) = try tree()
    a.bounds.origin = Point(10, 0)  // scrolls content left by 10
    #expect(b.convert(Point(0, 0), to: root) == Point(100, 60))
    a.bounds.origin = .zero
    a.sublayerTransform = .scale(2, 2)  // about a's centre (100, 50)
    let p = try #require(b.convert(Point(0, 0), to: a))
    #expect(close(p.x, -80) && close(p.y, -30))
  }

  @Test func convertsThroughRotation() throws {
    let (root, a, _) = try tree()
    a.transform = .rotation(.pi / 2, 0, 0, 1)
    // a's centre stays at (200, 100); its top-left corner turns to the top-right.
    let p = try #require(a.convert(Point(0, 0), to: root))
    #expect(close(p.x, 250) && close(p.y, 0))
  }

  @Test func geometryFlippedFlipsSublayers() throws {
    let (root, a, b) = try tree()
    a.isGeometryFlipped = true
    let p = try #require(b.convert(Point(0, 0), to: root))
    #expect(close(p.x, 110) && close(p.y, 140))
  }
}

@Suite struct HitTestTests {
  @Test func rules() throws {
    let root = Layer(frame: Rect(0, 0, 400, 300))
    let a = Layer(frame: Rect(0, 0, 100, 100)); a.name = "a"
    let b = Layer(frame: Rect(50, 50, 100, 100)); b.name = "b"
    try root.addSublayer(a)
    try root.addSublayer(b)
    #expect(root.hitTest(Point(75, 75))?.name == "b")  // later sibling wins
    a.zPosition = 1
    #expect(root.hitTest(Point(75, 75))?.name == "a")  // higher zPosition wins
    a.isHidden = true
    #expect(root.hitTest(Point(75, 75))?.name == "b")  // hidden skipped
    #expect(root.hitTest(Point(10, 10)) === root)
    #expect(root.hitTest(Point(500, 10)) == nil)

    // A child outside its parent's bounds is hit unless the parent masks.
    let c = Layer(frame: Rect(90, 0, 50, 50)); c.name = "c"
    try b.addSublayer(c)
    #expect(root.hitTest(Point(170, 60))?.name == "c")
    b.masksToBounds = true
    #expect(root.hitTest(Point(170, 60)) === root)
  }

  @Test func followsTransforms() throws {
    let root = Layer(frame: Rect(0, 0, 400, 300))
    let a = Layer(frame: Rect(100, 100, 200, 20)); a.name = "a"
    try root.addSublayer(a)
    #expect(root.hitTest(Point(200, 150)) === root)
    a.transform = .rotation(.pi / 2, 0, 0, 1)
    #expect(root.hitTest(Point(200, 150))?.name == "a")
  }
}

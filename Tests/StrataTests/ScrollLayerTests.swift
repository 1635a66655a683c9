import Testing

@testable import Strata

/// `ScrollLayer` (`CAScrollLayer`) and `CALayer`'s scrolling methods, checked against the
/// header's rules (ca-layer-kinds.md §7): `scroll(to: point)` sets `bounds.origin` on the
/// allowed axes, `scroll(to: rect)` moves each allowed axis the least it must
/// (`x = min(r.minX, max(b.minX, r.maxX − b.width))`), a sublayer forwards its point or
/// rectangle converted into the nearest scroll layer above it, and `visibleRect` is the
/// bounds cut by that scroll layer's bounds.
@Suite struct ScrollLayerTests {
  static func scroller(_ mode: ScrollLayerScrollMode = .both) -> ScrollLayer {
    let s = ScrollLayer()
    s.bounds = Rect(0, 0, 80, 60)
    s.scrollMode = mode
    return s
  }

  @Test func defaultsAreCoreAnimations() {
    let s = ScrollLayer()
    #expect(s.scrollMode == .both && s.masksToBounds)
    #expect(LayerKinds.named("scroll") == ScrollLayer.self)
    #expect(ScrollLayerScrollMode.allCases.map(\.rawValue) == ["none", "vertically", "horizontally", "both"])
  }

  @Test func scrollToAPointMovesTheAllowedAxes() {
    let cases: [(ScrollLayerScrollMode, Point)] = [(.both, Point(30, 40)), (.horizontally, Point(30, 5)), (.vertically, Point(7, 40)), (.none, Point(7, 5))]
    for (mode, want) in cases {
      let s = Self.scroller(mode)
      s.bounds.origin = Point(7, 5)
      s.scroll(to: Point(30, 40))
      #expect(s.bounds.origin == want, "\(mode)")
      #expect(s.bounds.size == Size(80, 60))
    }
  }

  @Test func scrollToARectMovesTheLeastNeeded() {
    func scrolled(_ r: Rect, from origin: Point, _ mode: ScrollLayerScrollMode = .both) -> Point {
      let s = Self.scroller(mode)
      s.bounds.origin = origin
      s.scroll(to: r)
      return s.bounds.origin
    }
    // Already shown: nothing moves.
    #expect(scrolled(Rect(10, 10, 20, 20), from: Point(0, 0)) == Point(0, 0))
    // Past the right and bottom edges: the far edges come into view, no further.
    #expect(scrolled(Rect(100, 70, 20, 10), from: Point(0, 0)) == Point(120 - 80, 80 - 60))
    // Before the left and top edges: the near edges come to the corner.
    #expect(scrolled(Rect(5, 3, 10, 10), from: Point(50, 40)) == Point(5, 3))
    // Larger than the bounds: the rectangle's start shows.
    #expect(scrolled(Rect(200, 300, 500, 400), from: Point(0, 0)) == Point(200, 300))
    // One axis at a time.
    #expect(scrolled(Rect(100, 70, 20, 10), from: Point(0, 0), .vertically) == Point(0, 20))
    #expect(scrolled(Rect(100, 70, 20, 10), from: Point(0, 0), .horizontally) == Point(40, 0))
    #expect(scrolled(Rect(100, 70, 20, 10), from: Point(0, 0), .none) == Point(0, 0))
  }

  /// A tree: scroll layer > container (moved, scaled 2x) > item. The item's point (3, 4)
  /// is, in the scroll layer's coordinates, (10 + 2·(5 + 3), 20 + 2·(6 + 4)) = (26, 40).
  static func tree() -> (ScrollLayer, Layer, Layer) {
    let s = scroller()
    let container = Layer()
    container.anchorPoint = .zero
    container.position = Point(10, 20)
    container.bounds = Rect(0, 0, 100, 100)
    container.transform = .scale(2, 2, 1)
    let item = Layer()
    item.anchorPoint = .zero
    item.position = Point(5, 6)
    item.bounds = Rect(0, 0, 10, 10)
    try! container.addSublayer(item)
    try! s.addSublayer(container)
    return (s, container, item)
  }

  @Test func sublayersForwardToTheNearestScrollLayer() {
    let (s, _, item) = Self.tree()
    item.scroll(Point(3, 4))
    #expect(s.bounds.origin == Point(26, 40))
    // The item's rectangle (0, 0, 10, 10) is (20, 32, 20, 20) there: already shown from
    // the origin, it moves nothing; from (60, 0) the left edge comes back to 20.
    s.bounds.origin = .zero
    item.scrollRectToVisible(Rect(0, 0, 10, 10))
    #expect(s.bounds.origin == .zero)
    s.bounds.origin = Point(60, 0)
    item.scrollRectToVisible(Rect(0, 0, 10, 10))
    #expect(s.bounds.origin == Point(20, 0))
    // A scroll layer inside another forwards to the outer one, not to itself.
    let outer = Self.scroller()
    try! outer.addSublayer(s)
    s.position = Point(40, 30)  // centred on (40, 30): its point (0, 0) is at outer (0, 0)
    s.bounds.origin = .zero
    s.scroll(Point(5, 5))
    #expect(outer.bounds.origin == Point(5, 5) && s.bounds.origin == .zero)
    #expect(item.enclosingScrollLayer === s && s.enclosingScrollLayer === outer)
  }

  @Test func withoutAScrollLayerNothingHappens() {
    let parent = Layer()
    parent.bounds = Rect(0, 0, 50, 50)
    let child = Layer(frame: Rect(0, 0, 10, 10))
    try! parent.addSublayer(child)
    child.scroll(Point(3, 3))
    child.scrollRectToVisible(Rect(0, 0, 100, 100))
    #expect(parent.bounds == Rect(0, 0, 50, 50))
    #expect(child.visibleRect == Rect(0, 0, 10, 10))
    // A scroll layer alone does not scroll itself through the forwarding methods.
    let s = Self.scroller()
    s.scroll(Point(9, 9))
    #expect(s.bounds.origin == .zero && s.visibleRect == Rect(0, 0, 80, 60))
  }

  @Test func visibleRectIsTheBoundsCutByTheScrollLayer() {
    let s = Self.scroller()
    let child = Layer(frame: Rect(50, 30, 100, 100))
    try! s.addSublayer(child)
    s.scroll(to: Point(20, 10))
    // The scroll layer shows (20, 10, 80, 60) of its space; the child starts at (50, 30).
    #expect(child.visibleRect == Rect(0, 0, 50, 40))
    s.scroll(to: Point(200, 0))
    #expect(child.visibleRect.size == .zero)
    // Through the scaled container: the scroll window (0, 0, 80, 60) is (-5, -10, 40, 30)
    // in the container's space, then (-10, -16, 40, 30) in the item's.
    let (s2, _, item) = Self.tree()
    _ = s2
    #expect(item.visibleRect == Rect(0, 0, 10, 10))
    s2.scroll(to: Point(30, 45))  // the window starts at container (10, 12.5), item (5, 6.5)
    #expect(item.visibleRect == Rect(5, 6.5, 5, 3.5))
  }

  @Test func scrollPositionIsTheBoundsOriginAndAnimates() throws {
    let s = Self.scroller()
    s.scrollPosition = Point(4, 5)
    #expect(s.bounds == Rect(4, 5, 80, 60))
    let (path, y) = ("scrollPosition", "scrollPosition.y")
    #expect(AnimatableKeyPath(path)?.kind == .point && AnimatableKeyPath(y)?.kind == .number)
    // Not implicit: `bounds` already animates implicitly.
    #expect(!AnimatableKeyPath.implicitlyAnimated(for: s).map(\.path).contains("scrollPosition"))
    let a = BasicAnimation(keyPath: "scrollPosition")
    a.fromValue = Point(0, 0)
    a.toValue = Point(100, 50)
    a.duration = 2
    s.add(a, forKey: "scroll")
    let mid = s.snapshot(at: 0.5)
    #expect(mid.bounds.origin == Point(25, 12.5) && mid.bounds.size == Size(80, 60))
    #expect(mid.typeName == "scroll" && mid.masksToBounds)
  }

  @Test func copiesKeepTheMode() throws {
    let s = Self.scroller(.vertically)
    s.masksToBounds = false
    for copy in [s.deepCopy(), s.presentation(at: 0)] {
      let c = try #require(copy as? ScrollLayer)
      #expect(c.scrollMode == .vertically && !c.masksToBounds)
    }
  }
}

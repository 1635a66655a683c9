import Strata
import StrataPath
import StrataRender
import Testing

/// What a replicator compiles to: its copies share what is costly (path masks of copies
/// moved by whole pixels), an animated subtree is snapshotted once per copy only when a
/// delay makes the copies differ, and a copy's colour never adds an offscreen pass unless
/// its alpha meets overlapping draws.
@Suite struct ReplicatorCompileTests {
  static func compile(_ layer: Layer, at t: Double? = nil) -> RenderList {
    let root = Layer(frame: Rect(0, 0, 200, 200))
    try! root.addSublayer(layer)
    return RenderListCompiler(width: 200, height: 200).compile(t.map { root.snapshot(at: $0) } ?? root.snapshot())
  }

  static func replicator(_ count: Int, _ t: Transform3D, _ sub: Layer) -> ReplicatorLayer {
    let r = ReplicatorLayer(frame: Rect(0, 0, 200, 200))
    r.instanceCount = count
    r.instanceTransform = t
    try! r.addSublayer(sub)
    return r
  }

  static func circle() -> ShapeLayer {
    let s = ShapeLayer(frame: Rect(10.25, 10.5, 30, 30))
    s.path = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 30, height: 30))
    return s
  }

  /// Six copies moved by whole pixels: six mask draws of one mask's bytes, at six places.
  @Test func copiesMovedByWholePixelsShareTheirMask() throws {
    let list = Self.compile(Self.replicator(6, .translation(31, 0), Self.circle()))
    let masks = list.draws.compactMap { d -> DeviceMask? in if case .mask(let m) = d.shape { m } else { nil } }
    try #require(masks.count == 6)
    #expect(Set(masks.map(\.contentID)).count == 1)
    #expect(Set(masks.map(\.originX)).count == 6)
  }

  /// A copy's colour multiplies the paints (no group); its alpha scales non-overlapping
  /// draws and groups overlapping ones, once per copy.
  @Test func colourNeedsNoGroupUnlessAlphaMeetsOverlaps() {
    let white = Self.circle()
    white.fillColor = .white
    let apart = Self.replicator(3, .translation(50, 0), white)
    apart.instanceColor = Color(1, 0.5, 1, 1)
    apart.instanceAlphaOffset = -0.3
    let a = Self.compile(apart)
    #expect(!a.commands.contains { if case .beginGroup = $0 { true } else { false } })
    #expect(a.draws.map { ($0.opacity * 10).rounded() / 10 } == [1, 0.7, 0.4])
    let g = Color(1, 0.5, 1).premultiplied
    #expect(a.draws.allSatisfy { if case .solid(let c) = $0.paint { c == g } else { false } })
    let overlapping = Self.replicator(3, .translation(10, 0), Self.circle())
    overlapping.instanceAlphaOffset = -0.3
    let o = Self.compile(overlapping)
    // Copies overlapping one another need no group: a copy's alpha fades its own draws,
    // and each copy here is one draw.
    #expect(!o.commands.contains { if case .beginGroup = $0 { true } else { false } })
    let two = Layer(frame: Rect(0, 0, 40, 40))
    try! two.addSublayer(Self.circle())
    try! two.addSublayer(Self.circle())
    let both = Self.replicator(2, .translation(60, 0), two)
    both.instanceAlphaOffset = -0.5
    let groups = Self.compile(both).commands.compactMap { if case .beginGroup(let g) = $0 { g } else { nil } }
    #expect(groups.map(\.opacity) == [0.5] && groups.map(\.reasons) == [["instance alpha"]])
  }

  /// Delayed copies are snapshotted apart only when something below is animated.
  @Test func delayedCopiesAreSnapshottedOnlyWhenAnimated() {
    let still = Self.replicator(4, .translation(40, 0), Self.circle())
    still.instanceDelay = 0.1
    let root = Layer(frame: Rect(0, 0, 200, 200))
    try! root.addSublayer(still)
    #expect(root.snapshot(at: 1).sublayers[0].delayedSublayers.isEmpty)
    let c = Self.circle()
    c.add(BasicAnimation(keyPath: "opacity", from: 0, to: 1, duration: 1))
    let moving = Self.replicator(4, .translation(40, 0), c)
    moving.instanceDelay = 0.1
    let r2 = Layer(frame: Rect(0, 0, 200, 200))
    try! r2.addSublayer(moving)
    let s = r2.snapshot(at: 0.5).sublayers[0]
    #expect(s.delayedSublayers.map(\.count) == [1, 1, 1])
    #expect(s.delayedSublayers.map { ($0[0].opacity * 10).rounded() / 10 } == [0.4, 0.3, 0.2])
  }
}

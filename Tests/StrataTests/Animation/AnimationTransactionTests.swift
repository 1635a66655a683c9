import Testing

@testable import Strata

@Suite struct AnimationTransactionTests {
  static func tree() throws -> (RenderTree, ManualClock, Layer) {
    let root = Layer(), l = Layer(frame: Rect(0, 0, 10, 10))
    try root.addSublayer(l)
    let clock = ManualClock(5)
    return (RenderTree(root: root, clock: clock), clock, l)
  }

  @Test func implicitAnimationStartsAtCommitFromThePresentedValue() throws {
    let (tree, clock, l) = try Self.tree()
    var done = 0
    tree.begin()
    tree.animationDuration = 2
    tree.animationTimingFunction = .linear
    tree.completionBlock = { done += 1 }
    l.opacity = 0
    tree.commit()
    let a = try #require(l.animation(forKey: "opacity") as? BasicAnimation)
    #expect(a.beginTime == 5 && a.fromValue?.animationValue == 1 && a.toValue == nil && a.duration == 2)
    #expect(tree.root.presentation(at: 6).sublayers[0].opacity == 0.5)
    // Retarget half way: the new animation starts from what is on screen.
    clock.now = 6
    l.opacity = 1
    tree.flush()
    let b = try #require(l.animation(forKey: "opacity") as? BasicAnimation)
    #expect(b.fromValue?.animationValue == 0.5 && b.beginTime == 6 && b.duration == 0.25)
    #expect(b.timingFunction == .default)
    clock.now = 7.5
    tree.tick()
    #expect(done == 1 && l.animationKeys.isEmpty)
  }

  /// A layer that replaced a removed one at the same address is a new layer: it must not
  /// inherit the removed layer's committed values (and animate from them).
  @Test func aNewLayerAtAFreedLayersAddressIsNotAnimated() throws {
    let root = Layer()
    let tree = RenderTree(root: root, clock: ManualClock(1))
    var old: Layer? = Layer(frame: Rect(0, 0, 10, 10))
    old!.opacity = 0.2
    try root.addSublayer(old!)
    tree.flush()
    let oldID = ObjectIdentifier(old!)
    weak let gone = old
    old!.removeFromSuperlayer()
    old = nil
    #expect(gone == nil, "something still holds the removed layer")
    // Allocate until the allocator hands back the freed address (glibc does at once).
    var reused: Layer?
    for _ in 0..<10_000 {
      let l = Layer(frame: Rect(0, 0, 10, 10))
      if ObjectIdentifier(l) == oldID { reused = l; break }
    }
    let l = try #require(reused, "the allocator never reused the address; the test would prove nothing")
    try root.addSublayer(l)
    tree.flush()
    #expect(l.animationKeys.isEmpty, "animated from the removed layer's values: \(l.animationKeys)")
  }

  @Test func disableActionsAndTheActionsDictionary() throws {
    let (tree, _, l) = try Self.tree()
    tree.transaction {
      tree.disableActions = true
      l.position = Point(50, 50)
    }
    #expect(l.animationKeys.isEmpty)
    l.actions["bounds"] = Action.none
    let spring = SpringAnimation(keyPath: "cornerRadius")
    spring.duration = 1
    l.actions["cornerRadius"] = .animation(spring)
    l.bounds = Rect(0, 0, 20, 20)
    l.cornerRadius = 8
    tree.flush()
    #expect(l.animationKeys == ["cornerRadius"])
    #expect(l.animation(forKey: "cornerRadius") is SpringAnimation)
  }

  @Test func explicitAnimationsStartAtTheClocksTime() throws {
    let (tree, _, l) = try Self.tree()
    l.add(BasicAnimation(keyPath: "opacity", from: 0, to: 1, duration: 1), forKey: "f")
    let snapshot = tree.snapshot()
    #expect(snapshot.sublayers[0].opacity == 0)
    #expect(l.animation(forKey: "f")?.beginTime == 5)
  }
}

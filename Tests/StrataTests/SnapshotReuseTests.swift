import StrataPath
import Testing

@testable import Strata

/// `Layer.snapshot()` hands out unchanged subtrees of its last snapshot again
/// (`Model/Layer+SnapshotReuse.swift`): every change must still show in the next snapshot,
/// and what did not change must be the very same object.
@Suite struct SnapshotReuseTests {
  /// Everything a snapshot node holds, recursively, so two trees compare by content. A
  /// deep copy has no caches, so its snapshot is built from scratch: the independent side.
  static func dump(_ s: LayerSnapshot) -> String {
    let kind = s.kindSnapshot.map { String(describing: $0) } ?? "-"
    let mask = s.mask.map { dump($0) } ?? "-"
    let subs = s.sublayers.map { dump($0) }.joined(separator: ",")
    let delayed = s.delayedSublayers.map { $0.map { dump($0) }.joined(separator: ",") }.joined(separator: ";")
    return "\(s.typeName){\(s.model) kind \(kind) mask \(mask) [\(subs)] delayed [\(delayed)]}"
  }

  /// Whether `root`'s snapshot now equals one built from scratch.
  static func isFresh(_ root: Layer) -> Bool {
    dump(root.snapshot()) == dump(root.deepCopy().snapshot())
  }

  /// root > (a > a1, b with mask m); every node a plain layer.
  static func tree() throws -> (root: Layer, a: Layer, a1: Layer, b: Layer, m: Layer) {
    let root = Layer(frame: Rect(0, 0, 100, 100))
    let a = Layer(frame: Rect(0, 0, 50, 50)), a1 = Layer(frame: Rect(5, 5, 10, 10))
    let b = Layer(frame: Rect(50, 50, 50, 50)), m = Layer(frame: Rect(0, 0, 20, 20))
    b.mask = m
    try a.addSublayer(a1)
    try root.addSublayer(a)
    try root.addSublayer(b)
    return (root, a, a1, b, m)
  }

  @Test func unchangedTreeIsTheSameObject() throws {
    let t = try Self.tree()
    let s1 = t.root.snapshot(), s2 = t.root.snapshot()
    #expect(s1 === s2)
    #expect(Self.dump(s1) == Self.dump(t.root.deepCopy().snapshot()))
  }

  @Test func aChangeRebuildsItsPathToTheRootOnly() throws {
    let t = try Self.tree()
    let s1 = t.root.snapshot()
    t.a1.backgroundColor = Color(1, 0, 0, 1)
    let s2 = t.root.snapshot()
    #expect(s1 !== s2)
    #expect(s1.sublayers[0] !== s2.sublayers[0])  // a, above the change
    #expect(s1.sublayers[0].sublayers[0] !== s2.sublayers[0].sublayers[0])  // a1 itself
    #expect(s2.sublayers[0].sublayers[0].backgroundColor == Color(1, 0, 0, 1))
    #expect(s1.sublayers[0].sublayers[0].backgroundColor == nil)  // the old one unchanged
    #expect(s1.sublayers[1] === s2.sublayers[1])  // b, beside it
    #expect(Self.isFresh(t.root))
  }

  /// One property of each group the model holds, the mask link, and the mask's own change.
  @Test func everyKindOfChangeShows() throws {
    let t = try Self.tree()
    let changes: [(String, () -> Void)] = [
      ("bounds", { t.a.bounds = Rect(0, 0, 60, 40) }),
      ("position", { t.b.position = Point(1, 2) }),
      ("transform", { t.a1.transform = .rotation(0.3, 0, 0, 1) }),
      ("opacity", { t.root.opacity = 0.5 }),
      ("hidden", { t.a1.isHidden = true }),
      ("contents", { t.a.contents = Image(width: 2, height: 2, rgbaPixels: Array(repeating: SIMD4(255, 0, 0, 255), count: 4)) }),
      ("cornerRadius", { t.b.cornerRadius = 4 }),
      ("shadow", { t.a.shadowOpacity = 1 }),
      ("shadowPath", { t.a.shadowPath = Path(rect: PathRect(x: 0, y: 0, width: 5, height: 5)) }),
      ("filters", { t.b.compositingFilter = .plusL }),
      ("name", { t.a1.name = "renamed" }),
      ("mask's own property", { t.m.bounds = Rect(0, 0, 7, 7) }),
      ("mask removed", { t.b.mask = nil }),
      ("mask set", { t.a.mask = Layer(frame: Rect(0, 0, 3, 3)) }),
      ("zPosition", { t.a.zPosition = 5 }),
    ]
    for (what, change) in changes {
      let before = Self.dump(t.root.snapshot())
      change()
      let after = t.root.snapshot()
      #expect(Self.dump(after) != before, "\(what) did not show")
      #expect(Self.dump(after) == Self.dump(t.root.deepCopy().snapshot()), "\(what)")
    }
  }

  @Test func treeEditsShow() throws {
    let t = try Self.tree()
    _ = t.root.snapshot()
    let c = Layer(frame: Rect(1, 1, 2, 2))
    try t.a1.addSublayer(c)
    #expect(t.root.snapshot().sublayers[0].sublayers[0].sublayers.count == 1)
    c.removeFromSuperlayer()
    #expect(t.root.snapshot().sublayers[0].sublayers[0].sublayers.isEmpty)
    try t.root.insertSublayer(c, at: 0)
    #expect(t.root.snapshot().sublayers.count == 3)
    let d = Layer(frame: Rect(2, 2, 2, 2))
    try t.root.replaceSublayer(c, with: d)
    #expect(t.root.snapshot().sublayers[0].bounds == d.bounds)
    // Moved between parents: both old and new parent change.
    try t.b.addSublayer(t.a1)
    let s = t.root.snapshot()
    #expect(s.sublayers[1].sublayers.isEmpty && s.sublayers[2].sublayers.count == 1)
    #expect(Self.isFresh(t.root))
  }

  /// A kind's own properties do not clear the cache, so kinds are never reused: a shape's
  /// new path shows, and so does it in a plain parent above.
  @Test func layerKindsAreNeverStale() throws {
    let root = Layer(frame: Rect(0, 0, 100, 100))
    let shape = ShapeLayer()
    shape.frame = Rect(0, 0, 50, 50)
    shape.path = Path(rect: PathRect(x: 0, y: 0, width: 10, height: 10))
    let under = Layer(frame: Rect(0, 0, 5, 5))
    try shape.addSublayer(under)
    try root.addSublayer(shape)
    let s1 = root.snapshot()
    shape.path = Path(ellipseIn: PathRect(x: 0, y: 0, width: 20, height: 20))
    shape.strokeEnd = 0.5
    let s2 = root.snapshot()
    #expect(s1 !== s2 && s1.sublayers[0] !== s2.sublayers[0])
    #expect(Self.dump(s1) != Self.dump(s2))
    #expect(Self.isFresh(root))
    // The plain layer below the kind is still reused.
    #expect(s1.sublayers[0].sublayers[0] === s2.sublayers[0].sublayers[0])
  }

  /// Snapshots at a time are built from presentation copies and never reuse or disturb the
  /// model's: an animation added after a model snapshot shows at once.
  @Test func animationsShowAtATimeAndTheModelStaysTheModel() throws {
    let t = try Self.tree()
    let model1 = t.root.snapshot()
    let a = BasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = 1
    t.a1.add(a, forKey: "fade")
    let at = t.root.snapshot(at: 0.25)
    #expect(abs(at.sublayers[0].sublayers[0].opacity - 0.25) < 1e-9)
    #expect(at !== model1)
    let model2 = t.root.snapshot()
    #expect(model2.sublayers[0].sublayers[0].opacity == 1)
    #expect(Self.dump(model2) == Self.dump(model1))
  }
  /// A change frees the old snapshot (and what only it holds) at once, not at the next
  /// snapshot: the changed layer's ancestors drop theirs too, through masks as well.
  @Test func aChangeFreesTheOldSnapshotAtOnce() throws {
    let t = try Self.tree()
    weak var old: Image?
    do {
      let image = Image(width: 2, height: 2, rgbaPixels: Array(repeating: SIMD4(255, 0, 0, 255), count: 4))
      old = image
      t.a1.contents = image
      _ = t.root.snapshot()
      t.m.contents = image  // in the mask too
      _ = t.root.snapshot()
    }
    #expect(old != nil)
    t.a1.contents = nil
    #expect(old != nil)  // the mask still shows it
    t.m.contents = nil
    #expect(old == nil)
    #expect(t.root.reusableSnapshot == nil && t.b.reusableSnapshot == nil)
    #expect(Self.isFresh(t.root))
  }

  /// A mask shared by two layers links back to one of them only; the other still sees the
  /// change, because reuse is decided by the children's identities, not the links.
  @Test func aSharedMasksChangeShowsInBothOwners() throws {
    let t = try Self.tree()
    t.a.mask = t.m  // now the mask of a and b; it links back to a
    let s1 = t.root.snapshot()
    t.m.opacity = 0.25
    let s2 = t.root.snapshot()
    #expect(s2.sublayers[0].mask?.opacity == 0.25 && s2.sublayers[1].mask?.opacity == 0.25)
    #expect(s1.sublayers[1].mask?.opacity == 1)
    #expect(Self.isFresh(t.root))
  }
}

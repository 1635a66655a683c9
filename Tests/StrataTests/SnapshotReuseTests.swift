import StrataTestRandom
import Testing

@testable import Strata

/// A layer keeps its last snapshot and gives it again while nothing in its subtree changed
/// (`LayerSnapshot+Reuse`). The snapshot must always equal one made from scratch: every
/// edit of a model property, a link or a kind's content shows in the next snapshot, and
/// only what did not change is shared.
@Suite struct SnapshotReuseTests {
  /// A snapshot's content as text (every model field, the kind's content, the mask and
  /// the sublayers, recursively), for comparing with a snapshot made from scratch.
  static func text(_ s: LayerSnapshot) -> String {
    var out = ""
    dump(s.model, to: &out)
    out += "type \(s.typeName)\n"
    if let k = s.kindSnapshot { dump(k, to: &out) }
    out += "count \(s.layerCount)\n"
    if let m = s.mask { out += "mask {\n\(text(m))}\n" }
    for c in s.sublayers { out += "sublayer {\n\(text(c))}\n" }
    return out
  }

  /// The same tree made from scratch: a deep copy is all new layers, with nothing kept.
  static func fresh(_ root: Layer) -> String { text(LayerSnapshot.make(root.deepCopy(), reached: .unkept)) }

  @Test func anUnchangedTreeGivesTheSameSnapshot() throws {
    let root = Layer()
    var leaves: [Layer] = []
    for i in 0..<3 {
      let l = Layer(frame: Rect(Double(i) * 10, 0, 10, 10))
      l.mask = Layer(frame: Rect(0, 0, 5, 5))
      let leaf = Layer()
      try l.addSublayer(leaf)
      leaves.append(leaf)
      try root.addSublayer(l)
    }
    let first = root.snapshot()
    #expect(root.snapshot() === first)
    // One leaf changes: its branch is new, the other branches are the same objects.
    leaves[1].opacity = 0.5
    let second = root.snapshot()
    #expect(second !== first)
    #expect(second.sublayers[0] === first.sublayers[0] && second.sublayers[2] === first.sublayers[2])
    #expect(second.sublayers[1] !== first.sublayers[1])
    #expect(second.sublayers[1].mask === first.sublayers[1].mask)
    #expect(second.sublayers[1].sublayers[0].opacity == 0.5 && first.sublayers[1].sublayers[0].opacity == 1)
    #expect(Self.text(second) == Self.fresh(root))
    #expect(root.snapshot() === second)
    // A mask's change reaches its holder and the root.
    root.sublayers[2].mask!.opacity = 0.25
    let third = root.snapshot()
    #expect(third.sublayers[2].mask?.opacity == 0.25 && third.sublayers[0] === second.sublayers[0])
    #expect(Self.text(third) == Self.fresh(root))
  }

  @Test func aKindsContentIsAlwaysReadAgain() throws {
    let root = Layer()
    let g = GradientLayer()
    g.colors = [Color(1, 0, 0, 1), Color(0, 0, 1, 1)]
    let below = Layer()
    try g.addSublayer(below)
    try root.addSublayer(g)
    let first = root.snapshot()
    // Not a model property: the gradient's own, which nothing watches.
    g.colors = [Color(0, 1, 0, 1)]
    let second = root.snapshot()
    #expect((second.sublayers[0].kindSnapshot as? GradientLayer.Snapshot)?.colors == [Color(0, 1, 0, 1)])
    #expect(second !== first)
    // The plain layer below it is still reused.
    #expect(second.sublayers[0].sublayers[0] === first.sublayers[0].sublayers[0])
    #expect(Self.text(second) == Self.fresh(root))
  }

  @Test func presentationSnapshotsKeepNothing() throws {
    let root = Layer()
    let child = Layer()
    try root.addSublayer(child)
    _ = root.snapshot(at: 1)
    #expect(root.keptSnapshot == nil && child.keptSnapshot == nil)
    let model = root.snapshot()
    #expect(root.keptSnapshot === model && child.keptSnapshot === model.sublayers[0])
  }

  /// A mask knows the layer it masks without a reference count (`Layer.maskHolder`): freed,
  /// that layer lets go of it, and the mask's later changes do not reach for it.
  @Test func aMaskOutlivesItsHolder() throws {
    let mask = Layer()
    do {
      let holder = Layer()
      holder.mask = mask
      #expect(mask.maskHolder === holder)
      _ = holder.snapshot()
    }
    #expect(mask.maskHolder == nil && mask.snapshotOwner == .none)
    mask.opacity = 0.5  // reaches no freed layer
    let other = Layer()
    other.mask = mask
    #expect(other.snapshot().mask?.opacity == 0.5)
    // Added as a sublayer, the mask's place is its superlayer's.
    let parent = Layer()
    try parent.addSublayer(mask)
    #expect(mask.maskHolder == nil && mask.snapshotOwner == .sublayer(of: ObjectIdentifier(parent)))
  }

  /// One mask layer given to thousands of siblings (snapshotted on all cores): only the
  /// layer it was last given to keeps its snapshot, the others make their own, and a change
  /// of the mask shows under every one of them.
  @Test func aMaskSharedByThousandsOfSiblings() throws {
    let root = Layer()
    let mask = Layer(frame: Rect(0, 0, 4, 4))
    let count = LayerSnapshot.parallelSiblingsMinimum + 100
    for i in 0..<count {
      let l = Layer(frame: Rect(Double(i % 50), Double(i / 50), 4, 4))
      l.mask = mask
      try root.addSublayer(l)
    }
    _ = root.snapshot()
    mask.opacity = 0.5
    let s = root.snapshot()
    #expect(s.sublayers.allSatisfy { $0.mask?.opacity == 0.5 })
    #expect(Self.text(s) == Self.fresh(root))
    mask.opacity = 0.75
    let again = root.snapshot()
    #expect(again.sublayers.allSatisfy { $0.mask?.opacity == 0.75 })
  }

  /// Random edits of a random tree (properties, moves, masks shared and reused as
  /// sublayers, a kind's content, thousands of siblings): after each, the snapshot equals
  /// one made from scratch.
  @Test(arguments: [1, 2, 3, 4]) func randomEditsMatchASnapshotFromScratch(seed: UInt64) throws {
    var rng = SplitMix64(state: 0x5A0_0000 + seed)
    let root = Layer()
    var tree: [Layer] = [root]
    for _ in 0..<30 {
      let l = rng.below(5) == 0 ? GradientLayer() : Layer()
      try rng.pick(tree).addSublayer(l)
      tree.append(l)
    }
    // Leaves that serve as masks, and may also be placed in the tree as leaves.
    let masks = (0..<5).map { _ in Layer(frame: Rect(0, 0, 3, 3)) }
    let many = Layer()
    if seed == 4 {
      // A long sibling list, snapshotted in parts on all cores.
      for _ in 0..<(LayerSnapshot.parallelSiblingsMinimum + 10) { try many.addSublayer(Layer()) }
      try root.addSublayer(many)
    }
    for step in 0..<(seed == 4 ? 320 : 400) {
      let target = rng.pick(tree + masks + (seed == 4 ? [rng.pick(many.sublayers)] : []))
      let edit = rng.below(12)
      switch edit {
      case 0: target.opacity = rng.range(0, 1)
      case 1: target.position = Point(rng.range(-5, 5), rng.range(-5, 5))
      case 2: target.backgroundColor = Color(rng.unit(), rng.unit(), rng.unit(), 1)
      case 3: target.borderWidth = rng.range(0, 3)  // a rarely set property (boxed)
      case 4: target.transform = Transform3D.rotation(rng.range(0, 3), 0, 0, 1)
      case 5: target.zPosition = rng.range(-1, 1)
      case 6: target.name = "n\(step)"
      case 7:
        // Move a tree layer under another that is not below it.
        let l = rng.pick(Array(tree.dropFirst()))
        let parent = rng.pick(tree)
        if !l.isAncestor(of: parent) { try parent.addSublayer(l) }
      case 8: rng.pick(tree).mask = rng.below(4) == 0 ? nil : rng.pick(masks)
      case 9:
        // A mask layer placed as a leaf of the tree too (or taken out again).
        let m = rng.pick(masks)
        if m.superlayer == nil { try rng.pick(tree).addSublayer(m) } else { m.removeFromSuperlayer() }
      case 10:
        if let g = tree.compactMap({ $0 as? GradientLayer }).first { g.colors = [Color(rng.unit(), 0, 0, 1)] }
      default:
        _ = root.snapshot()  // a frame with nothing changed
      }
      // With 2000 siblings, text of the whole tree is slow: compared every 16th edit.
      guard seed != 4 || step % 16 == 15 else { continue }
      let made = Self.text(root.snapshot()), fresh = Self.fresh(root)
      #expect(made == fresh, "seed \(seed), step \(step), edit \(edit)")
      if made != fresh { return }
    }
  }
}

/// Snapshots reused from one frame to the next.
///
/// A snapshot is a function of a layer's model, its links (mask, sublayers) and its kind's
/// content. A layer keeps its last snapshot (`Layer.keptSnapshot`) until its model or
/// links change, which drops it and the kept snapshots above it (`Layer.snapshotChanged()`),
/// and gives it again while nothing below it changed either. A static tree of 20000 sprite
/// layers (S4) is then one look at its root a frame instead of 40000 snapshots made and
/// freed (2-3 ms of an 8-11 ms compile on 2 cores). A tree where some layers changed is
/// walked, and whether a layer's kept snapshot is the one its parent's holds is a
/// comparison of identities (`SnapshotCache.last`, `.lastMask`) read from the layer
/// itself, without touching the snapshots.
///
/// A layer whose kind has content of its own (`kindSnapshot()` not nil) is made anew each
/// time, its kind's properties having no such watch (its kept snapshot only tells its
/// sublayers what to expect); the layers below it may still be reused.
///
/// What a kept snapshot holds, the model holds too: contents replaced are freed when they
/// are replaced, as without reuse. (A kind's content is held until the next snapshot.)
///
/// One layer could be reached twice in a tree (one mask layer given to two layers, or a
/// mask that is also a sublayer), and sibling snapshots are made on all cores, so only one
/// place may read and write a layer's kept snapshot: the one its `SnapshotOwner` names
/// (the superlayer it was added to, or the layer it was last made the mask of), reached
/// through places that may too. Every other place makes a new snapshot and keeps none.
extension LayerSnapshot {
  /// How a layer was reached in the tree being snapshotted.
  enum Reach {
    /// The layer `snapshot()` was called on: one place, on the calling thread.
    case root
    /// As this link of a layer reached in a place that keeps snapshots.
    case link(SnapshotOwner)
    /// Through a place that keeps none (a presentation copy, a delayed copy, a second place).
    case unkept
  }

  /// What `make` gave for a layer.
  enum Made {
    /// The snapshot the caller expected (its own last snapshot's, for this link): nothing
    /// changed, and nothing below.
    case expected
    /// A snapshot, and whether it is the layer's kept one and holds for its whole subtree
    /// (`SnapshotCache.subtreeHolds`).
    case snapshot(LayerSnapshot, holds: Bool)

    var holds: Bool {
      switch self {
      case .expected: true
      case .snapshot(_, let holds): holds
      }
    }
  }

  /// The snapshot of `l` reached as `reached` (the root, or a place that keeps none).
  static func make(_ l: Layer, reached: Reach) -> LayerSnapshot {
    switch make(l, reached: reached, expected: nil) {
    case .snapshot(let s, _): s
    case .expected: preconditionFailure("nothing was expected")
    }
  }

  /// The snapshot of `l` reached as `reached`: `.expected` when its kept snapshot is
  /// `expected` and nothing below changed, else a snapshot (its kept one, or a new one,
  /// kept where the place may keep it).
  static func make(_ l: Layer, reached: Reach, expected: ObjectIdentifier?) -> Made {
    let keeps: Bool
    switch reached {
    case .unkept: keeps = false
    case .root: keeps = true
    case .link(let owner): keeps = l.snapshotOwner == owner
    }
    // Read (and written) only by the place that keeps it: another place, on another core,
    // reads nothing the keeping place writes meanwhile.
    let cache = keeps ? l.snapshotCache : SnapshotCache()
    // Nothing in the subtree changed since the kept snapshot was made: no walk below.
    if keeps, cache.subtreeHolds, cache.last != nil {
      if let expected, cache.last == expected { return .expected }
      return .snapshot(l.keptSnapshot!, holds: true)
    }
    let links = l.links  // one exclusivity check for the three
    let kind = l.kindSnapshot()
    let holds = keeps && kind == nil && cache.last != nil
    let me = ObjectIdentifier(l)
    // The mask and sublayers, each compared with what the last snapshot held.
    let mask = links.mask.map {
      make($0, reached: keeps ? .link(.mask(of: me)) : .unkept, expected: keeps ? cache.lastMask : nil)
    }
    var last: LayerSnapshot? = nil
    if keeps, cache.last != nil, !links.sublayers.isEmpty { last = l.keptSnapshot }
    let sublayers: Sublayers =
      links.sublayers.isEmpty
      ? .made([], nil, holds: true)
      : snapshots(of: links.sublayers, reached: keeps ? .link(.sublayer(of: me)) : .unkept, last: last?.sublayers)
    let maskSame = if case .expected? = mask { true } else { mask == nil }
    let sublayersSame = if case .same = sublayers { true } else { links.sublayers.isEmpty }
    let belowHolds = (mask?.holds ?? true) && sublayers.holds && links.delayedSublayers.isEmpty
    if holds, maskSame, sublayersSame, links.delayedSublayers.isEmpty {
      l.snapshotCache.subtreeHolds = true
      if let expected, cache.last == expected { return .expected }
      return .snapshot(l.keptSnapshot!, holds: true)
    }
    // A new snapshot, with what held below taken from the last one.
    if last == nil, case .expected? = mask { last = l.keptSnapshot }
    let maskSnapshot: LayerSnapshot? =
      switch mask {
      case nil: nil
      case .expected?: last!.mask
      case .snapshot(let s, _)?: s
      }
    let list: [LayerSnapshot], parts: SiblingParts?, count: Int?
    switch sublayers {
    case .same:
      list = last!.sublayers
      parts = nil
      count = last!.layerCount
    case .made(let made, let p, _):
      list = made
      parts = p
      count = nil
    }
    let delayed = links.delayedSublayers.map { $0.map { make($0, reached: .unkept) } }
    let s = LayerSnapshot(l, kind: kind, mask: maskSnapshot, sublayers: list, parts: parts, layerCount: count, delayed: delayed)
    guard keeps else { return .snapshot(s, holds: false) }
    l.keptSnapshot = s
    let subtreeHolds = kind == nil && belowHolds
    l.snapshotCache.keep(s, subtreeHolds: subtreeHolds)
    return .snapshot(s, holds: subtreeHolds)
  }

  /// Sublayer snapshots: the same objects as the last snapshot's, or a new list (and the
  /// parts a long one was made in).
  enum Sublayers {
    /// The last snapshot's, each holding for its subtree.
    case same
    /// A new list, the parts it was made in, and whether each holds for its subtree.
    case made([LayerSnapshot], SiblingParts?, holds: Bool)

    var holds: Bool {
      switch self {
      case .same: true
      case .made(_, _, let holds): holds
      }
    }
  }
}

/// The place in the tree where a layer's snapshot may be kept and reused
/// (`LayerSnapshot+Reuse`): as a sublayer of the layer it was added to, or as the mask of
/// the layer it was last made the mask of. Identifiers of live layers are distinct; one
/// of a freed layer names no place a live tree can reach, since a layer's links are
/// only ever set through the setters that set this.
enum SnapshotOwner: Equatable {
  case none
  case sublayer(of: ObjectIdentifier)
  case mask(of: ObjectIdentifier)
}

/// What a walk of the tree reads of a layer's kept snapshot, without touching it: its
/// identity and its mask's. Nothing in it is counted, so reading it retains nothing. Read
/// and written only from the place that may keep the snapshot (`Layer.snapshotOwner`,
/// which is apart so that every place may read it).
struct SnapshotCache {
  /// The kept snapshot (`Layer.keptSnapshot`): nil when none, or when the model or the
  /// links changed since it was made (it is then dropped).
  var last: ObjectIdentifier? = nil
  /// Its mask's snapshot.
  var lastMask: ObjectIdentifier? = nil
  /// Whether the kept snapshot holds for the whole subtree: every layer below is kept,
  /// unchanged and of no kind with content of its own, so a snapshot of an unchanged tree
  /// is one look at its root. Dropped with the kept snapshot.
  var subtreeHolds = false

  mutating func keep(_ s: LayerSnapshot, subtreeHolds: Bool) {
    last = ObjectIdentifier(s)
    lastMask = s.mask.map(ObjectIdentifier.init)
    self.subtreeHolds = subtreeHolds
  }

  mutating func drop() {
    last = nil
    lastMask = nil
    subtreeHolds = false
  }
}

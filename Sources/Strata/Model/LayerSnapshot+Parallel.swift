import Dispatch
import StrataSync

/// Snapshots of many sibling layers, taken on all cores.
///
/// A frame of 20000 sprite layers took 2.2 ms to snapshot on one core while the other
/// waited. Layers are made and changed on one thread, but a snapshot only reads them (and
/// writes a layer's kept snapshot only in the one place of the tree that may, which one
/// core reaches: `LayerSnapshot+Reuse`), and the thread taking it waits until every part
/// is done, so the parts may read their layers on other cores. The snapshots are the
/// same, in the same order, however many cores.
extension LayerSnapshot {
  /// Sibling lists at least this long are snapshotted in parts of `siblingsPerPart`.
  static let parallelSiblingsMinimum = 2048
  static let siblingsPerPart = 512

  /// A snapshot of each of `layers`, reached as `reached`: `.same` when each is the same
  /// object as in `last` (the same number of them), else the list, and for a long list
  /// the parts it was made in, to be freed on all cores as well.
  static func snapshots(of layers: [Layer], reached: Reach, last: [LayerSnapshot]?) -> Sublayers {
    let last = last.flatMap { $0.count == layers.count ? $0 : nil }
    guard layers.count >= parallelSiblingsMinimum else {
      switch snapshots(of: layers, 0..<layers.count, reached: reached, last: last) {
      case .same: return .same
      case .made(let list, let holds): return .made(list, nil, holds: holds)
      }
    }
    let count = (layers.count + siblingsPerPart - 1) / siblingsPerPart
    let parts = SiblingParts(count: count)
    // Parts the same as `last`, and parts whose layers all hold.
    let tally = Locked((same: 0, holding: 0))
    let shared = ReadOnlyLayers(layers: layers, last: last)
    DispatchQueue.concurrentPerform(iterations: count) { k in
      let range = (k * siblingsPerPart)..<min(shared.layers.count, (k + 1) * siblingsPerPart)
      switch snapshots(of: shared.layers, range, reached: reached, last: shared.last) {
      case .same: tally.withLock { $0.same += 1; $0.holding += 1 }
      case .made(let made, let holds):
        parts.parts[k].withLock { $0 = made }
        if holds { tally.withLock { $0.holding += 1 } }
      }
    }
    let (same, holding) = tally.withLock { $0 }
    if same == count { return .same }
    var all: [LayerSnapshot] = []
    all.reserveCapacity(layers.count)
    for (k, part) in parts.parts.enumerated() {
      part.withLock { made in
        // A part that was the same as before holds nothing: its snapshots are `last`'s.
        if made.isEmpty, let last { all += last[(k * siblingsPerPart)..<min(layers.count, (k + 1) * siblingsPerPart)] } else { all += made }
      }
    }
    return .made(all, parts, holds: holding == count)
  }

  /// What one part of a sibling list gave: the same objects as `last`, or these (and
  /// whether each holds for its subtree).
  private enum Part {
    case same
    case made([LayerSnapshot], holds: Bool)
  }

  /// Snapshots of `layers[range]`; `.same` when each is `last`'s object at its index. The
  /// list is only made from the first that differs on (20000 unchanged sprite layers a
  /// frame make none).
  private static func snapshots(of layers: [Layer], _ range: Range<Int>, reached: Reach, last: [LayerSnapshot]?) -> Part {
    var made: [LayerSnapshot] = []
    var differs = last == nil
    var holds = true
    if differs { made.reserveCapacity(range.count) }
    for i in range {
      let expected = last.map { ObjectIdentifier($0[i]) }
      let m = make(layers[i], reached: reached, expected: expected)
      holds = holds && m.holds
      switch m {
      case .expected:
        if differs { made.append(last![i]) }
      case .snapshot(let s, _):
        if !differs {
          if let last, s === last[i] { continue }
          differs = true
          made.reserveCapacity(range.count)
          if let last { made += last[range.lowerBound..<i] }
        }
        made.append(s)
      }
    }
    return differs ? .made(made, holds: holds) : .same
  }
}

/// The parts a long list of sibling snapshots was made in, each holding its snapshots
/// (the list holds them too). Freed after the list, it frees each part's snapshots on
/// whichever core takes it: 20000 sprite layers' snapshots took 1.8 ms to free on one.
final class SiblingParts: Sendable {
  /// Behind a lock only so that a core can empty its part; taken once a part.
  let parts: [Locked<[LayerSnapshot]>]

  init(count: Int) { parts = (0..<count).map { _ in Locked([]) } }

  deinit {
    let parts = self.parts
    DispatchQueue.concurrentPerform(iterations: parts.count) { k in parts[k].withLock { $0 = [] } }
  }
}

/// Layers handed to the cores that snapshot them. Unchecked: `Layer` is not `Sendable`
/// (it is used from one thread); the cores only read these layers (but for the kept
/// snapshot of each layer below, which one core alone reaches), while the thread that
/// owns them waits for the snapshot (`LayerSnapshot.snapshots(of:)`).
private struct ReadOnlyLayers: @unchecked Sendable {
  let layers: [Layer]
  /// Their snapshots of the last frame (immutable, `Sendable`).
  let last: [LayerSnapshot]?
}

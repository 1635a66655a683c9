import Dispatch
import StrataSync

/// Snapshots of many sibling layers, taken on all cores.
///
/// A frame of 20000 sprite layers took 2.2 ms to snapshot on one core while the other
/// waited. Layers are made and changed on one thread, but a snapshot only reads them, and
/// the thread taking it waits until every part is done, so the parts may read their layers
/// on other cores. The snapshots are the same, in the same order, however many cores.
extension LayerSnapshot {
  /// Sibling lists at least this long are snapshotted in parts of `siblingsPerPart`.
  static let parallelSiblingsMinimum = 2048
  static let siblingsPerPart = 512

  /// A snapshot of each of `layers`, in order, and for a long list the parts they were
  /// made in, to be freed on all cores as well.
  static func snapshots(of layers: [Layer]) -> ([LayerSnapshot], SiblingParts?) {
    guard layers.count >= parallelSiblingsMinimum else { return (layers.map { LayerSnapshot($0) }, nil) }
    let count = (layers.count + siblingsPerPart - 1) / siblingsPerPart
    let parts = SiblingParts(count: count)
    let shared = ReadOnlyLayers(layers: layers)
    DispatchQueue.concurrentPerform(iterations: count) { k in
      let range = (k * siblingsPerPart)..<min(shared.layers.count, (k + 1) * siblingsPerPart)
      let made = shared.layers[range].map { LayerSnapshot($0) }
      parts.parts[k].withLock { $0 = made }
    }
    var all: [LayerSnapshot] = []
    all.reserveCapacity(layers.count)
    for part in parts.parts { part.withLock { all += $0 } }
    return (all, parts)
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
/// (it is used from one thread); the cores only read these layers, while the thread that
/// owns them waits for the snapshot (`LayerSnapshot.snapshots(of:)`).
private struct ReadOnlyLayers: @unchecked Sendable {
  let layers: [Layer]
}

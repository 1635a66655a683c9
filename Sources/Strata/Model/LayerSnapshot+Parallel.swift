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

  /// A snapshot of each of `layers`, in order.
  static func snapshots(of layers: [Layer]) -> [LayerSnapshot] {
    guard layers.count >= parallelSiblingsMinimum else { return layers.map { LayerSnapshot($0) } }
    let parts = (layers.count + siblingsPerPart - 1) / siblingsPerPart
    let results = Locked([[LayerSnapshot]](repeating: [], count: parts))
    let shared = ReadOnlyLayers(layers: layers)
    DispatchQueue.concurrentPerform(iterations: parts) { k in
      let range = (k * siblingsPerPart)..<min(shared.layers.count, (k + 1) * siblingsPerPart)
      let made = shared.layers[range].map { LayerSnapshot($0) }
      results.withLock { $0[k] = made }
    }
    let made = results.withLock { $0 }
    var all: [LayerSnapshot] = []
    all.reserveCapacity(layers.count)
    for part in made { all += part }
    return all
  }
}

/// Layers handed to the cores that snapshot them. Unchecked: `Layer` is not `Sendable`
/// (it is used from one thread); the cores only read these layers, while the thread that
/// owns them waits for the snapshot (`LayerSnapshot.snapshots(of:)`).
private struct ReadOnlyLayers: @unchecked Sendable {
  let layers: [Layer]
}

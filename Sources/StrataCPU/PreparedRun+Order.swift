import Strata
import StrataRender

/// The order a run of plus-lighter draws is prepared in: by the band of rows each lies in.
///
/// A band's worker reads every prepared draw that touches its rows (`CPURenderer.fill`).
/// In list order, the 20000 sprite layers of S4 lie anywhere on the canvas, so a band's
/// draws were scattered over all 10 MB of prepared draws, and each was fetched from memory
/// by each of the three bands it crosses: the sprites' pixel loop ran 15-20% slower than on
/// the same draws listed top to bottom. Prepared band by band instead, the draws a band
/// reads were made one after the other, next to each other in memory.
///
/// Only for runs whose every draw is plus-lighter: each adds its own whole levels to the
/// 8-bit surface, saturated (`AdditiveLevels`), `min(255, dst + Σ levels)` in any order,
/// so the pixels are the same byte for byte (the tests compare both orders). A run with
/// any other draw keeps its list order.
extension PreparedRun {
  /// One draw of a run: a `.draw` command, or one sprite of a `.sprites` command.
  struct Item {
    var command: Int32
    var sprite: Int32
  }

  /// The run's draws by band (in list order within a band) when every one is
  /// plus-lighter; nil otherwise, or when the run has too few draws to gain from it.
  static func additiveOrder(_ commands: ArraySlice<RenderCommand>, bands: Bands) -> [Item]? {
    // Counted in place first: most runs are short, and need no arrays made to learn it.
    guard commands.reduce(0, { $0 + $1.drawCount }) > chunkSize else { return nil }
    var items: [Item] = []
    var keys: [Int32] = []
    let n = bands.count
    func key(_ row: Double) -> Int32 {
      guard row.isFinite else { return 0 }
      let band = (row - Double(bands.bounds.y0)) / Double(bands.height)
      return Int32(min(max(band, 0), Double(n - 1)))
    }
    for i in commands.indices {
      // Read in place: a copy of each command would count the references of 20000 draws.
      if let row = commands[i].plusLighterMiddleRow {
        items.append(Item(command: Int32(i), sprite: 0))
        keys.append(key(Double(row)))
        continue
      }
      guard case .sprites(let b) = commands[i], b.blendMode == .plusLighter else { return nil }
      // Each sprite's centre (the unit square's) in device rows: its place for ordering
      // only, so the map's perspective, if any, is applied without more care.
      let h = b.map.toDevice.m
      for (k, s) in b.sprites.enumerated() {
        let p = s.transform.apply(Point(x: 0.5, y: 0.5))
        let w = h.6 * p.x + h.7 * p.y + h.8
        items.append(Item(command: Int32(i), sprite: Int32(k)))
        keys.append(key((h.3 * p.x + h.4 * p.y + h.5) / w))
      }
    }
    // A counting sort by band: stable, O(draws).
    var starts = [Int](repeating: 0, count: n + 1)
    for k in keys { starts[Int(k) + 1] += 1 }
    for b in 0..<n { starts[b + 1] += starts[b] }
    var sorted = [Item](repeating: Item(command: 0, sprite: 0), count: items.count)
    for (item, k) in zip(items, keys) {
      sorted[starts[Int(k)]] = item
      starts[Int(k)] += 1
    }
    return sorted
  }

  /// Hands `body` the prepared draws of `items`, in order.
  static func prepare(
    _ commands: ArraySlice<RenderCommand>, _ items: ArraySlice<Item>, _ ctx: CPURenderer.Context,
    _ body: (PreparedDraw) -> Void
  ) {
    for item in items {
      switch commands[Int(item.command)] {
      case .draw(let d):
        body(PreparedDraw(d, clips: ctx.clips))
      case .sprites(let b):
        let k = Int(item.sprite)
        b.forEachDraw(of: k..<(k + 1), canvas: ctx.canvas, clips: ctx.prepared) { body(PreparedDraw($0, clips: ctx.clips)) }
      default:
        break
      }
    }
  }
}

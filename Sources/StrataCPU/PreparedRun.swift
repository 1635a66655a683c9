import Dispatch
import StrataRender
import StrataSync

/// The draws of a run of `.draw` and `.sprites` commands, prepared (`PreparedDraw`) on all
/// cores, in list order (or, for a run of plus-lighter draws alone, band by band:
/// `PreparedRun+Order`), in chunks.
///
/// Preparing S4's 20000 draws one after the other took 7 to 8 ms of its frame on one core
/// while the other waited, and freeing them 2 ms more: a run is cut into chunks of about
/// `chunkSize` draws, each prepared, and later freed, by whichever core takes it. The draws
/// and their order are the same whatever the number of cores.
struct PreparedRun: ~Copyable {
  /// About this many draws a chunk: enough to make one worker's hand-over negligible, few
  /// enough that 2 to 16 cores share a large run evenly. Runs of at most this many are
  /// prepared on the calling thread.
  static let chunkSize = 1024

  /// Rows of the surface a run is drawn in, cut into bands of `height` rows (the last may
  /// be shorter), and its columns.
  struct Bands {
    let bounds: PixelBounds
    let height: Int
    var count: Int { (bounds.y1 - bounds.y0 + height - 1) / height }
  }

  /// Consecutive draws of the run, with the ones each band must draw.
  struct Chunk {
    var draws: [PreparedDraw] = []
    /// The indices in `draws` of the draws touching band b, in order: `entries[starts[b]
    /// ..< starts[b + 1]]`.
    var starts: [Int32] = []
    var entries: [Int32] = []

    /// Sorts `draws` into bands (each chunk by its own core: one pass over 20000 draws took
    /// a millisecond on one).
    mutating func sort(into bands: Bands) {
      let b = bands.bounds, bh = bands.height, n = bands.count
      var counts = [Int32](repeating: 0, count: n + 1)
      func each(_ body: (Int, Int) -> Void) {
        for (i, d) in draws.enumerated() {
          let y0 = max(d.bounds.y0, b.y0), y1 = min(d.bounds.y1, b.y1)
          guard y0 < y1, max(d.bounds.x0, b.x0) < min(d.bounds.x1, b.x1) else { continue }
          for band in ((y0 - b.y0) / bh)...((y1 - 1 - b.y0) / bh) { body(band, i) }
        }
      }
      each { band, _ in counts[band + 1] += 1 }
      for band in 0..<n { counts[band + 1] += counts[band] }
      var next = counts
      var entries = [Int32](repeating: 0, count: Int(counts[n]))
      each { band, i in
        entries[Int(next[band])] = Int32(i)
        next[band] += 1
      }
      starts = counts
      self.entries = entries
    }
  }

  /// Each chunk, behind a lock only so that a worker can take it out to free it
  /// (`release`); the lock is taken once a chunk, never per draw.
  private let owners: [Locked<Chunk>]

  /// Prepares the draws of `commands`, which holds `.draw` and `.sprites` commands only
  /// (others are skipped), and sorts them into `bands`.
  ///
  /// `ordersAdditiveRuns`: whether a run of plus-lighter draws alone is prepared band by
  /// band (`PreparedRun+Order`); the pixels are the same either way.
  init(_ commands: ArraySlice<RenderCommand>, _ ctx: CPURenderer.Context, bands: Bands, ordersAdditiveRuns: Bool = true) {
    if ordersAdditiveRuns, let order = Self.additiveOrder(commands, bands: bands) {
      let count = (order.count + Self.chunkSize - 1) / Self.chunkSize
      owners = Self.chunks(count, bands, reserving: Self.chunkSize) { k, body in
        Self.prepare(commands, order[(k * Self.chunkSize)..<min(order.count, (k + 1) * Self.chunkSize)], ctx, body)
      }
      return
    }
    let starts = Self.chunkStarts(commands)
    owners = Self.chunks(starts.count, bands, reserving: min(Self.chunkSize, commands.count)) { k, body in
      Self.prepare(commands, from: starts[k], to: k + 1 < starts.count ? starts[k + 1] : nil, ctx, body)
    }
  }

  /// `count` chunks, chunk k holding the draws `fill(k, append)` hands over, each sorted
  /// into `bands`: on all cores, or on the calling thread when there is one chunk.
  private static func chunks(
    _ count: Int, _ bands: Bands, reserving: Int, _ fill: @Sendable (Int, (PreparedDraw) -> Void) -> Void
  ) -> [Locked<Chunk>] {
    let owners = (0..<count).map { _ in Locked(Chunk()) }
    @Sendable func prepare(_ k: Int) {
      var c = Chunk()
      c.draws.reserveCapacity(reserving)
      fill(k) { c.draws.append($0) }
      c.sort(into: bands)
      owners[k].withLock { $0 = c }
    }
    if count == 1 {
      prepare(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: count) { prepare($0) }
    }
    return owners
  }

  /// The chunks, in order; their arrays are shared with the run, not copied.
  var chunks: [Chunk] { owners.map { $0.withLock { $0 } } }

  /// Frees the draws, each chunk on whichever core takes it. The caller holds no copy of
  /// `chunks` any more, or that copy frees them.
  consuming func release() {
    let owners = self.owners
    guard owners.count > 1 else { return }
    DispatchQueue.concurrentPerform(iterations: owners.count) { k in owners[k].withLock { $0 = Chunk() } }
  }

  /// Where a chunk starts: a command, and the sprite within it when it is a batch.
  struct Start {
    var command: Int
    var sprite: Int
  }

  /// The starts of chunks of `chunkSize` draws each, the last of fewer (a sprite counts
  /// one, a draw one); no chunk is empty, and a run of at most `chunkSize` has one start.
  static func chunkStarts(_ commands: ArraySlice<RenderCommand>) -> [Start] {
    var starts = [Start(command: commands.startIndex, sprite: 0)]
    var filled = 0
    for i in commands.indices {
      let n = commands[i].drawCount
      var taken = 0
      while n - taken > chunkSize - filled {
        taken += chunkSize - filled
        filled = 0
        starts.append(Start(command: i, sprite: taken))
      }
      filled += n - taken
    }
    return starts
  }

  /// Hands `body` the draws from `start` up to `end` (the run's end when nil), in order.
  static func prepare(
    _ commands: ArraySlice<RenderCommand>, from start: Start, to end: Start?, _ ctx: CPURenderer.Context,
    _ body: (PreparedDraw) -> Void
  ) {
    let last = end.map { $0.sprite > 0 ? $0.command : $0.command - 1 } ?? commands.endIndex - 1
    guard start.command <= last else { return }
    for i in start.command...last {
      switch commands[i] {
      case .draw(let d):
        body(PreparedDraw(d, clips: ctx.clips))
      case .sprites(let b):
        let from = i == start.command ? start.sprite : 0
        let to = end.map { i == $0.command ? $0.sprite : b.sprites.count } ?? b.sprites.count
        b.forEachDraw(of: from..<to, canvas: ctx.canvas, clips: ctx.prepared) { body(PreparedDraw($0, clips: ctx.clips)) }
      default:
        break
      }
    }
  }
}

import Dispatch
import Foundation
import Strata
import StrataSync

/// Sublayers compiled on all cores: a layer with thousands of layers below it (S4's 20000
/// sprite layers) has its sublayers cut into parts of about `layersPerPart` layers, each
/// compiled by whichever core takes it into a list of its own, and the parts' lists are
/// joined in drawing order.
///
/// A sublayer's commands depend on nothing its siblings emitted: it reads the clips that
/// existed before it (its ancestors'), appends its own commands and clips, and edits only
/// commands it appended itself. So a part compiled alone gives the commands the serial
/// walk gives, and the joined list is the same, command for command, whatever the number
/// of cores. Clips a part adds are numbered after the clips of the parts before it
/// (`rebasingClips`).
extension RenderListCompiler.State {
  /// A layer compiles its sublayers in parts when it has at least this many layers below
  /// it: below, the hand-over costs more than the second core gives.
  static let parallelSublayersMinimum = 4096
  /// About this many layers a part: enough parts to share out among the cores.
  static let layersPerPart = 1024
  /// The cores the parts are shared among, asked once (the question reads the system's
  /// files: asked for every layer, it made LOTTIE's compile four times slower).
  static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

  /// Visits `sublayers` (in drawing order) as `visit` does, one after the other, on all
  /// cores when there are many layers below them and no part of the frame is already being
  /// compiled so.
  mutating func visitSublayers(_ sublayers: [LayerSnapshot], parentSpace: Transform3D, parentToDevice: Homography, clip: Int?) {
    let parts = splitsSublayers ? Self.parts(of: sublayers, cores: Self.cores) : []
    guard parts.count > 1 else {
      for s in sublayers { visit(s, parentSpace: parentSpace, parentToDevice: parentToDevice, clip: clip) }
      return
    }
    // Each part starts from this state's clips (shared, not copied, until it adds one)
    // and its count of visits, with no commands.
    var seed = self
    seed.list.commands = []
    seed.list.refusals = []
    seed.list.depthSorting = DepthSortStatistics()
    seed.splitsSublayers = false
    let start = seed
    // The first part, a core's share, appends to this state's own commands, handed over
    // (the only reference, so appended to in place) and taken back: the joins copy only
    // the other parts' commands.
    let handOver = Locked<[RenderCommand]?>(list.commands)
    list.commands = []
    let results = Locked([RenderListCompiler.State?](repeating: nil, count: parts.count))
    // What the compile reads from its task (`PathMaskCache.collecting`, `TileCache.current`),
    // which a dispatch worker does not inherit.
    let collector = PathMaskCache.collector, tiles = TileCache.current
    DispatchQueue.concurrentPerform(iterations: parts.count) { k in
      PathMaskCache.$collector.withValue(collector) {
        TileCache.$current.withValue(tiles) {
          var part = start
          if k == 0 { part.list.commands = handOver.withLock { $0.take()! } }
          part.list.commands.reserveCapacity(part.list.commands.count + sublayers[parts[k]].reduce(0) { $0 + $1.layerCount })
          for s in sublayers[parts[k]] { part.visit(s, parentSpace: parentSpace, parentToDevice: parentToDevice, clip: clip) }
          results.withLock { $0[k] = part }
        }
      }
    }
    // Taken out of the lock, so that each part's lists have one owner.
    var compiled = results.withLock { r in
      defer { r = [] }
      return r
    }
    let clipsBefore = list.clips.count, visitsBefore = visits
    for k in compiled.indices {
      guard let part = compiled[k].take() else { continue }
      join(part, clipsBefore: clipsBefore, visitsBefore: visitsBefore)
    }
    if visits > Limits.maxLayersDrawn, !list.refusals.contains(Self.tooManyLayers) {
      list.refusals.append(Self.tooManyLayers)
    }
  }

  /// Appends a part compiled from this state as it was with `clipsBefore` clips and
  /// `visitsBefore` visits. The first part holds the commands from before the parts too
  /// (handed over), and takes the place of the empty list instead of being copied.
  private mutating func join(_ part: consuming RenderListCompiler.State, clipsBefore: Int, visitsBefore: Int) {
    let offset = list.clips.count - clipsBefore
    if offset == 0 || part.list.clips.count == clipsBefore {
      list.clips += part.list.clips[clipsBefore...]
      if list.commands.isEmpty {
        swap(&list.commands, &part.list.commands)
      } else {
        list.commands += part.list.commands
      }
    } else {
      for var c in part.list.clips[clipsBefore...] {
        if let p = c.parent, p >= clipsBefore { c.parent = p + offset }
        list.clips.append(c)
      }
      list.commands += part.list.commands.map { $0.rebasingClips(from: clipsBefore, by: offset) }
    }
    for r in part.list.refusals where r != Self.tooManyLayers || !list.refusals.contains(r) {
      list.refusals.append(r)
    }
    list.depthSorting.add(part.list.depthSorting)
    visits += part.visits - visitsBefore
  }

  /// Ranges of `sublayers`: the first of about a core's share of their layers (at least
  /// `layersPerPart`), the others of about `layersPerPart` layers each, which the other
  /// cores share out; empty when there are too few layers to share out.
  static func parts(of sublayers: [LayerSnapshot], cores: Int) -> [Range<Int>] {
    let total = sublayers.reduce(0) { $0 + $1.layerCount }
    guard sublayers.count > 1, total >= parallelSublayersMinimum else { return [] }
    var parts: [Range<Int>] = []
    var start = 0, layers = 0
    var size = max(layersPerPart, total / max(1, cores))
    for (i, s) in sublayers.enumerated() {
      layers += s.layerCount
      if layers >= size {
        parts.append(start..<(i + 1))
        start = i + 1
        layers = 0
        size = layersPerPart
      }
    }
    if start < sublayers.count { parts.append(start..<sublayers.count) }
    return parts
  }
}

extension RenderCommand {
  /// The command with every clip index from `first` on moved up by `offset`: a part's own
  /// clips, numbered after those the parts before it added.
  func rebasingClips(from first: Int, by offset: Int) -> RenderCommand {
    func moved(_ c: Int?) -> Int? { c.map { $0 >= first ? $0 + offset : $0 } }
    switch self {
    case .draw(var d):
      d.clip = moved(d.clip)
      return .draw(d)
    case .beginGroup(var g):
      g.clip = moved(g.clip)
      if var s = g.shadow {
        s.clip = moved(s.clip)
        g.shadow = s
      }
      return .beginGroup(g)
    case .backdrop(var b):
      b.clip = moved(b.clip)
      return .backdrop(b)
    case .sprites(var b):
      b.clip = moved(b.clip)
      return .sprites(b)
    case .beginMask, .endMask, .endGroup:
      return self
    }
  }
}

extension DepthSortStatistics {
  /// Adds the figures of another part of the frame.
  mutating func add(_ other: DepthSortStatistics) {
    contexts += other.contexts
    planes += other.planes
    pieces += other.pieces
    trees += other.trees
    time += other.time
  }
}

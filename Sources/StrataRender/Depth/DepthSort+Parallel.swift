import Dispatch
import Strata
import StrataSync

extension DepthSort {
  /// Contexts with at least this many planes are sorted on all cores.
  static let parallelMinimum = 32

  /// Sorts `polys` into `tree.result` as `Tree.sort` does, on all cores: the first few
  /// lists are divided here, breadth first, into a sequence of polygons to draw and lists
  /// still to sort (`Segment`); the lists are sorted at once, each in a tree of its own
  /// that starts from a copy of its polygons' vertices, and their results are joined in
  /// the sequence's order. Each list's sort is the one `Tree.sort` would make, so the
  /// result is identical whatever the number of cores.
  ///
  /// The cores take the lists largest first (a list's work grows faster than its length,
  /// and the last list taken should be a short one), and there are several lists a core,
  /// so that no core waits long for the others.
  static func sortInParallel(_ polys: [Polygon], _ tree: inout Tree) {
    var segments = tree.segments(polys, lists: 16, minimum: 16)
    let lists = segments.compactMap { if case .list(let l) = $0 { l } else { nil } }
    let largestFirst = lists.indices.sorted { (lists[$0].count, $1) > (lists[$1].count, $0) }
    let results = Locked([Result?](repeating: nil, count: lists.count))
    let (transforms, equations, epsilon, vertices) = (tree.transforms, tree.equations, tree.epsilon, tree.vertices)
    DispatchQueue.concurrentPerform(iterations: lists.count) { k in
      let i = largestFirst[k]
      // A tree of its own, with the vertices of its list only (the same values).
      var t = Tree(transforms: transforms, equations: equations, epsilon: epsilon)
      let list = lists[i].map { p in t.add(plane: p.plane, vertices: vertices[p.start..<(p.start + p.count)], isCut: p.isCut) }
      t.sort(list)
      let r = t.result
      results.withLock { $0[i] = r }
    }
    let sorted = results.withLock { $0 }.map { $0! }
    // Room for all of it at once (the pools grown join by join were copied again and again).
    let points = sorted.reduce(0) { $0 + $1.outlinePool.count } + segments.count * 64
    tree.result.outlinePool.reserveCapacity(tree.result.outlinePool.count + points)
    tree.result.cutEdgePool.reserveCapacity(tree.result.cutEdgePool.count + points)
    tree.result.pieces.reserveCapacity(tree.result.pieces.count + sorted.reduce(0) { $0 + $1.pieces.count } + segments.count)
    var next = 0
    for s in segments {
      switch s {
      case .piece(let p): tree.append(p)
      case .list:
        tree.result.join(sorted[next])
        next += 1
      }
    }
    segments.removeAll()
  }
}

extension DepthSort.Tree {
  /// A part of the order being divided: a polygon to draw, or a list to sort in place.
  enum Segment {
    case piece(DepthSort.Polygon)
    case list([DepthSort.Polygon])
  }

  /// Divides `polys` as `sort` does, the largest list first, until there are `lists` lists
  /// or none of at least `minimum` polygons: the order is the segments' order, each list
  /// sorted.
  mutating func segments(_ polys: [DepthSort.Polygon], lists: Int, minimum: Int) -> [Segment] {
    var segments: [Segment] = [.list(polys)]
    var front: [DepthSort.Polygon] = [], back: [DepthSort.Polygon] = [], coplanar: [DepthSort.Polygon] = []
    while segments.count(where: { if case .list = $0 { true } else { false } }) < lists {
      var largest: (index: Int, count: Int)? = nil
      for (i, s) in segments.enumerated() {
        if case .list(let l) = s, l.count >= minimum, l.count > (largest?.count ?? 0) { largest = (i, l.count) }
      }
      guard let (i, _) = largest, case .list(let list) = segments[i] else { break }
      let eq = equations[list[0].plane]
      (front, back, coplanar) = divided(list, eq)
      // The far side first (`sort`).
      let towardsViewer = eq.z > 0
      let near = towardsViewer ? front : back, far = towardsViewer ? back : front
      var replacement: [Segment] = []
      if !far.isEmpty { replacement.append(.list(far)) }
      replacement += coplanar.map { .piece($0) }
      if !near.isEmpty { replacement.append(.list(near)) }
      segments.replaceSubrange(i...i, with: replacement)
    }
    return segments
  }
}

extension DepthSort.Result {
  /// Appends the pieces of `other` (a sort of the same planes), its outlines moved to the
  /// end of this result's pools: copied whole (growing as appends do, not to the exact
  /// size each time, which copied all the pieces so far at every join), then offset in place.
  mutating func join(_ other: Self) {
    let offset = outlinePool.count
    outlinePool += other.outlinePool
    cutEdgePool += other.cutEdgePool
    let base = pieces.count
    pieces += other.pieces
    guard offset != 0 else { return }
    var ps = pieces.mutableSpan
    for k in base..<ps.count {
      if let r = ps[k].outline { ps[k].outline = (r.lowerBound + offset)..<(r.upperBound + offset) }
    }
  }
}

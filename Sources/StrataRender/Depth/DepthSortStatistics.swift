/// What the 3D sorting of a frame cost: its rendering contexts, their planes and the
/// pieces drawn, and the time spent ordering them (`DepthSort.order`, not drawing). The
/// benchmark prints it; it changes no pixel.
public struct DepthSortStatistics: Sendable, Equatable {
  public var contexts = 0
  public var planes = 0
  public var pieces = 0
  /// Contexts that needed the BSP tree (planes overlapping on screen).
  public var trees = 0
  public var time: Duration = .zero

  public init() {}

  mutating func add(planes: Int, pieces: Int, usedTree: Bool, time: Duration) {
    contexts += 1
    self.planes += planes
    self.pieces += pieces
    if usedTree { trees += 1 }
    self.time += time
  }
}

import Strata

/// `ReplicatorLayer`'s compile step: it draws nothing of its own, and its traversal hook
/// returns one copy of the sublayers per instance, copy 0 first (instance-major: copy k's
/// whole sublayer list, in drawing order, before copy k + 1's).
///
/// Copy k is moved by `C⁻¹ · Iᵏ · C` (I the instance transform, C the move to the bounds'
/// centre), in the replicator's sublayer space: inside its `sublayerTransform` and geometry
/// flip. Its sublayers are the snapshot's `delayedSublayers[k − 1]` when the snapshot stage
/// made them (something below is animated and `instanceDelay` is not 0), else the
/// sublayers themselves, shared by every copy.
extension ReplicatorLayer.Snapshot: LayerKindCompiling {
  public func compile(into context: inout LayerKindContext) {}

  /// With `preservesDepth` the replicator is a 3D rendering context, as a transform layer
  /// is: its copies are sorted by depth with the planes around them, and its own
  /// background, border, contents and effects are not drawn ("the standard restrictions
  /// apply", CAReplicatorLayer.h).
  public var sharesDepthWithSublayers: Bool { preservesDepth }

  public func sublayerInstances(of layer: LayerSnapshot) -> [SublayerInstance]? {
    guard instanceCount > 0 else { return [] }
    let b = layer.bounds
    let toCentre = Transform3D.translation(-b.midX, -b.midY), fromCentre = Transform3D.translation(b.midX, b.midY)
    let own = layer.sublayersInDrawingOrder
    var out: [SublayerInstance] = []
    out.reserveCapacity(instanceCount)
    var power = Transform3D.identity
    for k in 0..<instanceCount {
      if k > 0 { power = power.concatenating(instanceTransform) }
      // A copy whose matrix overflowed (a scale that grows each step) draws nothing.
      guard power.isFinite else { break }
      let sublayers = k > 0 && k <= layer.delayedSublayers.count ? LayerSnapshot.drawingOrder(layer.delayedSublayers[k - 1]) : own
      let move = k == 0 ? Transform3D.identity : toCentre.concatenating(power).concatenating(fromCentre)
      out.append(SublayerInstance(transform: move, color: color(k), sublayers: sublayers))
    }
    return out
  }
}

/// A layer that draws its sublayers several times (`CAReplicatorLayer`), each copy moved,
/// tinted and delayed a step further than the one before: audio bars, loading spinners,
/// grids from one sublayer (two nested replicators).
///
/// Copy k (0 is the sublayers themselves) is drawn with `instanceTransform` applied k times
/// about the centre of the replicator's bounds, in its sublayer space (inside its
/// `sublayerTransform` and geometry flip); every pixel of it is multiplied by
/// `clamp(instanceColor + k·offsets, 0, 1)` (straight colour, alpha as an opacity of the
/// whole copy); and its sublayers show their animations at `t − k·instanceDelay`. Copies are
/// drawn one after the other, the whole sublayer list of copy 0 first. Only the sublayers
/// are copied: the replicator's own background, contents and border are drawn once.
public final class ReplicatorLayer: Layer {
  /// The copies drawn, the sublayers themselves included: 1 draws them once, 0 (or less)
  /// draws none. Animatable; an animated value is rounded down.
  public var instanceCount = 1
  /// What moves copy k − 1 to copy k, about the centre of the bounds.
  public var instanceTransform: Transform3D = .identity
  /// Seconds between the copies' animations: copy k shows the sublayers as they are
  /// `k × instanceDelay` earlier.
  public var instanceDelay: Double = 0
  /// Multiplies the first copy (straight colour); opaque white changes nothing.
  public var instanceColor: Color = .white
  /// Added to the previous copy's colour for the next one, per component.
  public var instanceRedOffset: Double = 0
  public var instanceGreenOffset: Double = 0
  public var instanceBlueOffset: Double = 0
  public var instanceAlphaOffset: Double = 0
  /// Core Animation joins the copies' planes to an enclosing 3D context when true. Stored
  /// and carried to the snapshot; Strata flattens every copy into the replicator's plane
  /// either way until 3D sorting is in (README, "Rendering semantics").
  public var preservesDepth = false

  /// The most copies one replicator draws: a runaway count (or a product of nested ones)
  /// draws this many rather than exhausting memory.
  public static let maxInstanceCount = Limits.replicatorInstances

  public override class var typeName: String { "replicator" }

  public override class var copiedPropertyNames: Set<String> {
    [
      "instanceCount", "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset",
      "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "preservesDepth",
    ]
  }

  public override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? ReplicatorLayer else { return }
    (instanceCount, instanceTransform, instanceDelay, instanceColor) =
      (l.instanceCount, l.instanceTransform, l.instanceDelay, l.instanceColor)
    (instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset) =
      (l.instanceRedOffset, l.instanceGreenOffset, l.instanceBlueOffset, l.instanceAlphaOffset)
    preservesDepth = l.preservesDepth
  }

  /// Every property but `preservesDepth`, as in Core Animation, with the transform's
  /// sub-paths (`instanceTransform.rotation.z`).
  public override class var animatableProperties: [AnimatableProperty] {
    AnimatableProperty.number("instanceCount", \ReplicatorLayer.animatedInstanceCount)
      + AnimatableProperty.transform("instanceTransform", \ReplicatorLayer.instanceTransform)
      + AnimatableProperty.number("instanceDelay", \ReplicatorLayer.instanceDelay)
      + AnimatableProperty.color("instanceColor", \ReplicatorLayer.instanceColor)
      + AnimatableProperty.number("instanceRedOffset", \ReplicatorLayer.instanceRedOffset)
      + AnimatableProperty.number("instanceGreenOffset", \ReplicatorLayer.instanceGreenOffset)
      + AnimatableProperty.number("instanceBlueOffset", \ReplicatorLayer.instanceBlueOffset)
      + AnimatableProperty.number("instanceAlphaOffset", \ReplicatorLayer.instanceAlphaOffset)
  }

  /// `instanceCount` as animations see it: interpolated values are rounded down.
  var animatedInstanceCount: Double {
    get { Double(instanceCount) }
    set { instanceCount = newValue.isFinite ? Int(max(-1, min(newValue, 1e9)).rounded(.down)) : 0 }
  }

  /// The copies drawn: `instanceCount` within 0…`maxInstanceCount`.
  public var drawnInstanceCount: Int { max(0, min(instanceCount, Self.maxInstanceCount)) }

  /// Copy k's sublayers are seen `k × instanceDelay` earlier.
  public override func sublayerDelays() -> [Double] {
    guard instanceDelay != 0, instanceDelay.isFinite, drawnInstanceCount > 1 else { return [] }
    return (1..<drawnInstanceCount).map { Double($0) * instanceDelay }
  }

  /// The replicator's copies at one instant (the delayed sublayers themselves are in
  /// `LayerSnapshot.delayedSublayers`).
  public struct Snapshot: LayerKindSnapshot {
    public var instanceCount: Int
    public var instanceTransform: Transform3D
    public var instanceDelay: Double
    public var instanceColor: Color
    /// Red, green, blue and alpha offsets.
    public var offsets: Color
    public var preservesDepth: Bool

    /// Copy k's colour: `clamp(instanceColor + k·offsets, 0, 1)` per component (the same
    /// as clamping at every step, since the offset is the same each time).
    public func color(_ k: Int) -> Color {
      func c(_ base: Double, _ step: Double) -> Double {
        let v = base + Double(k) * step
        return v.isNaN ? 0 : min(max(v, 0), 1)
      }
      return Color(
        c(instanceColor.red, offsets.red), c(instanceColor.green, offsets.green), c(instanceColor.blue, offsets.blue),
        c(instanceColor.alpha, offsets.alpha))
    }
  }

  public override func kindSnapshot() -> (any LayerKindSnapshot)? {
    Snapshot(
      instanceCount: drawnInstanceCount, instanceTransform: instanceTransform, instanceDelay: instanceDelay,
      instanceColor: instanceColor,
      offsets: Color(instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset),
      preservesDepth: preservesDepth)
  }
}

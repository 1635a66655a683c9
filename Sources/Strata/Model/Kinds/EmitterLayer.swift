/// The shape particles are emitted from (`CAEmitterLayerEmitterShape`), centred on
/// `emitterPosition`, sized by `emitterSize` (and `emitterDepth`).
public enum EmitterShape: String, CaseIterable, Sendable {
  /// `emitterPosition` itself.
  case point
  /// A horizontal segment `emitterSize.width` long (the height is ignored).
  case line
  /// `emitterSize`.
  case rectangle
  /// `emitterSize` by `emitterDepth` in z.
  case cuboid
  /// A circle of radius `emitterSize.width`.
  case circle
  /// A sphere of radius `emitterSize.width`.
  case sphere
}

/// Where on the shape particles are born (`CAEmitterLayerEmitterMode`).
public enum EmitterMode: String, CaseIterable, Sendable {
  /// The shape's corners or ends (a circle's and a sphere's centre).
  case points
  /// Its outline: a rectangle's perimeter, a circle's circumference, a cuboid's edges.
  case outline
  /// Its surface: a rectangle's or circle's inside, a cuboid's faces, a sphere's surface.
  case surface
  /// Its inside.
  case volume
}

/// The order particles are drawn in (`CAEmitterLayerRenderMode`).
public enum EmitterRenderMode: String, CaseIterable, Sendable {
  /// Strata's choice: cell by cell (depth first, in `emitterCells` order), each in birth order.
  case unordered
  /// The oldest first, so the newest are on top.
  case oldestFirst
  /// The oldest last, on top.
  case oldestLast
  /// By z, the farthest (smallest z) first.
  case backToFront
  /// Added together (plus-lighter), in any order.
  case additive
}

/// A layer that emits particles (`CAEmitterLayer`): its `emitterCells` each emit a stream
/// of particles from the emitter's shape, drawn above the layer's background, contents,
/// sublayers and border.
///
/// Deterministic and closed form: the particles alive at a time t and each one's state are
/// computed from (seed, cell, particle index, t), never by stepping, so a frame is the
/// same whichever frames were drawn before it. The simulation starts at the layer's
/// `beginTime` (its local time 0); the first particle of a cell emitting r per second is
/// born at 1/r. Animating `birthRate` (the layer's or `emitterCells.<name>.birthRate`)
/// changes how many are born through its integral (`EmissionSchedule`); animating any other
/// property of the emitter or its cells changes the particles born afterwards, as each
/// keeps the state it was born with (`EmissionHistory`).
public final class EmitterLayer: Layer {
  public var emitterCells: [EmitterCell] = []
  /// Multiplies every cell's `birthRate`.
  public var birthRate: Double = 1
  /// Multiplies every cell's `lifetime` (and its range).
  public var lifetime: Double = 1
  /// Multiplies every cell's `velocity` (and its range).
  public var velocity: Double = 1
  /// Multiplies every cell's `scale` (and its range).
  public var scale: Double = 1
  /// Multiplies every cell's `spin` (and its range).
  public var spin: Double = 1
  /// The centre of the emitter's shape, in the layer's coordinates.
  public var emitterPosition: Point = .zero
  public var emitterZPosition: Double = 0
  public var emitterSize = Size(width: 0, height: 0)
  public var emitterDepth: Double = 0
  public var emitterShape: EmitterShape = .point
  public var emitterMode: EmitterMode = .volume
  public var renderMode: EmitterRenderMode = .unordered
  /// In a 3D rendering context (under a `TransformLayer`), makes every particle a plane of
  /// the context at its z, sorted with the other planes; otherwise particles are flattened
  /// into the layer's plane (their z only orders `backToFront`).
  public var preservesDepth = false
  /// Picks the particles' random values: another seed, other particles.
  public var seed: UInt32 = 0
  /// The most particles (with the sub-cells' parents still being followed) one frame of
  /// this emitter may compute; a frame needing more is refused with a `limitExceeded`
  /// render error that names the layer. Raise it for bigger scenes (memory and time are
  /// proportional to live particles, about 200 bytes each on the way to the renderer).
  public var maximumLiveParticles = EmitterLayer.defaultMaximumLiveParticles

  /// The default `maximumLiveParticles`.
  public static let defaultMaximumLiveParticles = Limits.liveParticles

  public override class var typeName: String { "emitter" }

  public override class var copiedPropertyNames: Set<String> {
    [
      "emitterCells", "birthRate", "lifetime", "velocity", "scale", "spin", "emitterPosition", "emitterZPosition",
      "emitterSize", "emitterDepth", "emitterShape", "emitterMode", "renderMode", "preservesDepth", "seed",
      "maximumLiveParticles",
    ]
  }

  public override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? EmitterLayer else { return }
    (emitterCells, birthRate, lifetime, velocity, scale, spin) = (l.emitterCells, l.birthRate, l.lifetime, l.velocity, l.scale, l.spin)
    (emitterPosition, emitterZPosition, emitterSize, emitterDepth) = (l.emitterPosition, l.emitterZPosition, l.emitterSize, l.emitterDepth)
    (emitterShape, emitterMode, renderMode, preservesDepth, seed) = (l.emitterShape, l.emitterMode, l.renderMode, l.preservesDepth, l.seed)
    maximumLiveParticles = l.maximumLiveParticles
  }

  /// The multipliers and the emitter's geometry, as in Core Animation, and the cells'
  /// properties by name: `emitterCells.<name>.<property>` (sub-cells
  /// `emitterCells.<name>.emitterCells.<name>.<property>`, three levels deep).
  public override class var animatableProperties: [AnimatableProperty] {
    typealias P = AnimatableProperty
    var out = P.number("birthRate", \EmitterLayer.birthRate) + P.number("lifetime", \EmitterLayer.lifetime)
      + P.number("velocity", \EmitterLayer.velocity) + P.number("scale", \EmitterLayer.scale)
      + P.number("spin", \EmitterLayer.spin) + P.point("emitterPosition", \EmitterLayer.emitterPosition)
      + P.number("emitterZPosition", \EmitterLayer.emitterZPosition) + P.size("emitterSize", \EmitterLayer.emitterSize)
      + P.number("emitterDepth", \EmitterLayer.emitterDepth)
    for depth in 1...3 {
      let prefix = Array(repeating: "emitterCells.*", count: depth).joined(separator: ".") + "."
      for (key, kp, isAngle) in EmitterCell.animatableNumbers {
        out.append(P.named(prefix + key, .number, isAngle: isAngle,
          get: { (l: EmitterLayer, names) in .number(EmitterCell.find(names, in: l.emitterCells)?[keyPath: kp] ?? 0) },
          set: { l, names, v in EmitterCell.modify(names, in: &l.emitterCells) { $0[keyPath: kp] = v.components[0] } }))
      }
      out.append(P.named(prefix + "color", .color,
        get: { (l: EmitterLayer, names) in .color(EmitterCell.find(names, in: l.emitterCells)?.color ?? .clear) },
        set: { l, names, v in if case .color(let c) = v { EmitterCell.modify(names, in: &l.emitterCells) { $0.color = c } } }))
      out.append(P.named(prefix + "contentsRect", .rect,
        get: { (l: EmitterLayer, names) in .rect(EmitterCell.find(names, in: l.emitterCells)?.contentsRect ?? .unit) },
        set: { l, names, v in if case .rect(let r) = v { EmitterCell.modify(names, in: &l.emitterCells) { $0.contentsRect = r } } }))
      out.append(P.named(prefix + "enabled", .bool,
        get: { (l: EmitterLayer, names) in .bool(EmitterCell.find(names, in: l.emitterCells)?.isEnabled ?? false) },
        set: { l, names, v in if case .bool(let b) = v { EmitterCell.modify(names, in: &l.emitterCells) { $0.isEnabled = b } } }))
    }
    return out
  }

  /// The emitter at one instant, as the compile step simulates it.
  public struct Snapshot: LayerKindSnapshot {
    /// The simulation's time: the layer's local time, 0 at its `beginTime`; nil when the
    /// layer is not active (nothing is drawn).
    public var time: Double?
    public var cells: [EmitterCell]
    /// When each top-level cell emits, in simulation time, the layer's `birthRate`
    /// included (one per cell, in order).
    public var schedules: [EmissionSchedule]
    /// The states the particles alive at `time` were born with; nil when nothing of the
    /// emitter is animated (they were all born with the state below).
    public var history: EmissionHistory?
    public var birthRate: Double, lifetime: Double, velocity: Double, scale: Double, spin: Double
    public var emitterPosition: Point, emitterZPosition: Double, emitterSize: Size, emitterDepth: Double
    public var emitterShape: EmitterShape, emitterMode: EmitterMode, renderMode: EmitterRenderMode
    public var preservesDepth: Bool
    public var seed: UInt32
    public var maximumLiveParticles: Int
  }

  public override func kindSnapshot() -> (any LayerKindSnapshot)? {
    let t = animationState.localTime
    let births = t.map { emission(until: $0) }
    return Snapshot(
      time: t, cells: emitterCells, schedules: births?.schedules ?? [], history: births?.history,
      birthRate: birthRate, lifetime: lifetime, velocity: velocity, scale: scale, spin: spin,
      emitterPosition: emitterPosition, emitterZPosition: emitterZPosition, emitterSize: emitterSize,
      emitterDepth: emitterDepth, emitterShape: emitterShape, emitterMode: emitterMode, renderMode: renderMode,
      preservesDepth: preservesDepth, seed: seed, maximumLiveParticles: maximumLiveParticles)
  }
}

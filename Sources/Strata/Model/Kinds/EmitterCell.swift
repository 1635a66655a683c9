/// One kind of particle an `EmitterLayer` emits (`CAEmitterCell`): how many per second,
/// how long they live, how they move, turn, grow and change colour, and the image they
/// show. Its own `emitterCells` make each of its particles an emitter in turn (sub-cells:
/// fireworks).
///
/// A value type, unlike Core Animation's class: a layer's cells are part of its state, so
/// presentation copies (animations of `emitterCells.<name>.birthRate`) never touch the
/// model's cells. Change a cell of a layer through the layer (`layer.emitterCells[0].birthRate = 5`).
///
/// Ranges are symmetric: a property with mean M and range R takes a value uniformly in
/// M − R … M + R for each particle (Apple's documentation of `lifetimeRange` and
/// `velocityRange`), except `emissionRange`, the whole angle of the cone (README,
/// "Rendering semantics").
public struct EmitterCell: Hashable, Sendable {
  /// Addresses the cell in key paths: `emitterCells.<name>.birthRate`.
  public var name: String? = nil
  /// A disabled cell emits nothing.
  public var isEnabled = true
  /// Particles per second (times the layer's `birthRate`); the first one is born after
  /// 1 / rate seconds, not at once.
  public var birthRate: Double = 0
  /// Seconds each particle lives (times the layer's `lifetime`).
  public var lifetime: Double = 0
  public var lifetimeRange: Double = 0
  /// The colatitude of the emission direction (radians from the z axis; 0: in the plane).
  public var emissionLatitude: Double = 0
  /// The emission direction in the plane: 0 is +x, π/2 is +y (down the screen).
  public var emissionLongitude: Double = 0
  /// The whole angle of the cone particles are emitted in, around the direction.
  public var emissionRange: Double = 0
  /// Points per second.
  public var velocity: Double = 0
  public var velocityRange: Double = 0
  /// Points per second²; a positive `yAcceleration` falls down the screen.
  public var xAcceleration: Double = 0
  public var yAcceleration: Double = 0
  public var zAcceleration: Double = 0
  /// The particle's size as a multiple of its image's (in points: pixels / `contentsScale`).
  public var scale: Double = 1
  public var scaleRange: Double = 0
  /// Change of scale per second.
  public var scaleSpeed: Double = 0
  /// Radians per second, clockwise on screen.
  public var spin: Double = 0
  public var spinRange: Double = 0
  /// Multiplies the image (straight colour).
  public var color: Color = .white
  public var redRange: Double = 0
  public var greenRange: Double = 0
  public var blueRange: Double = 0
  public var alphaRange: Double = 0
  /// Change of each component per second (clamped to 0…1).
  public var redSpeed: Double = 0
  public var greenSpeed: Double = 0
  public var blueSpeed: Double = 0
  public var alphaSpeed: Double = 0
  /// The particle's image; nil draws nothing (its sub-cells still emit).
  public var contents: Image? {
    get { image?.image }
    set { image = newValue.map(CellImage.init) }
  }
  /// The part of the image drawn, in unit coordinates of the image.
  public var contentsRect: Rect = .unit
  /// Image pixels per point.
  public var contentsScale: Double = 1
  public var minificationFilter: ContentsFilter = .linear
  public var magnificationFilter: ContentsFilter = .linear
  public var minificationFilterBias: Double = 0
  /// When the cell emits (`CAMediaTiming`): from `beginTime` for its active duration
  /// (forever for a duration of 0), in its emitter's time (the layer's, or for a sub-cell
  /// the age of its parent particle).
  public var timing = MediaTiming()
  /// The sub-cells each particle of this cell emits, from its own position, along its own
  /// direction.
  public var emitterCells: [EmitterCell] = []

  private var image: CellImage? = nil

  public init() {}

  public var beginTime: Double {
    get { timing.beginTime }
    set { timing.beginTime = newValue }
  }
  public var duration: Double {
    get { timing.duration }
    set { timing.duration = newValue }
  }
}

/// An image compared by identity, so that cells hash as images do elsewhere (`Image.id`).
private struct CellImage: Hashable, Sendable {
  let image: Image
  static func == (a: Self, b: Self) -> Bool { a.image.id == b.image.id }
  func hash(into h: inout Hasher) { h.combine(image.id) }
}

extension EmitterCell {
  /// The cell at `names` (a name per level: `["rocket", "burst"]`) in `cells`.
  static func find(_ names: some Collection<String>, in cells: [EmitterCell]) -> EmitterCell? {
    guard let first = names.first, let c = cells.first(where: { $0.name == first }) else { return nil }
    return names.count == 1 ? c : find(names.dropFirst(), in: c.emitterCells)
  }

  /// Changes the cell at `names` in `cells` with `body`; nothing when there is none.
  static func modify(_ names: some Collection<String>, in cells: inout [EmitterCell], _ body: (inout EmitterCell) -> Void) {
    guard let first = names.first, let i = cells.firstIndex(where: { $0.name == first }) else { return }
    if names.count == 1 { body(&cells[i]) } else { modify(names.dropFirst(), in: &cells[i].emitterCells, body) }
  }

  /// The cell's numbers, by key (scene files).
  public static var sceneNumbers: [(String, WritableKeyPath<EmitterCell, Double>, isAngle: Bool)] { animatableNumbers }

  /// The cell's animatable numbers, by key.
  static var animatableNumbers: [(String, WritableKeyPath<EmitterCell, Double>, isAngle: Bool)] {
    [
    ("birthRate", \.birthRate, false), ("lifetime", \.lifetime, false), ("lifetimeRange", \.lifetimeRange, false),
    ("emissionLatitude", \.emissionLatitude, true), ("emissionLongitude", \.emissionLongitude, true),
    ("emissionRange", \.emissionRange, true), ("velocity", \.velocity, false), ("velocityRange", \.velocityRange, false),
    ("xAcceleration", \.xAcceleration, false), ("yAcceleration", \.yAcceleration, false),
    ("zAcceleration", \.zAcceleration, false), ("scale", \.scale, false), ("scaleRange", \.scaleRange, false),
    ("scaleSpeed", \.scaleSpeed, false), ("spin", \.spin, true), ("spinRange", \.spinRange, true),
    ("redRange", \.redRange, false), ("greenRange", \.greenRange, false), ("blueRange", \.blueRange, false),
    ("alphaRange", \.alphaRange, false), ("redSpeed", \.redSpeed, false), ("greenSpeed", \.greenSpeed, false),
    ("blueSpeed", \.blueSpeed, false), ("alphaSpeed", \.alphaSpeed, false), ("contentsScale", \.contentsScale, false),
    ]
  }
}

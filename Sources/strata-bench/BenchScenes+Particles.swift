import Strata

/// S4 "particles" of `../shared/peers/SCENES.md` in its two Strata forms, and the 100,000
/// particle emitter line (P100K).
extension BenchScenes {
  /// Sprite T4, 32x32 premultiplied white: `a = clamp(1 - d, 0, 1)^2` with d the distance of
  /// the pixel centre from the centre over 16, stored as (A, A, A, A), A = round(255 a).
  static func s4Sprite() -> Image {
    var px: [SIMD4<UInt8>] = []
    px.reserveCapacity(32 * 32)
    for y in 0..<32 {
      for x in 0..<32 {
        let dx = Double(x) + 0.5 - 16, dy = Double(y) + 0.5 - 16
        let a = min(max(1 - (dx * dx + dy * dy).squareRoot() / 16, 0), 1)
        px.append(SIMD4(repeating: UInt8((255 * a * a).rounded())))
      }
    }
    return Image(width: 32, height: 32, rgbaPixels: px)
  }

  /// S4 as 20000 sprite layers, each 32x32 points at (cx, cy) with `compositingFilter` plusL
  /// (plus-lighter: the peers' saturating (ONE, ONE) add).
  ///
  /// Each layer is its tint seen through T4, as Core Animation tints one image: its
  /// `backgroundColor` is the tint (8-bit levels, as the peers quantise it) and its `mask` a
  /// layer whose contents are T4, one image shared by all 20000 masks. The compiler draws
  /// each as T4 tinted by the colour (`addTintedMask`), the peers' `T4 · tint`.
  static func s4() -> BenchScene {
    let sprite = s4Sprite()
    var rng = SplitMix64(seed: 0x5EED_0004)
    let root = canvasRoot()
    for _ in 0..<20000 {
      let cx = rng.uniform(0, 1920), cy = rng.uniform(0, 1080)
      let r = (rng.uniform(0.05, 0.35) * 255).rounded(), g = (rng.uniform(0.05, 0.35) * 255).rounded()
      let b = (rng.uniform(0.05, 0.35) * 255).rounded()
      let l = Layer()
      l.bounds = Rect(0, 0, 32, 32)
      l.position = Point(cx, cy)
      l.backgroundColor = Color(red: r / 255, green: g / 255, blue: b / 255)
      let shape = Layer()
      shape.frame = l.bounds
      shape.contents = sprite
      l.mask = shape
      l.compositingFilter = .plusL
      try! root.addSublayer(l)
    }
    return BenchScene(background: Color(r8: 0, g8: 0, b8: 0), root: root)
  }

  /// S4's sprite layers with every layer set again before each frame (its position, to
  /// the value it has): the frame of an app that moves all of them, whose snapshot cannot
  /// reuse the last one's (`LayerSnapshot+Reuse`). Timed only when named: `S4:edited`.
  static func s4Edited() -> BenchScene {
    var scene = s4()
    let sprites = scene.root.sublayers
    scene.beforeFrame = {
      for l in sprites { l.position = l.position }
    }
    return scene
  }

  /// S4 as one additive emitter: 20000 live, still particles of T4 at scale 1.
  ///
  /// The emitter cannot be handed positions, so this is the same scene in distribution,
  /// not particle for particle: births uniform over the 1920x1080 rectangle (`rectangle`,
  /// `surface`), colours uniform in 0.05...0.35 per channel (mean 0.2, range 0.15; not
  /// rounded to 8 bits), all from the emitter's own random streams instead of SplitMix64.
  /// One particle is born every 1/20000 s from 1/20000 s on and lives 10 s, so at t = 1 +
  /// half a birth interval exactly 20000 are alive.
  static func s4Emitter() -> BenchScene {
    let root = canvasRoot()
    try! root.addSublayer(emitter(sprite: s4Sprite(), rate: 20000, lifetime: 10, scale: 1, speed: 0))
    return BenchScene(background: Color(r8: 0, g8: 0, b8: 0), root: root, time: 1 + 0.5 / 20000, particles: 20000)
  }

  /// P100K: an additive emitter with 100,000 live, moving particles of T4 at scale 0.5
  /// (16x16: about the fill of S4, so the line shows the per-particle cost). 50,000 a
  /// second living 2 s, at t = 3 + half a birth interval: the steady state, 100,000 alive.
  static func p100k() -> BenchScene {
    let root = canvasRoot()
    try! root.addSublayer(emitter(sprite: s4Sprite(), rate: 50000, lifetime: 2, scale: 0.5, speed: 60))
    return BenchScene(background: Color(r8: 0, g8: 0, b8: 0), root: root, time: 3 + 0.5 / 50000, particles: 100_000)
  }

  private static func emitter(sprite: Image, rate: Double, lifetime: Double, scale: Double, speed: Double) -> EmitterLayer {
    let e = EmitterLayer()
    e.frame = Rect(0, 0, 1920, 1080)
    e.emitterPosition = Point(960, 540)
    e.emitterSize = Size(width: 1920, height: 1080)
    e.emitterShape = .rectangle
    e.emitterMode = .surface
    e.renderMode = .additive
    var cell = EmitterCell()
    cell.contents = sprite
    cell.birthRate = rate
    cell.lifetime = lifetime
    cell.scale = scale
    cell.velocity = speed
    cell.velocityRange = speed / 2
    cell.emissionRange = 2 * Double.pi
    cell.color = Color(0.2, 0.2, 0.2, 1)
    (cell.redRange, cell.greenRange, cell.blueRange) = (0.15, 0.15, 0.15)
    e.emitterCells = [cell]
    return e
  }
}

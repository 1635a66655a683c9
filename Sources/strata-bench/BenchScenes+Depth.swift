import Strata

/// The 3D-sorting scenes of issue 12 (not in `../shared/peers/SCENES.md`; no peer draws
/// them): the benchmark prints the time `DepthSort` takes per frame beside the frame time.
extension BenchScenes {
  /// CUBE: a cube of 6 opaque faces (400 points wide) in a transform layer, turned so that
  /// three faces show, under perspective.
  static func cube() -> BenchScene {
    let root = stage()
    let cube = TransformLayer()
    cube.bounds = Rect(0, 0, 400, 400)
    cube.position = Point(x: 960, y: 540)
    cube.transform = Transform3D.rotation(0.6, 0, 1, 0).concatenating(.rotation(-0.4, 1, 0, 0))
    let r = Transform3D.rotation
    let places: [Transform3D] = [
      .translation(0, 0, 200), r(.pi, 0, 1, 0).concatenating(.translation(0, 0, -200)),
      r(.pi / 2, 0, 1, 0).concatenating(.translation(200, 0, 0)), r(-.pi / 2, 0, 1, 0).concatenating(.translation(-200, 0, 0)),
      r(.pi / 2, 1, 0, 0).concatenating(.translation(0, -200, 0)), r(-.pi / 2, 1, 0, 0).concatenating(.translation(0, 200, 0)),
    ]
    for (i, t) in places.enumerated() {
      let f = Layer()
      f.bounds = Rect(0, 0, 400, 400)
      f.position = Point(x: 200, y: 200)
      f.transform = t
      f.backgroundColor = Color(Double(i % 3) / 2, Double((i + 1) % 3) / 2, Double((i + 2) % 3) / 2)
      f.borderWidth = 8
      f.borderColor = .white
      try! cube.addSublayer(f)
    }
    try! root.sublayers[0].addSublayer(cube)
    return BenchScene(background: Color(0.1, 0.1, 0.12), root: root)
  }

  /// PLANES200: 200 translucent planes (300 × 200 points) through one point, each turned
  /// about its own random axis: every two of them cross, so the BSP tree cuts them.
  static func planes200() -> BenchScene {
    var rng = SplitMix64(seed: 0x5EED_0200)
    let root = stage()
    let context = TransformLayer()
    context.bounds = Rect(0, 0, 300, 200)
    context.position = Point(x: 960, y: 540)
    for _ in 0..<200 {
      let p = Layer()
      p.bounds = Rect(0, 0, 300, 200)
      p.position = Point(x: 150, y: 100)
      let axis = (rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1))
      p.transform = .rotation(rng.uniform(0, .pi), axis.0, axis.1, axis.2 == 0 ? 1 : axis.2)
      p.backgroundColor = Color(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1), 0.3)
      try! context.addSublayer(p)
    }
    try! root.sublayers[0].addSublayer(context)
    return BenchScene(background: Color(0.1, 0.1, 0.12), root: root)
  }

  /// A 1920 × 1080 root holding a full-size layer with perspective (eye at 1200 points).
  private static func stage() -> Layer {
    let root = Layer()
    root.bounds = Rect(0, 0, 1920, 1080)
    root.anchorPoint = .zero
    let stage = Layer(frame: Rect(0, 0, 1920, 1080))
    stage.sublayerTransform = .perspective(1200)
    try! root.addSublayer(stage)
    return root
  }
}

import Strata
import StrataPath

/// Sebastiano Vigna's SplitMix64, as `../shared/peers/SCENES.md` defines it, so that the
/// scenes match the peers' exactly.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
    lo + (hi - lo) * (Double(next() >> 11) * 0x1p-53)
  }
}

/// A benchmark scene: a layer tree on a canvas.
struct BenchScene {
  let width = 1920, height = 1080
  let background: Color
  let root: Layer
  /// The time the frames show (`snapshot(at:)`); nil for the model (`snapshot()`). Emitters
  /// need one: their particles are those alive at the layer's local time.
  var time: Double? = nil
  /// The sprites a frame must draw, checked once before timing (emitter scenes).
  var particles: Int? = nil
  /// Edits the tree before each frame, outside the time (`S4:edited`).
  var beforeFrame: (() -> Void)? = nil
}

enum BenchScenes {
  /// S1 "quads": 1000 textured, rotated, scaled, translucent layers.
  static func s1() -> BenchScene {
    let texture = Image(width: 128, height: 128) { x, y in
      (UInt8(2 * x), UInt8(2 * y), UInt8(255 - (x + y)), ((x >> 4) ^ (y >> 4)) & 1 == 0 ? 255 : 128)
    }
    var rng = SplitMix64(seed: 0x5EED_0001)
    let root = canvasRoot()
    for _ in 0..<1000 {
      let cx = rng.uniform(0, 1920), cy = rng.uniform(0, 1080)
      let angle = rng.uniform(0, 2 * Double.pi), scale = rng.uniform(0.5, 1.5)
      let opacity = rng.uniform(0.5, 1.0)
      let l = Layer()
      l.bounds = Rect(0, 0, 128, 128)
      l.position = Point(cx, cy)
      l.transform = Transform3D.scale(scale, scale).concatenating(.rotation(angle, 0, 0, 1))
      l.opacity = opacity
      l.contents = texture
      try! root.addSublayer(l)
    }
    return BenchScene(background: Color(r8: 40, g8: 40, b8: 48), root: root)
  }

  /// S2 "paths": 300 shape layers, each a closed uniform Catmull-Rom spline through six
  /// random points (six cubics), filled nonzero at alpha 0.5, then stroked 4 wide with
  /// round joins.
  static func s2() -> BenchScene {
    var rng = SplitMix64(seed: 0x5EED_0002)
    let root = canvasRoot()
    for _ in 0..<300 {
      let bx = rng.uniform(0, 1720), by = rng.uniform(0, 880)
      var p: [PathPoint] = []
      for _ in 0..<6 {
        let x = rng.uniform(0, 200)
        p.append(PathPoint(x, rng.uniform(0, 200)))
      }
      let fill = Color(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1), 0.5)
      let stroke = Color(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1), 1)
      var path = StrataPath.Path()
      path.move(to: p[0])
      for k in 0..<6 {
        let pm = p[(k + 5) % 6], p0 = p[k], p1 = p[(k + 1) % 6], p2 = p[(k + 2) % 6]
        path.addCurve(to: p1, control1: p0 + (p1 - pm) * (1.0 / 6), control2: p1 - (p2 - p0) * (1.0 / 6))
      }
      path.closeSubpath()
      // The layer's origin is the box's: the points are relative to it.
      let l = ShapeLayer(frame: Rect(bx, by, 200, 200))
      l.path = path
      l.fillColor = fill
      l.strokeColor = stroke
      l.lineWidth = 4
      l.lineJoin = .round
      try! root.addSublayer(l)
    }
    return BenchScene(background: Color(1, 1, 1), root: root)
  }

  /// S5 "perspective": 50 layers rotated about y with m34 = -1/500.
  static func s5() -> BenchScene {
    let texture = Image(width: 400, height: 300) { x, y in
      if x < 4 || x >= 396 || y < 4 || y >= 296 { return (255, 255, 255, 255) }
      return (UInt8(x * 255 / 399), UInt8(y * 255 / 299), (x / 25 + y / 25) % 2 == 0 ? 255 : 64, 255)
    }
    var rng = SplitMix64(seed: 0x5EED_0005)
    let root = canvasRoot()
    for _ in 0..<50 {
      let cx = rng.uniform(200, 1720), cy = rng.uniform(150, 930)
      let theta = rng.uniform(-7 * Double.pi / 18, 7 * Double.pi / 18)
      let l = Layer()
      l.bounds = Rect(0, 0, 400, 300)
      l.position = Point(cx, cy)
      l.transform = Transform3D.rotation(theta, 0, 1, 0).concatenating(.perspective(500))
      l.contents = texture
      try! root.addSublayer(l)
    }
    return BenchScene(background: Color(r8: 16, g8: 16, b8: 16), root: root)
  }

  /// S3 "shadows": 100 rounded rectangles with Gaussian drop shadows (shadowRadius 10 is
  /// sigma 5; offset (0, 5) is downward on screen).
  static func s3() -> BenchScene {
    var rng = SplitMix64(seed: 0x5EED_0003)
    let root = canvasRoot()
    for _ in 0..<100 {
      let x = rng.uniform(0, 1720), y = rng.uniform(0, 960)
      let r = rng.uniform(0.2, 1.0), g = rng.uniform(0.2, 1.0), b = rng.uniform(0.2, 1.0)
      let l = Layer(frame: Rect(x, y, 200, 120))
      l.backgroundColor = Color(r, g, b)
      l.cornerRadius = 16
      l.shadowOpacity = 0.5
      l.shadowRadius = 10
      l.shadowOffset = Size(0, 5)
      try! root.addSublayer(l)
    }
    return BenchScene(background: Color(r8: 240, g8: 240, b8: 240), root: root)
  }

  static func canvasRoot() -> Layer {
    let root = Layer()
    root.bounds = Rect(0, 0, 1920, 1080)
    root.anchorPoint = .zero
    return root
  }
}

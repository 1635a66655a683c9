import Foundation
import Strata

/// Golden scenes of `EmitterLayer`.
extension GoldenScenes {
  /// A soft white dot (alpha falling off from the centre), the particles' image.
  static let softDot = Image(width: 16, height: 16) { x, y in
    let dx = (Double(x) + 0.5 - 8) / 8, dy = (Double(y) + 0.5 - 8) / 8
    let a = max(0, 1 - (dx * dx + dy * dy).squareRoot())
    let v = UInt8((255 * a * a).rounded())
    return (v, v, v, v)  // premultiplied white
  }

  /// At 1.5 s. Left: an additive fountain from a point (emission cone up, gravity pulling
  /// down, alpha fading), where overlapping particles brighten. Middle: still particles of
  /// an emitter moved from x = 60 to 100 over the 1.5 s, their colour animated from orange
  /// to blue: each keeps the place and colour of its birth, a trail from orange to blue,
  /// drawn oldest first, so the newest are on top. Right: spinning squares falling
  /// from a line emitter, each emitting a small sub-particle trail (sub-cells).
  public static func emitterKind() -> GoldenScene {
    var spray = EmitterCell()
    spray.contents = softDot
    spray.birthRate = 80
    spray.lifetime = 1.4
    spray.velocity = 75
    spray.velocityRange = 10
    spray.emissionLongitude = -.pi / 2
    spray.emissionRange = .pi / 4
    spray.yAcceleration = 60
    spray.scale = 0.7
    spray.color = Color(1, 0.55, 0.2, 0.45)
    spray.alphaSpeed = -0.25
    let fountain = EmitterLayer(frame: Rect(0, 0, 50, 100))
    fountain.emitterPosition = Point(25, 90)
    fountain.renderMode = .additive
    fountain.emitterCells = [spray]
    fountain.seed = 7

    var trail = EmitterCell()
    trail.name = "dot"
    trail.contents = softDot
    trail.birthRate = 12
    trail.lifetime = 10
    trail.color = GoldenScenes.orange
    let mover = EmitterLayer(frame: Rect(0, 0, 160, 100))
    mover.emitterPosition = Point(100, 50)
    mover.renderMode = .oldestFirst
    mover.emitterCells = [trail]
    let move = BasicAnimation(keyPath: AnimatableKeyPath(String("emitterPosition"))!)
    move.fromValue = Point(60, 50); move.toValue = Point(100, 50); move.duration = 1.5
    mover.add(move, forKey: "move")
    let tint = BasicAnimation(keyPath: AnimatableKeyPath(String("emitterCells.dot.color"))!)
    tint.fromValue = GoldenScenes.orange; tint.toValue = GoldenScenes.blue; tint.duration = 1.5
    mover.add(tint, forKey: "tint")

    var spark = EmitterCell()
    spark.contents = softDot
    spark.birthRate = 10
    spark.lifetime = 0.4
    spark.scale = 0.4
    spark.color = Color(1, 1, 0.6, 0.8)
    var square = EmitterCell()
    square.contents = Image(width: 4, height: 4) { _, _ in (255, 255, 255, 255) }
    square.birthRate = 4
    square.lifetime = 2
    square.velocity = 10
    square.emissionLongitude = .pi / 2
    square.yAcceleration = 20
    square.spin = 2
    square.spinRange = 2
    square.scale = 1.5
    square.color = GoldenScenes.green
    square.emitterCells = [spark]
    let rain = EmitterLayer(frame: Rect(115, 0, 45, 100))
    rain.emitterPosition = Point(22, 10)
    rain.emitterShape = .line
    rain.emitterSize = Size(width: 36, height: 0)
    rain.emitterCells = [square]
    rain.seed = 3

    var scene = GoldenScene(name: "kind-emitter", width: 160, height: 100, scale: 1, root: root(160, 100, [fountain, mover, rain]))
    scene.time = 1.5
    return scene
  }
}

/// A crowd of still, additive particles for the probes: `count` particles of `image`, born
/// over the first second anywhere in a `side` x `side` square at the middle of a 64 x 64
/// emitter, living 10 s, each tinted `color`; at t = 1 they are all there.
public func stillAdditiveParticles(_ image: Image, count: Double, side: Double, color: Color = Color(1, 1, 1)) -> EmitterLayer {
  let e = EmitterLayer()
  e.frame = Rect(0, 0, 64, 64)
  e.emitterPosition = Point(x: 32, y: 32)
  e.emitterSize = Size(width: side, height: side)
  e.emitterShape = .rectangle
  e.emitterMode = .surface
  e.renderMode = .additive
  var c = EmitterCell()
  c.contents = image
  c.birthRate = count
  c.lifetime = 10
  c.color = color
  e.emitterCells = [c]
  return e
}

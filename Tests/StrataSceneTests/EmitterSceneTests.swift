import Strata
import Testing

@testable import StrataScene

/// `"type": "emitter"`: CAEmitterLayer's and CAEmitterCell's properties with their own
/// names, nested cells, errors with JSON paths, and animations addressing cells by name.
@Suite struct EmitterSceneTests {
  static func scene(_ layer: String) -> String { #"{"width": 100, "height": 80, "layers": [{\#(layer)}]}"# }

  @Test func everyPropertyIsRead() throws {
    let s = try loadScene(Self.scene(##"""
      "type": "emitter", "birthRate": 2, "lifetime": 3, "velocity": 4, "scale": 5, "spin": 6,
      "emitterPosition": [10, 20], "emitterZPosition": 7, "emitterSize": [30, 40], "emitterDepth": 8,
      "emitterShape": "cuboid", "emitterMode": "outline", "renderMode": "additive", "preservesDepth": true,
      "seed": 42, "maximumLiveParticles": 1000,
      "emitterCells": [{"name": "rocket", "enabled": false, "birthRate": 1.5, "lifetime": 2, "lifetimeRange": 0.5,
        "emissionLatitude": 0.1, "emissionLongitude": "-90deg", "emissionRange": "45deg", "velocity": 100,
        "velocityRange": 10, "xAcceleration": 1, "yAcceleration": 98, "zAcceleration": 2, "scale": 0.5,
        "scaleRange": 0.1, "scaleSpeed": -0.2, "spin": 3, "spinRange": 1, "color": "#FF800080",
        "redRange": 0.1, "greenRange": 0.2, "blueRange": 0.3, "alphaRange": 0.4, "redSpeed": -0.1,
        "greenSpeed": -0.2, "blueSpeed": -0.3, "alphaSpeed": -0.4, "contentsRect": [0, 0, 0.5, 1],
        "contentsScale": 2, "minificationFilter": "nearest", "magnificationFilter": "nearest",
        "minificationFilterBias": 1, "beginTime": 0.5, "duration": 3,
        "emitterCells": [{"name": "burst", "birthRate": 10}]}]
      """##))
    let e = try #require(s.root.sublayers.first as? EmitterLayer)
    #expect((e.birthRate, e.lifetime, e.velocity, e.scale, e.spin) == (2, 3, 4, 5, 6))
    #expect(e.emitterPosition == Point(10, 20) && e.emitterZPosition == 7 && e.emitterSize == Size(width: 30, height: 40) && e.emitterDepth == 8)
    #expect(e.emitterShape == .cuboid && e.emitterMode == .outline && e.renderMode == .additive && e.preservesDepth)
    #expect(e.seed == 42 && e.maximumLiveParticles == 1000)
    let c = try #require(e.emitterCells.first)
    #expect(c.name == "rocket" && !c.isEnabled && c.birthRate == 1.5 && c.lifetime == 2 && c.lifetimeRange == 0.5)
    #expect(c.emissionLatitude == 0.1 && abs(c.emissionLongitude + .pi / 2) < 1e-12 && abs(c.emissionRange - .pi / 4) < 1e-12)
    #expect(c.velocity == 100 && c.velocityRange == 10 && c.xAcceleration == 1 && c.yAcceleration == 98 && c.zAcceleration == 2)
    #expect(c.scale == 0.5 && c.scaleRange == 0.1 && c.scaleSpeed == -0.2 && c.spin == 3 && c.spinRange == 1)
    #expect(c.redRange == 0.1 && c.greenRange == 0.2 && c.blueRange == 0.3 && c.alphaRange == 0.4)
    #expect(c.redSpeed == -0.1 && c.greenSpeed == -0.2 && c.blueSpeed == -0.3 && c.alphaSpeed == -0.4)
    #expect(abs(c.color.green - 128.0 / 255) < 1e-9 && c.contentsRect == Rect(0, 0, 0.5, 1) && c.contentsScale == 2)
    #expect(c.minificationFilter == .nearest && c.magnificationFilter == .nearest && c.minificationFilterBias == 1)
    #expect(c.beginTime == 0.5 && c.duration == 3 && c.emitterCells.first?.name == "burst" && c.emitterCells.first?.birthRate == 10)
    // CA's defaults.
    let plain = try #require(try loadScene(Self.scene(#""type": "emitter", "emitterCells": [{}]"#)).root.sublayers.first as? EmitterLayer)
    #expect(plain.emitterShape == .point && plain.emitterMode == .volume && plain.renderMode == .unordered && plain.birthRate == 1)
    #expect(plain.emitterCells[0].birthRate == 0 && plain.emitterCells[0].scale == 1 && plain.emitterCells[0].color == .white)
  }

  @Test func errorsNameTheJSONPath() {
    #expect(sceneError(Self.scene(#""type": "emitter", "emitterShape": "circel""#))?
      .hasPrefix(#"scene.json: layers[0].emitterShape: unknown value "circel"; did you mean "circle"?"#) == true)
    #expect(sceneError(Self.scene(#""type": "emitter", "emitterCells": [{"birthRat": 1}]"#))?
      .hasPrefix(#"scene.json: layers[0].emitterCells[0].birthRat: unknown emitter cell property; did you mean "birthRate"?"#) == true)
    #expect(sceneError(Self.scene(#""type": "emitter", "emitterCells": [{"emitterCells": [{"lifetime": -1}]}]"#))?
      .hasPrefix("scene.json: layers[0].emitterCells[0].emitterCells[0].lifetime: ") == true)
  }

  @Test func animationsAddressCellsByName() throws {
    let s = try loadScene(Self.scene(##"""
      "type": "emitter", "emitterCells": [{"name": "fire", "birthRate": 0}],
      "animations": {"r": {"type": "basic", "keyPath": "emitterCells.fire.birthRate", "fromValue": 0, "toValue": 20, "duration": 2}}
      """##))
    let k = try #require(s.root.snapshot(at: 1).sublayers.first?.kindSnapshot(as: EmitterLayer.Snapshot.self))
    #expect(k.cells[0].birthRate == 10)
    // Five born by t = 1 (the integral of 10·τ).
    #expect(abs(k.schedules[0].count(at: 1) - 5) < 1e-9)
  }
}

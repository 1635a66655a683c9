import Foundation
import Strata
import StrataScene
import Testing

/// docs/SceneFormat.md's "Limits" table says what `Limits` holds, and the loader's limits
/// are refused where the table says.
struct LimitsDocumentationTests {
  static let doc: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return (try? String(contentsOf: root.appendingPathComponent("docs/SceneFormat.md"), encoding: .utf8)) ?? ""
  }()

  /// The table row naming `name`.
  func row(_ name: String) -> String? {
    Self.doc.split(separator: "\n").first { $0.hasPrefix("|") && $0.contains("`\(name)`") }.map(String.init)
  }

  @Test func tableGivesEveryFigure() {
    let figures: [(String, String)] = [
      ("Limits.sceneFileBytes", "\(Limits.sceneFileBytes >> 20) MiB"),
      ("Limits.jsonNesting", "\(Limits.jsonNesting) levels"),
      ("Limits.animationNesting", "\(Limits.animationNesting) levels"),
      ("Limits.imagePixels", "\(Limits.imagePixels >> 20) Mi"),
      ("Limits.tileMemoryBytes", "\(Limits.tileMemoryBytes >> 20) MiB"),
      ("Limits.blurSigma", "2^\(Int(log2(Limits.blurSigma)))"),
      ("Limits.coordinate", "2^\(Int(log2(Double(Limits.coordinate))))"),
    ]
    for (name, figure) in figures {
      let r = row(name)
      #expect(r?.contains(figure) == true, "\(name): the table should say \(figure): \(r ?? "no row")")
    }
    for (name, value) in [
      ("Limits.replicatorInstances", Limits.replicatorInstances), ("Limits.maxLayersDrawn", Limits.maxLayersDrawn),
      ("Limits.liveParticles", Limits.liveParticles), ("Limits.frames", Limits.frames),
      ("Limits.maxPixelsPerSide", Limits.maxPixelsPerSide), ("Limits.layers", Limits.layers),
      ("Limits.tilesPerFrame", Limits.tilesPerFrame),
    ] {
      let digits = String(value).reversed().enumerated().map { $0.offset > 0 && $0.offset % 3 == 0 ? ",\($0.element)" : "\($0.element)" }
      let written = String(digits.joined().reversed())
      #expect(row(name)?.contains(written) == true, "\(name): the table should say \(written)")
    }
  }

  /// The figures the loader, the parser and the kinds use are `Limits`'s.
  @Test func modulesUseTheLimits() {
    #expect(SceneLimits.defaultMaxLayers == Limits.layers)
    #expect(SceneLimits.defaultMaxFileBytes == Limits.sceneFileBytes)
    #expect(SceneLimits.defaultMaxAnimationNesting == Limits.animationNesting)
    #expect(JSONParser.maxDepth == Limits.jsonNesting)
    #expect(Scene.maxPixelsPerSide == Limits.maxPixelsPerSide && Scene.maxPixels == Limits.maxPixels)
    #expect(ReplicatorLayer.maxInstanceCount == Limits.replicatorInstances)
    #expect(EmitterLayer.defaultMaximumLiveParticles == Limits.liveParticles)
  }

  /// Animations nested past `maxAnimationNesting` are refused at the path where the limit
  /// is passed; a raised limit lets them load.
  @Test func animationNestingLimit() throws {
    func group(_ d: Int) -> String {
      d == 0 ? #"{"type": "basic", "keyPath": "opacity", "toValue": 0}"# : #"{"type": "group", "animations": {"g": "# + group(d - 1) + "}}"
    }
    let json = #"{"width": 8, "height": 8, "layers": [{"animations": {"g": "# + group(3) + "}}]}"
    let load = { (n: Int) throws(SceneError) -> Scene in
      try SceneLoader.load(data: Array(json.utf8), fileName: "s.json", baseDirectory: "", limits: SceneLimits(maxAnimationNesting: n))
    }
    #expect(throws: SceneError.self) { try load(3) }
    do {
      _ = try load(3)
    } catch {
      #expect("\(error)".hasPrefix("s.json: layers[0].animations.g.animations.g.animations.g.animations.g: animations nested more than 3 deep"), "\(error)")
    }
    #expect(throws: Never.self) { try load(4) }
  }

  /// Parsing stops at the first unknown top-level key, or a key no layer kind has in a
  /// layer object, so nothing after it is read (here, what follows is not even JSON).
  @Test(arguments: [
    (#"{"width": 8, "bogus": [1, 2, {"x": "#, "s.json: bogus: unknown property"),
    (#"{"width": 8, "height": 8, "layers": [{}, {"sublayers": [{"bogus": [1, {"#, "s.json: layers[1].sublayers[0].bogus: unknown property"),
    (#"{"width": 8, "height": 8, "layers": [{"mask": {"opacity": 1, "bogus": [1, {"#, "s.json: layers[0].mask.bogus: unknown property"),
  ])
  func parsingStopsAtAnUnknownKey(json: String, expected: String) {
    #expect(throws: SceneError.self) { try SceneLoader.load(data: Array(json.utf8), fileName: "s.json", baseDirectory: "") }
    do {
      _ = try SceneLoader.load(data: Array(json.utf8), fileName: "s.json", baseDirectory: "")
    } catch {
      #expect("\(error)".hasPrefix(expected), "\(error)")
    }
  }

  /// A key that one kind has (a gradient's `colors`) does not stop parsing: it is checked
  /// against the layer's own kind afterwards, as before.
  @Test func aKeyOfAnotherKindIsReportedAsBefore() {
    let json = ##"{"width": 8, "height": 8, "layers": [{"colors": ["#F00"], "opacity": 2}]}"##
    do {
      _ = try SceneLoader.load(data: Array(json.utf8), fileName: "s.json", baseDirectory: "")
      Issue.record("loaded")
    } catch {
      #expect("\(error)".hasPrefix("s.json: layers[0].colors: unknown property"), "\(error)")
    }
  }
}

import Strata
import StrataScene
import Testing

/// Each kind of mistake in a scene file gives one exact message naming the file and path.
struct SceneErrorTests {
  /// A scene whose first layer has the given members.
  static func layer(_ members: String) -> String {
    #"{"width": 100, "height": 100, "layers": [{\#(members)}]}"#
  }

  @Test func malformedJSON() {
    #expect(sceneError("{\n  \"width\": 100,\n  \"height\": 100\n  \"layers\": []\n}")
      == "scene.json:4:3: malformed JSON: expected ',' or '}' after an object member, found '\"'")
  }

  @Test func duplicateKey() {
    #expect(sceneError(Self.layer(#""opacity": 1, "opacity": 0.5"#))
      == "scene.json:1:57: layers[0].opacity: duplicate key \"opacity\" (first given on line 1)")
  }

  @Test func unknownPropertyWithSuggestion() {
    let json = #"""
      {"width": 100, "height": 100, "layers": [{"sublayers": [{}, {}, {}, {"cornerRadus": 4}]}]}
      """#
    #expect(sceneError(json) == #"scene.json: layers[0].sublayers[3].cornerRadus: unknown property; did you mean "cornerRadius"?"#)
  }

  @Test func unknownPropertyWithoutSuggestion() {
    #expect(sceneError(Self.layer(#""wobble": 1"#)) == "scene.json: layers[0].wobble: unknown property")
    #expect(sceneError(#"{"width": 1, "height": 1, "layer": []}"#)
      == #"scene.json: layer: unknown property; did you mean "layers"?"#)
  }

  @Test(arguments: [
    (#""opacity": "0.5""#, "layers[0].opacity: expected a number, got a string"),
    (#""hidden": 1"#, "layers[0].hidden: expected true or false, got a number"),
    (#""name": 7"#, "layers[0].name: expected a string, got a number"),
    (#""sublayers": {}"#, "layers[0].sublayers: expected an array, got an object"),
    (#""position": [1, "2"]"#, "layers[0].position[1]: expected a number, got a string"),
    (#""position": [1, 2, 3]"#, "layers[0].position: expected [x, y]: an array of 2 numbers, got 3"),
    (#""mask": true"#, "layers[0].mask: expected an object, got a boolean"),
    (#""transform": 45"#, #"layers[0].transform: expected 16 numbers or a list of steps such as [{"rotate": "45deg"}], got a number"#),
  ])
  func wrongValueType(members: String, expected: String) {
    #expect(sceneError(Self.layer(members)) == "scene.json: " + expected)
  }

  @Test(arguments: [
    (#""bounds": [0, 0, -5, 10]"#, "layers[0].bounds[2]: must not be negative, got -5"),
    (#""frame": [0, 0, 10, -0.5]"#, "layers[0].frame[3]: must not be negative, got -0.5"),
    (#""cornerRadius": -1"#, "layers[0].cornerRadius: must not be negative, got -1"),
    (#""opacity": 1.5"#, "layers[0].opacity: must be between 0 and 1, got 1.5"),
    (#""shadowOpacity": -0.1"#, "layers[0].shadowOpacity: must be between 0 and 1, got -0.1"),
    (#""contentsScale": 0"#, "layers[0].contentsScale: must be greater than 0, got 0"),
    (#""frame": [0, 0, 1, 1], "position": [0, 0]"#, #"layers[0].position: give either "frame" or "position", not both"#),
    (#""hidden": true, "isHidden": false"#, #"layers[0].isHidden: "hidden" and "isHidden" are the same property; give one"#),
  ])
  func valueOutOfRange(members: String, expected: String) {
    #expect(sceneError(Self.layer(members)) == "scene.json: " + expected)
  }

  @Test(arguments: [
    (##""backgroundColor": "#12345""##, ##"layers[0].backgroundColor: invalid colour "#12345"; use "#RGB", "#RGBA", "#RRGGBB", "#RRGGBBAA" or [r, g, b] / [r, g, b, a] in 0…1"##),
    (##""borderColor": "red""##, ##"layers[0].borderColor: invalid colour "red"; use "#RGB", "#RGBA", "#RRGGBB", "#RRGGBBAA" or [r, g, b] / [r, g, b, a] in 0…1"##),
    (#""shadowColor": [1, 0, 2]"#, "layers[0].shadowColor[2]: must be between 0 and 1, got 2"),
    (#""shadowColor": [1, 0]"#, "layers[0].shadowColor: expected [r, g, b] or [r, g, b, a]: an array of 3 or 4 numbers, got 2"),
  ])
  func badColour(members: String, expected: String) {
    #expect(sceneError(Self.layer(members)) == "scene.json: " + expected)
  }

  @Test(arguments: [
    (#"[{"skew": 3}]"#, #"layers[0].transform[0].skew: unknown transform step"#),
    (#"[{"rotat": 3}]"#, #"layers[0].transform[0].rotat: unknown transform step; did you mean "rotate"?"#),
    (#"[{"rotate": 3, "scale": 2}]"#, "layers[0].transform[0]: a transform step is an object with exactly one key (translate, scale, rotate or perspective), got 2"),
    (#"[{"translate": [1]}]"#, "layers[0].transform[0].translate: expected [x, y] or [x, y, z]: an array of 2 or 3 numbers, got 1"),
    (#"[{"perspective": 0}]"#, "layers[0].transform[0].perspective: must be greater than 0, got 0"),
    (#"[{"rotate": [90, 0, 0, 0]}]"#, "layers[0].transform[0].rotate: the rotation axis [x, y, z] must not be zero"),
    (#"[1, 2, 3]"#, "layers[0].transform: a matrix needs 16 numbers (m11 … m44), got 3"),
    (#"[{"scale": 1e300}, {"scale": 1e300}]"#, "layers[0].transform: the transform overflows: its numbers are too large"),
    (#"[{"perspective": 5e-324}]"#, "layers[0].transform: the transform overflows: its numbers are too large"),
  ])
  func badTransformStep(steps: String, expected: String) {
    #expect(sceneError(Self.layer(#""transform": \#(steps)"#)) == "scene.json: " + expected)
  }

  @Test func badNames() {
    // The known types are the registered kinds (tests register kinds of their own).
    let type = sceneError(Self.layer(#""type": "sparkle""#)) ?? ""
    #expect(type.hasPrefix(#"scene.json: layers[0].type: unknown layer type "sparkle" (known types: "#) && type.contains(#""layer""#))
    #expect(sceneError(Self.layer(#""contentsGravity": "centre""#))
      == #"scene.json: layers[0].contentsGravity: unknown value "centre"; did you mean "center"? (known: "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", "resize", "resizeAspect", "resizeAspectFill")"#)
    #expect(sceneError(Self.layer(#""maskedCorners": ["minXMinY", "topLeft"]"#))
      == #"scene.json: layers[0].maskedCorners[1]: unknown name "topLeft" (known: "minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY")"#)
  }

  @Test(arguments: [
    (#"{"width": 20000, "height": 10}"#, "scene.json: width: the canvas would be 20000 pixels wide (width x scale); the limit is 16384"),
    (#"{"width": 10000, "height": 10000, "scale": 2}"#, "scene.json: width: the canvas would be 20000 pixels wide (width x scale); the limit is 16384"),
    (#"{"width": 16000, "height": 16000}"#, "scene.json: the canvas would be 16000 x 16000 = 256000000 pixels; the limit is 100000000"),
    (#"{"width": 0, "height": 10}"#, "scene.json: width: expected a positive whole number, got 0"),
    (#"{"width": 10.5, "height": 10}"#, "scene.json: width: expected a positive whole number, got 10.5"),
    (#"{"width": 10, "height": 1e300}"#, "scene.json: height: expected a positive whole number, got 1e+300"),
    (#"{"width": 10}"#, #"scene.json: missing required property "height" (the canvas height in points)"#),
    (#"{"width": 10, "height": 10, "scale": 0}"#, "scene.json: scale: must be greater than 0, got 0"),
    (#"[1, 2]"#, "scene.json: expected an object, got an array"),
  ])
  func absurdCanvas(json: String, expected: String) {
    #expect(sceneError(json) == expected)
  }
}

@Suite struct SceneEffectKeysTests {
  func load(_ layer: String) throws(SceneError) -> Scene {
    try SceneLoader.load(data: Array(#"{"width": 10, "height": 10, "layers": [\#(layer)]}"#.utf8), fileName: "scene.json", baseDirectory: "")
  }

  @Test func filtersAndBlendModesLoad() throws {
    let s = try load(#"{"filters": [{"gaussianBlur": 3}], "backgroundFilters": [{"colorMatrix": [1,0,0,0,0, 0,1,0,0,0, 0,0,1,0,0, 0,0,0,1,0]}], "compositingFilter": "screenBlendMode"}"#)
    let l = s.root.sublayers[0]
    #expect(l.filters == [.gaussianBlur(radius: 3)])
    #expect(l.backgroundFilters.count == 1)
    #expect(l.compositingFilter == .screenBlendMode)
    let ci = try load(#"{"filters": [{"CIGaussianBlur": 2}]}"#)
    #expect(ci.root.sublayers[0].filters == [.gaussianBlur(radius: 2)])
  }

  /// Scene files keep every spelling they accepted when the model's filter was a string.
  @Test(arguments: [
    ("multiplyBlendMode", CompositingFilter.multiplyBlendMode), ("multiply", .multiplyBlendMode),
    ("exclusionBlendMode", .exclusionBlendMode), ("exclusion", .exclusionBlendMode),
    ("softLight", .softLightBlendMode), ("colorDodge", .colorDodgeBlendMode),
    ("normalBlendMode", .normalBlendMode), ("sourceOver", .normalBlendMode), ("sourceOverBlendMode", .normalBlendMode),
    ("plusL", .plusL), ("plusLighter", .plusL), ("plusLighterBlendMode", .plusL),
  ])
  func compositingFilterNamesLoad(_ name: String, _ filter: CompositingFilter) throws {
    #expect(try load(#"{"compositingFilter": "\#(name)"}"#).root.sublayers[0].compositingFilter == filter)
  }

  /// The error a layer object gives, or a recorded issue when it loads.
  func message(_ layer: String) -> String {
    do {
      _ = try load(layer)
      Issue.record("\(layer) loaded without an error")
      return ""
    } catch {
      return error.description
    }
  }

  @Test func badEffectValuesNameThePath() {
    let blend = message(#"{"compositingFilter": "multiplyBlendMod"}"#)
    #expect(blend.contains("layers[0].compositingFilter") && blend.contains("did you mean \"multiplyBlendMode\""), "\(blend)")
    #expect(message(#"{"filters": [{"gaussianBlur": -1}]}"#).contains("layers[0].filters[0].gaussianBlur"))
    #expect(message(#"{"filters": [{"colorMatrix": [1, 2]}]}"#).contains("layers[0].filters[0].colorMatrix"))
    #expect(message(#"{"filters": [{"sepia": 1}]}"#).contains("unknown filter"))
    #expect(message(#"{"filters": [{"gaussianBlur": 1, "colorMatrix": []}]}"#).contains("one key"))
  }
}

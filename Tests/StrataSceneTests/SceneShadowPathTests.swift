import Strata
import StrataPath
import StrataScene
import Testing

/// `shadowPath` in scene files: the path forms of `path`, null for none, errors that name
/// the JSON path (and, for path data, the character offset).
@Suite struct SceneShadowPathTests {
  func load(_ members: String) throws(SceneError) -> Layer {
    try SceneLoader.load(
      data: Array(#"{"width": 100, "height": 100, "layers": [{\#(members)}]}"#.utf8), fileName: "scene.json", baseDirectory: ""
    ).root.sublayers[0]
  }

  @Test func everyPathFormLoads() throws {
    #expect(try load(#""shadowPath": "M 0 0 H 10 V 5 Z""#).shadowPath == StrataPath.Path(svgPathData: "M 0 0 H 10 V 5 Z"))
    #expect(try load(#""shadowPath": {"rect": [1, 2, 30, 40]}"#).shadowPath == StrataPath.Path(rect: PathRect(x: 1, y: 2, width: 30, height: 40)))
    #expect(try load(#""shadowPath": {"ellipse": [0, 0, 20, 10]}"#).shadowPath == StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 20, height: 10)))
    #expect(
      try load(#""shadowPath": {"roundedRect": [0, 0, 20, 10], "cornerRadius": 3}"#).shadowPath
        == StrataPath.Path(roundedRect: PathRect(x: 0, y: 0, width: 20, height: 10), cornerWidth: 3, cornerHeight: 3))
    #expect(try load(#""shadowPath": null"#).shadowPath == nil)
    #expect(try load(#""opacity": 1"#).shadowPath == nil)
  }

  @Test func malformedPathDataNamesTheFieldAndTheOffset() {
    let message = sceneError(#"{"width": 100, "height": 100, "layers": [{"sublayers": [{"shadowPath": "M 0 0 L 10 x"}]}]}"#)
    #expect(message?.hasPrefix("scene.json: layers[0].sublayers[0].shadowPath: malformed path data at character 11") == true, "\(message ?? "no error")")
  }

  @Test func wrongShapesAreErrors() {
    #expect(sceneError(#"{"width": 100, "height": 100, "layers": [{"shadowPath": 3}]}"#)?.hasPrefix("scene.json: layers[0].shadowPath: expected a path") == true)
    #expect(
      sceneError(#"{"width": 100, "height": 100, "layers": [{"shadowPath": {"rect": [0, 0, 1]}}]}"#)?
        .hasPrefix("scene.json: layers[0].shadowPath.rect:") == true)
  }

  /// An animation of `shadowPath` takes path values.
  @Test func shadowPathAnimationsLoad() throws {
    let l = try load(#""shadowPath": {"rect": [0, 0, 10, 10]}, "animations": {"s": {"type": "basic", "keyPath": "shadowPath", "fromValue": {"rect": [0, 0, 10, 10]}, "toValue": {"rect": [10, 10, 30, 30]}, "duration": 2}}"#)
    #expect(l.presentation(at: 1).shadowPath == StrataPath.Path(rect: PathRect(x: 5, y: 5, width: 20, height: 20)))
  }
}

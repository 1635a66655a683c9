import Strata
import StrataPath
import Testing

@testable import StrataScene

/// Paths in scene files: SVG path data and the shape objects, with errors that name the
/// JSON path and, for path data, the character offset.
@Suite struct ScenePathTests {
  static func shape(_ path: String) -> String { #"{"width": 100, "height": 80, "layers": [{"type": "shape", "path": \#(path)}]}"# }

  func path(_ json: String) throws -> StrataPath.Path? {
    (try loadScene(Self.shape(json)).root.sublayers.first as? ShapeLayer)?.path
  }

  @Test func readsEveryPathForm() throws {
    #expect(try path(#""M 10 10 L 90 10 C 90 50 50 90 10 90 Z""#) == (try StrataPath.Path(svgPathData: "M10 10 L90 10 C90 50 50 90 10 90 Z")))
    #expect(try path(#""m10 10 h20 v5 H0 z""#) == (try StrataPath.Path(svgPathData: "M10 10 L30 10 L30 15 L0 15 Z")))
    #expect(try path(#"{"rect": [1, 2, 30, 40]}"#) == StrataPath.Path(rect: PathRect(x: 1, y: 2, width: 30, height: 40)))
    #expect(try path(#"{"ellipse": [0, 0, 20, 10]}"#) == StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 20, height: 10)))
    #expect(
      try path(#"{"roundedRect": [0, 0, 20, 10], "cornerRadius": 3}"#)
        == StrataPath.Path(roundedRect: PathRect(x: 0, y: 0, width: 20, height: 10), cornerWidth: 3, cornerHeight: 3))
    #expect(try path("null") == nil)
  }

  @Test func malformedPathDataNamesTheOffset() {
    #expect(
      sceneError(Self.shape(#""M 10 10 L20 x""#))
        == #"scene.json: layers[0].path: malformed path data at character 12 (near " 10 L20 x"): expected a number"#)
    #expect(sceneError(Self.shape(#""L 10 10""#))?.contains("at character 0") == true)
  }

  @Test func shapeObjectsAreChecked() {
    #expect(sceneError(Self.shape(#"{"rekt": [0, 0, 1, 1]}"#)) == #"scene.json: layers[0].path.rekt: unknown path shape; did you mean "rect"?"#)
    #expect(sceneError(Self.shape(#"{"rect": [0, 0, 1]}"#)) == "scene.json: layers[0].path.rect: expected [x, y, width, height]: an array of 4 numbers, got 3")
    #expect(sceneError(Self.shape(#"{"rect": [0, 0, 1, 1], "cornerRadius": 2}"#)) == #"scene.json: layers[0].path.cornerRadius: "cornerRadius" goes with "roundedRect""#)
    #expect(sceneError(Self.shape("{}"))?.hasPrefix("scene.json: layers[0].path: expected a path shape") == true)
    #expect(sceneError(Self.shape("3"))?.hasPrefix("scene.json: layers[0].path: expected a path: SVG path data") == true)
  }

  @Test func pathsAnimateFromSceneFiles() throws {
    let s = try loadScene(#"""
      {"width": 100, "height": 80, "layers": [{"type": "shape", "path": "M0 0 L10 0 L10 10 Z",
        "animations": {"morph": {"type": "basic", "keyPath": "path", "toValue": "M20 0 L30 20 L10 30 Z", "duration": 2}}}]}
      """#)
    let p = s.root.sublayers[0].presentation(at: 1) as? ShapeLayer
    #expect(p?.path == (try StrataPath.Path(svgPathData: "M10 0 L20 10 L10 20 Z")))
  }
}

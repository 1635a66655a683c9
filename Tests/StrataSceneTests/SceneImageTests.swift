import Foundation
import Strata
import StrataPNG
import StrataScene
import Testing

/// `contents` names PNG files relative to the scene file; their errors keep the path.
struct SceneImageTests {
  static let logo = Image(width: 3, height: 2) { x, y in (UInt8(x * 100), UInt8(y * 200), 50, 255) }

  @Test func loadsImagesRelativeToTheSceneFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(PNG.encode(Self.logo), to: "images/logo.png")
    try dir.write(Array(#"""
      {"width": 10, "height": 10, "layers": [
        {"contents": "images/logo.png", "contentsGravity": "center"},
        {"contents": "images/logo.png"}
      ]}
      """#.utf8), to: "scene.json")
    let scene = try SceneLoader.load(path: dir.path + "/scene.json")
    #expect(scene.fileName == dir.path + "/scene.json")
    let a = try #require(scene.layers[0].contents), b = try #require(scene.layers[1].contents)
    #expect(a.width == 3 && a.height == 2 && a.pixels == Self.logo.pixels)
    #expect(a === b, "layers naming one file share one Image")
  }

  @Test func baseDirectoryResolvesRelativePaths() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(PNG.encode(Self.logo), to: "logo.png")
    let json = #"{"width": 1, "height": 1, "layers": [{"contents": "logo.png"}]}"#
    #expect(try loadScene(json, baseDirectory: dir.path).layers[0].contents?.width == 3)
    let absolute = #"{"width": 1, "height": 1, "layers": [{"contents": "\#(dir.path)/logo.png"}]}"#
    #expect(try loadScene(absolute, baseDirectory: "/nonexistent").layers[0].contents?.width == 3)
  }

  @Test func missingImage() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let json = #"{"width": 1, "height": 1, "layers": [{"contents": "images/logo.png"}]}"#
    #expect(sceneError(json, baseDirectory: dir.path) == "scene.json: layers[0].contents: images/logo.png: file not found")
  }

  @Test func corruptImage() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(Array("<html>not an image</html>".utf8), to: "fake.png")
    let good = try PNG.encode(Self.logo)
    try dir.write(Array(good.prefix(good.count - 20)), to: "cut.png")
    let json = #"{"width": 1, "height": 1, "layers": [{}, {"mask": {"contents": "fake.png"}}]}"#
    #expect(sceneError(json, baseDirectory: dir.path)
      == "scene.json: layers[1].mask.contents: fake.png: not a PNG file (the PNG signature is missing)")
    let cut = sceneError(#"{"width": 1, "height": 1, "layers": [{"contents": "cut.png"}]}"#, baseDirectory: dir.path)
    #expect(cut?.hasPrefix("scene.json: layers[0].contents: cut.png: truncated PNG file") == true, "\(cut ?? "")")
  }

  @Test func imageOverThePixelBudget() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(PNG.encode(Self.logo), to: "logo.png")
    let json = #"{"width": 1, "height": 1, "layers": [{"contents": "logo.png"}]}"#
    #expect(sceneError(json, baseDirectory: dir.path, pixelBudget: 5)
      == "scene.json: layers[0].contents: logo.png: image is 3 x 2 pixels, more than the limit of 5 pixels")
  }

  @Test func contentsMustNameAFile() {
    #expect(sceneError(#"{"width": 1, "height": 1, "layers": [{"contents": ""}]}"#)
      == "scene.json: layers[0].contents: expected a PNG file name, got an empty string")
  }

  @Test func missingSceneFile() {
    #expect(throws: SceneError(file: "/nonexistent/scene.json", path: "", message: "file not found")) {
      try SceneLoader.load(path: "/nonexistent/scene.json")
    }
  }
}

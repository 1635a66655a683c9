import Foundation
import Strata
import StrataPNG
import StrataScene
import Testing

/// The example in docs/SceneFormat.md loads and uses every key, so the reference cannot
/// drift from the loader.
struct SceneFormatDocTests {
  static func example() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let doc = try String(contentsOf: root.appendingPathComponent("docs/SceneFormat.md"), encoding: .utf8)
    let start = try #require(doc.range(of: "```json\n"))
    let end = try #require(doc.range(of: "\n```", range: start.upperBound..<doc.endIndex))
    return String(doc[start.upperBound..<end.lowerBound])
  }

  /// Every key of every layer object in `value`, walking `sublayers` and `mask`.
  static func layerKeys(_ value: JSONValue) -> Set<String> {
    guard case .object(let members) = value else { return [] }
    var keys = Set(members.map(\.key))
    for (key, v) in members {
      if key == "mask" { keys.formUnion(layerKeys(v)) }
      if key == "sublayers", case .array(let items) = v {
        for item in items { keys.formUnion(layerKeys(item)) }
      }
    }
    return keys
  }

  @Test func exampleLoads() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(PNG.encode(Image(width: 4, height: 4) { _, _ in (200, 100, 50, 255) }), to: "images/logo@2x.png")
    let scene = try loadScene(try Self.example(), baseDirectory: dir.path)
    #expect(scene.pixelWidth == 640 && scene.pixelHeight == 480)
    #expect(scene.layers[0].sublayers[0].contents?.width == 4)
  }

  @Test func exampleUsesEveryKey() throws {
    guard case .object(let top) = try JSONParser.parse(Self.example()),
      case .array(let layers)? = top.first(where: { $0.key == "layers" })?.value
    else {
      Issue.record("the example has no layers")
      return
    }
    #expect(Set(top.map(\.key)) == Set(SceneLoader.topLevelKeys))
    let used = layers.reduce(into: Set<String>()) { $0.formUnion(Self.layerKeys($1)) }
    #expect(Set(SceneLoader.layerKeys).subtracting(used).sorted() == [])
  }
}

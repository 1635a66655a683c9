import Foundation
import Strata
import StrataPNG
import StrataScene
import Testing

/// The layer limit, and error messages that quote at most a short excerpt of the file.
/// Peak memory of huge files is measured in StrataMemoryTests.
struct SceneLimitsTests {
  static func load(_ json: String, limits: SceneLimits) throws(SceneError) -> Scene {
    try SceneLoader.load(data: Array(json.utf8), fileName: "scene.json", baseDirectory: "", limits: limits)
  }

  // MARK: Layer limit

  @Test func defaultLayerLimit() {
    #expect(SceneLimits().maxLayers == 100_000)
    #expect(SceneLimits.defaultMaxLayers == 100_000)
  }

  /// Top-level layers, sublayers and masks all count; the canvas's root does not.
  @Test func layersSublayersAndMasksCount() throws {
    let four = #"{"width": 10, "height": 10, "layers": [{"sublayers": [{}], "mask": {}}, {}]}"#
    let scene = try Self.load(four, limits: SceneLimits(maxLayers: 4))
    #expect(scene.layers.count == 2)
    do {
      _ = try Self.load(four, limits: SceneLimits(maxLayers: 3))
      Issue.record("expected the layer limit")
    } catch {
      #expect(
        error.description
          == "scene.json: layers[1]: more than 3 layers; that is the limit for one scene (strata render and parity take --max-layers N to raise it)")
    }
  }

  @Test func limitReachedInsideAMask() {
    let json = #"{"width": 10, "height": 10, "layers": [{"mask": {"sublayers": [{}, {}]}}]}"#
    do {
      _ = try Self.load(json, limits: SceneLimits(maxLayers: 2))
      Issue.record("expected the layer limit")
    } catch {
      #expect(error.path == "layers[0].mask.sublayers[0]")
    }
  }

  // MARK: Excerpts

  /// 100,000 characters, with a tail that must not appear in any message.
  static let long = String(repeating: "x", count: 100_000) + "TAIL"
  static let excerpt = String(repeating: "x", count: 64) + "…"

  static func layer(_ members: String) -> String {
    #"{"width": 100, "height": 100, "layers": [{\#(members)}]}"#
  }

  static func animation(_ members: String) -> String {
    layer(#""animations": {"a": {\#(members)}}"#)
  }

  static let excerptCases: [(String, String)] = [
    (layer(#""\#(long)": 1"#), "layers[0].\(excerpt): unknown property"),
    // In an object of names (a layer's keys are known, and parsing stops at an unknown one).
    (layer(#""opacity": 1, "animations": {"\#(long)": 1, "\#(long)": 2}"#),
     "layers[0].animations.\(excerpt): duplicate key \"\(excerpt)\" (first given on line 1)"),
    (layer(#""opacity": 9\#(String(repeating: "9", count: 400))"#), "malformed JSON: number 9\(String(repeating: "9", count: 63))… is too large for a 64-bit float"),
    (layer(#""type": "\#(long)""#), "layers[0].type: unknown layer type \"\(excerpt)\" (known types: "),
    (layer(#""contentsGravity": "\#(long)""#), "layers[0].contentsGravity: unknown value \"\(excerpt)\""),
    (layer(#""backgroundColor": "\#(long)""#), "layers[0].backgroundColor: invalid colour \"\(excerpt)\""),
    (layer(#""maskedCorners": ["\#(long)"]"#), "layers[0].maskedCorners[0]: unknown name \"\(excerpt)\""),
    (layer(#""compositingFilter": "\#(long)""#), "layers[0].compositingFilter: unknown compositing filter \"\(excerpt)\""),
    (layer(#""contents": "\#(long)""#), "layers[0].contents: \(excerpt): "),
    (layer(#""repeatCount": "\#(long)""#), "layers[0].repeatCount: expected a number or \"infinity\", got \"\(excerpt)\""),
    (animation(#""type": "\#(long)""#), "layers[0].animations.a.type: unknown animation type \"\(excerpt)\""),
    (animation(#""type": "basic", "keyPath": "\#(long)""#), "layers[0].animations.a.keyPath: unknown key path \"\(excerpt)\""),
    (
      animation(#""type": "basic", "keyPath": "opacity", "timingFunction": "\#(long)""#),
      "layers[0].animations.a.timingFunction: unknown timing function \"\(excerpt)\""
    ),
    (layer(#""transform": [{"rotate": "\#(long)deg"}]"#), "layers[0].transform[0].rotate: unknown angle \"\(excerpt)\""),
    (layer(#""transform": [{"rotate": "1\#(String(repeating: "0", count: 100_000))TAIL"}]"#), "layers[0].transform[0].rotate: unknown angle \"1"),
    (
      // A token that starts with a letter is split after it, so the long one is digits.
      animation(#""type": "keyframe", "keyPath": "position", "path": "M 0 0 \#(String(repeating: "9", count: 100_000))TAIL""#),
      "layers[0].animations.a.path: path: unknown command \"\(String(repeating: "9", count: 64))…\""
    ),
  ]

  /// Every place a message quotes the file's text: the message is short, ends the quote
  /// with "…", and never holds the tail. Before, the whole 100,000 characters came back
  /// (and a key path's "did you mean" search took seconds; 47 s for 10 MB).
  /// A case named by the start of the message it expects, not by its 100,000 characters of
  /// input (the test log stays short).
  struct ExcerptCase: CustomTestStringConvertible, Sendable {
    var json: String
    var expected: String
    var testDescription: String { String(expected.prefix(60)) }
  }

  @Test(arguments: SceneLimitsTests.excerptCases.map { ExcerptCase(json: $0.0, expected: $0.1) })
  func longTextIsQuotedAsAnExcerpt(_ c: ExcerptCase) {
    let (json, expected) = (c.json, c.expected)
    let message = sceneError(json) ?? ""
    #expect(message.contains(expected), "\(message.prefix(300))")
    #expect(!message.contains("TAIL"))
    // The longest fixed part is the unknown compositing filter's list of the 18 names.
    #expect(message.count < 500, "\(message.count) characters")
  }

  /// The backstop for a message that quotes the file without an excerpt: cut in the
  /// middle, beginning and end kept.
  @Test func longMessagesAreCutInTheMiddle() {
    let message = "unknown thing \"" + Self.long + "\" (known: a, b)"
    let e = SceneError(file: "scene.json", path: "layers[0].thing", message: message)
    #expect(e.message.unicodeScalars.count == 600 + 3 + 300)
    #expect(e.message.hasPrefix("unknown thing \"xxx") && e.message.hasSuffix("xxxTAIL\" (known: a, b)"))
    #expect(e.message.contains("x … x"))
    let short = String(repeating: "y", count: 1000)
    #expect(SceneError(file: "f", path: "", message: short).message == short)
  }

  /// Control characters in a quoted key come back as JSON escapes, on one line.
  @Test func controlCharactersAreEscaped() {
    #expect(sceneError(Self.layer(#""a\nb\u0000c\u001b[31m": 1"#)) == #"scene.json: layers[0].a\nb\u0000c\u001B[31m: unknown property"#)
    #expect(
      sceneError(Self.animation(#""type": "basic", "keyPath": "opa\ncity""#))
        == #"scene.json: layers[0].animations.a.keyPath: unknown key path "opa\ncity"; did you mean "opacity"?"#)
  }

  /// Short misspellings still get their suggestion.
  @Test func suggestionsForShortWordsRemain() {
    #expect(
      sceneError(Self.animation(#""type": "basic", "keyPath": "opacty""#))
        == #"scene.json: layers[0].animations.a.keyPath: unknown key path "opacty"; did you mean "opacity"?"#)
  }

  // MARK: Contents paths

  @Test func scenePathWithNUL() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(Array(#"{"width": 1, "height": 1}"#.utf8), to: "a.json")
    #expect(try SceneLoader.load(path: dir.path + "/a.json").width == 1)
    do {
      _ = try SceneLoader.load(path: dir.path + "/a.json\0.txt")
      Issue.record("expected an error")
    } catch {
      #expect(error.message == "the file name contains a NUL character")
    }
  }

  /// C ends a path at its first NUL, so "a.png\u0000.txt" opened a.png without a word.
  @Test func contentsPathWithNUL() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(PNG.encode(Image(width: 2, height: 2) { _, _ in (255, 0, 0, 255) }), to: "a.png")
    #expect(try loadScene(Self.layer(#""contents": "a.png""#), baseDirectory: dir.path).layers[0].contents?.width == 2)
    #expect(
      sceneError(Self.layer(#""contents": "a.png\u0000.txt""#), baseDirectory: dir.path)
        == #"scene.json: layers[0].contents: a.png\u0000.txt: the file name contains a NUL character"#)
  }
}

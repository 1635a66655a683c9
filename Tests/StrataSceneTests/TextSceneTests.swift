import Foundation
import Strata
import StrataGoldenScenes
import Testing

@testable import StrataScene

/// `"type": "text"`: CATextLayer's properties, attributed runs, fonts by name or by file
/// relative to the scene (opened while loading), errors with JSON paths, string keyframes.
@Suite struct TextSceneTests {
  static func scene(_ layer: String) -> String { #"{"width": 100, "height": 80, "layers": [{\#(layer)}]}"# }
  static let fonts = TestFonts.directory.path

  @Test func everyPropertyIsRead() throws {
    let s = try loadScene(Self.scene(#"""
      "type": "text", "bounds": [0, 0, 40, 30], "string": "Hi", "font": "DejaVuSans-Subset.ttf", "fontSize": 12,
      "foregroundColor": "#FF0000", "alignmentMode": "justified", "isWrapped": true, "truncationMode": "middle"
      """#), baseDirectory: Self.fonts)
    let t = try #require(s.root.sublayers.first as? TextLayer)
    #expect(t.string == "Hi" && t.font == .file(Self.fonts + "/DejaVuSans-Subset.ttf") && t.fontSize == 12)
    #expect(t.foregroundColor == Color(1, 0, 0) && t.alignmentMode == .justified && t.isWrapped && t.truncationMode == .middle)
    // Core Animation's defaults.
    let plain = try #require(try loadScene(Self.scene(#""type": "text""#)).root.sublayers.first as? TextLayer)
    #expect(plain.string == nil && plain.font == .named("Helvetica") && plain.fontSize == 36 && plain.foregroundColor == .white)
    #expect(!plain.isWrapped && plain.truncationMode == .none && plain.alignmentMode == .natural)
  }

  @Test func attributedRuns() throws {
    let s = try loadScene(Self.scene(#"""
      "type": "text", "string": [{"text": "a"}, {"text": "b", "font": "DejaVuSans-Bold-Subset.ttf", "fontSize": 9,
      "foregroundColor": "#00FF00", "kerning": 1.5, "underline": true}]
      """#), baseDirectory: Self.fonts)
    let t = try #require(s.root.sublayers.first as? TextLayer)
    #expect(
      t.string == .attributed([
        TextRun("a"),
        TextRun("b", font: .file(Self.fonts + "/DejaVuSans-Bold-Subset.ttf"), fontSize: 9, foregroundColor: Color(0, 1, 0), kerning: 1.5, underline: true),
      ]))
  }

  /// A font is a file when it ends in .ttf, .otf or .ttc or has a slash, else a name.
  @Test func fontsByName() throws {
    let s = try loadScene(Self.scene(#""type": "text", "font": "DejaVu Sans""#))
    #expect((s.root.sublayers.first as? TextLayer)?.font == .named("DejaVu Sans"))
  }

  @Test func fontErrorsNameTheFileAndThePath() throws {
    #expect(sceneError(Self.scene(#""type": "text", "font": "fonts/Missing.ttf""#))
      == "scene.json: layers[0].font: fonts/Missing.ttf: cannot be opened (missing or unreadable)")
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(Array("not a font".utf8), to: "Broken.otf")
    #expect(sceneError(Self.scene(#""type": "text", "font": "Broken.otf""#), baseDirectory: dir.path)
      == "scene.json: layers[0].font: Broken.otf: not a font file (unknown format)")
    let unknown = sceneError(Self.scene(#""type": "text", "font": "Strata Missing Family""#)) ?? ""
    #expect(unknown.hasPrefix(#"scene.json: layers[0].font: font "Strata Missing Family": no such font is installed"#), "\(unknown)")
    #expect(sceneError(Self.scene(#""type": "text", "string": [{"text": "a", "font": "x/y.ttf"}]"#))
      == "scene.json: layers[0].string[0].font: x/y.ttf: cannot be opened (missing or unreadable)")
    #expect(sceneError(Self.scene(#""type": "text", "string": [{"txt": "a"}]"#))
      == #"scene.json: layers[0].string[0].txt: unknown run key; did you mean "text"?"#)
    #expect(sceneError(Self.scene(#""type": "text", "string": 3"#)) == "scene.json: layers[0].string: expected a string or an array of runs, got a number")
    #expect(sceneError(Self.scene(#""type": "text", "truncationMode": "tail""#))?.hasPrefix("scene.json: layers[0].truncationMode: unknown value \"tail\"") == true)
    #expect(sceneError(Self.scene(#""type": "text", "fontSize": 0"#))?.hasPrefix("scene.json: layers[0].fontSize: ") == true)
    // CATextLayer's keys are unknown on a plain layer.
    #expect(sceneError(Self.scene(#""fontSize": 3"#)) == "scene.json: layers[0].fontSize: unknown property")
  }

  @Test func stringKeyframesAndFontSizeAnimate() throws {
    let s = try loadScene(Self.scene(#"""
      "type": "text", "string": "0", "font": "DejaVuSans-Subset.ttf",
      "animations": {"n": {"type": "keyframe", "keyPath": "string", "values": ["1", [{"text": "2", "underline": true}], "3"],
                           "calculationMode": "discrete", "duration": 3},
                     "s": {"type": "basic", "keyPath": "fontSize", "fromValue": 10, "toValue": 20, "duration": 2}}
      """#), baseDirectory: Self.fonts)
    func at(_ t: Double) throws -> TextLayer.Snapshot {
      try #require(s.root.snapshot(at: t).sublayers.first?.kindSnapshot(as: TextLayer.Snapshot.self))
    }
    #expect(try at(0.5).string == "1")
    #expect(try at(1.5).string == .attributed([TextRun("2", underline: true)]))
    #expect(try at(2.5).string == "3")
    #expect(try at(1).fontSize == 15)
    #expect(sceneError(Self.scene(#""type": "text", "animations": {"a": {"type": "basic", "keyPath": "string", "toValue": 1}}"#))?
      .hasPrefix("scene.json: layers[0].animations.a.toValue: ") == true)
  }
}

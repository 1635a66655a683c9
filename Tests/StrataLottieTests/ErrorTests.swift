import Foundation
import StrataLottie
import Testing

/// Broken Lottie files give an error naming the file, the place in the document and the
/// problem, or a warning when the rest can still be drawn; never a trap.
@Suite struct ErrorTests {
  @Test(arguments: [
    ("{\"v\": ", "", "not valid JSON"),
    ("[1, 2]", "", "expected an object, got an array"),
    (Lottie.document(layers: Lottie.solid(#""ks": {"o": {"a": 0, "k": "half"}}"#)), "layers[0].ks.o.k", "expected a number"),
    (Lottie.document(w: 1e9, layers: ""), "w", "expected a size"),
    (Lottie.document(w: -5, layers: ""), "w", "expected a size"),
    (Lottie.document(fr: 0, layers: ""), "fr", "expected a frame rate"),
    (Lottie.document(ip: 10, op: 5, layers: ""), "op", "expected an out point after the in point"),
    (Lottie.document(op: 1e12, layers: ""), "op", "at most"),
    (
      Lottie.document(layers: #"{"ty": 0, "refId": "a", "w": 10, "h": 10, "ip": 0, "op": 20}"#, assets: #"[{"id": "a", "layers": [{"ty": 0, "refId": "a", "w": 10, "h": 10, "ip": 0, "op": 20}]}]"#),
      "assets[0].layers[0].refId", "contains itself"
    ),
    (Lottie.document(layers: #"{"ty": 4, "ip": 0, "op": 20, "shapes": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0]]}}}]}"#), "layers[0].shapes[0].ks.k.v[0]", "expected a point"),
    (Lottie.document(layers: #"{"ty": 1, "sc": "red", "sw": 1, "sh": 1, "ip": 0, "op": 20}"#), "layers[0].sc", "expected a colour"),
    // Whole numbers beyond Int (found by fuzz-lottie: `Int(_:)` of 1e300 trapped).
    (Lottie.document(layers: Lottie.solid(#""ind": 1e300"#)), "layers[0].ind", "expected a whole number"),
    (Lottie.document(layers: Lottie.solid(#""parent": -1e19"#)), "layers[0].parent", "expected a whole number"),
    (Lottie.document(layers: Lottie.solid(#""tp": 9.3e18"#)), "layers[0].tp", "expected a whole number"),
    (Lottie.document(layers: Lottie.solid(), assets: #"[{"id": 1e300, "layers": []}]"#), "assets[0].id", "expected a whole number"),
  ])
  func errorsNameThePlace(json: String, path: String, message: String) throws {
    let error = try #require(json.importError, "imported without an error")
    #expect(error.fileName == "test.json")
    #expect(error.path == path, "\(error)")
    #expect(error.message.contains(message), "\(error)")
    #expect(error.description.hasPrefix("test.json: "), "\(error)")
  }

  /// What players draw anyway is a warning, and with `strict` an error: a precomposition
  /// layer whose asset is missing draws nothing, a shape item without a type is left out.
  @Test func whatPlayersDrawIsAWarning() throws {
    let missing = Lottie.document(layers: #"{"ty": 0, "refId": "nope", "w": 10, "h": 10, "ip": 0, "op": 20}"# + "," + Lottie.solid())
    let a = try Lottie.load(missing)
    #expect(a.warnings.map(\.description) == [#"layers[0].refId: no precomposition asset with id "nope" (drawn empty)"#])
    #expect(try Lottie.render(a, frame: 0)[50, 50] == (255, 0, 0, 255))
    #expect(missing.importError == nil)
    #expect(throws: LottieError.self) { try Lottie.load(missing, strict: true) }
    let backwards = Lottie.document(layers: Lottie.solid(#""ks": {"o": {"a": 1, "k": [{"t": 5, "s": [0]}, {"t": 2, "s": [100]}]}}"#))
    #expect(try Lottie.load(backwards).warnings.map(\.path) == ["layers[0].ks.o.k[1]"])
    #expect(try Lottie.render(try Lottie.load(backwards), frame: 10)[50, 50].3 == 0)  // the frame-5 value, 0%
    let stopped = Lottie.document(layers: Lottie.solid(#""sr": 0"#))
    #expect(try Lottie.load(stopped).warnings.map(\.path) == ["layers[0].sr"])
    let untyped = Lottie.document(layers: #"{"ty": 4, "ip": 0, "op": 20, "shapes": [{"nm": "?"}]}"#)
    #expect(try Lottie.load(untyped).warnings.map(\.path) == ["layers[0].shapes[0]"])
    #expect(throws: LottieError.self) { try Lottie.load(untyped, strict: true) }
  }

  /// Precompositions used many times over at every level would make billions of
  /// layers from a few hundred bytes: refused with the limit.
  @Test func layerExplosionsAreRefused() throws {
    var assets: [String] = []
    for level in 0..<12 {
      let uses = (0..<10).map { _ in #"{"ty": 0, "refId": "c\#(level + 1)", "w": 10, "h": 10, "ip": 0, "op": 20}"# }
      assets.append(#"{"id": "c\#(level)", "layers": [\#(uses.joined(separator: ","))]}"#)
    }
    assets.append(#"{"id": "c12", "layers": [\#(Lottie.solid())]}"#)
    let json = Lottie.document(layers: #"{"ty": 0, "refId": "c0", "w": 10, "h": 10, "ip": 0, "op": 20}"#, assets: "[" + assets.joined(separator: ",") + "]")
    let error = try #require(json.importError)
    #expect(error.message.contains("more than 200000 layers"), "\(error)")
  }

  @Test func aMissingFileNamesIt() throws {
    do throws(LottieError) {
      _ = try LottieAnimation(contentsOf: URL(fileURLWithPath: "/nonexistent/anim.json"))
      Issue.record("imported a missing file")
    } catch {
      #expect(error.description == "/nonexistent/anim.json: file not found")
    }
  }

  /// Unsupported features are warnings naming the layer and the feature, and the rest is
  /// drawn; in strict mode they are errors.
  @Test func unsupportedFeaturesWarn() throws {
    let expression = Lottie.solid(#""nm": "Spinner", "ks": {"r": {"a": 0, "k": 0, "x": "time * 360"}}"#)
    let text = #"{"ty": 6, "nm": "Title", "ip": 0, "op": 20}"#
    let json = Lottie.document(layers: expression + "," + text + "," + Lottie.solid(#""bm": 21"#))
    let a = try Lottie.load(json)
    let warnings = a.warnings.map(\.description)
    #expect(warnings.contains(#"layers[0].ks.r.x ("Spinner"): expressions are not supported (the keyframes are used)"#), "\(warnings)")
    #expect(warnings.contains(#"layers[1] ("Title"): layer type 6 is not supported"#), "\(warnings)")
    #expect(warnings.contains("layers[2]: blend mode 21 is not supported (drawn as normal)"), "\(warnings)")
    #expect(try Lottie.render(a, frame: 0)[50, 50] == (255, 0, 0, 255))
    do throws(LottieError) {
      _ = try Lottie.load(json, strict: true)
      Issue.record("strict mode accepted an expression")
    } catch {
      #expect(error.path == "layers[0].ks.r.x" && error.message.contains("expressions are not supported"), "\(error)")
    }
  }
}

import Foundation
import Strata
import StrataLottie
import Testing

/// Lottie's layer features, each checked by pixels that follow from the format.
@Suite struct LayerTreeTests {
  static func pixel(_ json: String, frame: Double, _ x: Int, _ y: Int) throws -> (UInt8, UInt8, UInt8, UInt8) {
    try Lottie.render(try Lottie.load(json), frame: frame)[x, y]
  }

  /// A layer shows from its in point up to its out point; one that lasts to the
  /// animation's end still shows at the last frame (lottie-ios pauses there).
  @Test func inAndOutPoints() throws {
    let json = Lottie.document(op: 20, layers: Lottie.solid(ip: 5, op: 10) + "," + Lottie.solid(color: "#0000ff", w: 10, h: 10, ip: 0, op: 20))
    #expect(try Self.pixel(json, frame: 4.9, 50, 50).3 == 0)
    #expect(try Self.pixel(json, frame: 5, 50, 50) == (255, 0, 0, 255))
    #expect(try Self.pixel(json, frame: 10, 50, 50).3 == 0)
    #expect(try Self.pixel(json, frame: 20, 5, 5) == (0, 0, 255, 255))
  }

  /// The first layer of the list is drawn on top; a parent's transform moves its child,
  /// its opacity does not.
  @Test func orderAndParenting() throws {
    let parent = #"{"ty": 3, "ind": 1, "ip": 0, "op": 20, "st": 0, "ks": {"p": {"a": 0, "k": [50, 0]}, "o": {"a": 0, "k": 0}}}"#
    let child = Lottie.solid(color: "#00ff00", w: 50, h: 50, #""ind": 2, "parent": 1"#)
    let json = Lottie.document(layers: child + "," + Lottie.solid() + "," + parent)
    #expect(try Self.pixel(json, frame: 0, 75, 25) == (0, 255, 0, 255))
    #expect(try Self.pixel(json, frame: 0, 25, 25) == (255, 0, 0, 255))
  }

  /// A 3D layer turned 60° about y (x) is half as wide (as high), seen without perspective
  /// as Core Animation draws lottie-ios's layers: cos 60° = 0.5 about its anchor.
  @Test func threeDimensionalRotation() throws {
    func doc(_ key: String) -> String {
      Lottie.document(layers: Lottie.solid(#""ddd": 1, "ks": {"a": {"a": 0, "k": [50, 50, 0]}, "p": {"a": 0, "k": [50, 50, 0]}, "\#(key)": {"a": 0, "k": 60}}"#))
    }
    let turnedY = try Lottie.load(doc("ry"))
    #expect(turnedY.warnings.isEmpty, "\(turnedY.warnings)")
    let y = try Lottie.render(turnedY, frame: 0)
    #expect(y[23, 50].3 == 0 && y[27, 50] == (255, 0, 0, 255) && y[72, 50] == (255, 0, 0, 255) && y[76, 50].3 == 0)
    #expect(y[50, 2] == (255, 0, 0, 255))
    let x = try Lottie.render(try Lottie.load(doc("rx")), frame: 0)
    #expect(x[50, 23].3 == 0 && x[50, 27] == (255, 0, 0, 255) && x[50, 76].3 == 0 && x[2, 50] == (255, 0, 0, 255))
  }

  @Test func cyclicParentingIsAnError() throws {
    let a = Lottie.solid(#""ind": 1, "parent": 2"#), b = Lottie.solid(#""ind": 2, "parent": 1"#)
    let error = try #require(Lottie.document(layers: a + "," + b).importError)
    #expect(error.description.contains("cyclic parenting"), "\(error)")
    #expect(error.path == "layers[0].parent" || error.path == "layers[1].parent", "\(error)")
  }

  /// A precomposition's children run on its time: start time 10 shows child frame 5 at
  /// frame 15; a stretch of 2 shows frame 5 at frame 10; the box clips to `w` x `h`.
  @Test func precompositionTime() throws {
    let fade = #""ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100]}]}}"#
    let assets = #"[{"id": "c", "layers": [\#(Lottie.solid(w: 200, h: 200, ip: -100, op: 100, fade))]}]"#
    func precomp(_ members: String) -> String { #"{"ty": 0, "refId": "c", "w": 60, "h": 60, "ip": 0, "op": 40, \#(members)}"# }
    let started = Lottie.document(op: 40, layers: precomp(#""st": 10"#), assets: assets)
    #expect(abs(Int(try Self.pixel(started, frame: 15, 30, 30).3) - 128) <= 1)
    let stretched = Lottie.document(op: 40, layers: precomp(#""st": 0, "sr": 2"#), assets: assets)
    #expect(abs(Int(try Self.pixel(stretched, frame: 10, 30, 30).3) - 128) <= 1)
    #expect(try Self.pixel(stretched, frame: 30, 70, 30).3 == 0)  // outside the 60 x 60 box
    let remapped = Lottie.document(op: 40, layers: precomp(#""st": 0, "tm": {"a": 0, "k": 0.25}"#), assets: assets)
    #expect(abs(Int(try Self.pixel(remapped, frame: 30, 30, 30).3) - 64) <= 1)  // 0.25 s = child frame 2.5
  }

  /// Masks: add keeps the path's inside; subtract cuts it out; inverted add keeps the
  /// outside.
  @Test func masks() throws {
    let square = #"{"a": 0, "k": {"c": true, "v": [[25, 25], [75, 25], [75, 75], [25, 75]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}"#
    func doc(_ mode: String, _ inv: Bool) -> String {
      Lottie.document(layers: Lottie.solid(#""hasMask": true, "masksProperties": [{"mode": "\#(mode)", "inv": \#(inv), "pt": \#(square), "o": {"a": 0, "k": 100}}]"#))
    }
    #expect(try Self.pixel(doc("a", false), frame: 0, 50, 50).3 == 255)
    #expect(try Self.pixel(doc("a", false), frame: 0, 10, 10).3 == 0)
    #expect(try Self.pixel(doc("s", false), frame: 0, 50, 50).3 == 0)
    #expect(try Self.pixel(doc("s", false), frame: 0, 10, 10).3 == 255)
    #expect(try Self.pixel(doc("a", true), frame: 0, 50, 50).3 == 0)
    #expect(try Self.pixel(doc("a", true), frame: 0, 10, 10).3 == 255)
  }

  /// A shape layer: a rectangle filled, a line stroked and trimmed to its first half,
  /// and a linear gradient from red to blue.
  @Test func shapesTrimsAndGradients() throws {
    let rect = #"{"ty": "rc", "p": {"a": 0, "k": [50, 25]}, "s": {"a": 0, "k": [100, 50]}, "r": {"a": 0, "k": 0}}"#
    let fill = #"{"ty": "fl", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}}"#
    let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 75], [100, 75]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
    let trim = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}"#
    let stroke = #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}"#
    let shapes = #"[{"ty": "gr", "it": [\#(rect), \#(fill)]}, {"ty": "gr", "it": [\#(line), \#(trim), \#(stroke)]}]"#
    let json = Lottie.document(layers: #"{"ty": 4, "ip": 0, "op": 20, "st": 0, "shapes": \#(shapes)}"#)
    #expect(try Self.pixel(json, frame: 0, 50, 25) == (0, 255, 0, 255))
    #expect(try Self.pixel(json, frame: 0, 25, 75) == (0, 0, 255, 255))
    #expect(try Self.pixel(json, frame: 0, 75, 75).3 == 0)
    let gradient = #"{"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [100, 0]}, "o": {"a": 0, "k": 100}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}}"#
    let g = Lottie.document(layers: #"{"ty": 4, "ip": 0, "op": 20, "st": 0, "shapes": [\#(rect), \#(gradient)]}"#)
    let left = try Self.pixel(g, frame: 0, 2, 25), middle = try Self.pixel(g, frame: 0, 50, 25), right = try Self.pixel(g, frame: 0, 97, 25)
    #expect(left.0 > 240 && left.2 < 15, "\(left)")
    #expect(right.2 > 240 && right.0 < 15, "\(right)")
    #expect(abs(Int(middle.0) - 128) <= 3 && abs(Int(middle.2) - 128) <= 3, "\(middle)")
  }
}

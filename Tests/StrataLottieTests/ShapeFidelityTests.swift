import Foundation
import Strata
import StrataLottie
import Testing

/// Colours, trims, round corners and fitting as lottie-ios draws them, each checked by
/// pixels that follow from its rule.
@Suite struct ShapeFidelityTests {
  static func pixel(_ json: String, frame: Double = 0, _ x: Int, _ y: Int) throws -> (UInt8, UInt8, UInt8, UInt8) {
    try Lottie.render(try Lottie.load(json), frame: frame)[x, y]
  }

  static func shapeLayer(_ items: String) -> String {
    Lottie.document(layers: #"{"ty": 4, "ip": 0, "op": 20, "st": 0, "shapes": [\#(items)]}"#)
  }

  static let square = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [60, 60]}, "r": {"a": 0, "k": 0}}"#
  static func fill(_ colour: String) -> String { #"{"ty": "fl", "c": \#(colour), "o": {"a": 0, "k": 100}}"# }

  /// A fill's colour alpha is not used (lottie-ios): half-transparent red fills opaque.
  @Test func colourAlphaIsIgnored() throws {
    let json = Self.shapeLayer(Self.square + "," + Self.fill(#"{"a": 0, "k": [1, 0, 0, 0.5]}"#))
    #expect(try Self.pixel(json, 50, 50) == (255, 0, 0, 255))
  }

  /// 0…255 is decided per value (r, g, b and a all above 1), before interpolating: an eased
  /// black-to-white that overshoots past 1 is white, not 1/255 of it.
  @Test func byteColoursAreDecidedPerValue() throws {
    let overshoot = #"{"a": 1, "k": [{"t": 0, "s": [0, 0, 0, 1], "o": {"x": [0.3], "y": [2]}, "i": {"x": [0.7], "y": [2]}}, {"t": 10, "s": [1, 1, 1, 1]}]}"#
    let json = Self.shapeLayer(Self.square + "," + Self.fill(overshoot))
    #expect(try Self.pixel(json, frame: 5, 50, 50) == (255, 255, 255, 255))
    let bytes = Self.shapeLayer(Self.square + "," + Self.fill(#"{"a": 0, "k": [255, 128, 64, 255]}"#))
    #expect(try Self.pixel(bytes, 50, 50) == (255, 128, 64, 255))
  }

  static let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 75], [100, 75]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
  static func trim(_ start: Double, _ end: Double) -> String {
    #"{"ty": "tm", "s": {"a": 0, "k": \#(start)}, "e": {"a": 0, "k": \#(end)}, "o": {"a": 0, "k": 0}, "m": 1}"#
  }
  static let stroke = #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}"#

  /// A stroke of width 0 draws nothing, as in Apple's renders of lottie-ios's
  /// verifyLineHeight (a ShapeLayer's would be a hairline).
  @Test func aStrokeOfWidthZeroDrawsNothing() throws {
    let zero = #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 0}}"#
    let json = Self.shapeLayer(Self.line + "," + zero)
    #expect(try Self.pixel(json, 50, 75).3 == 0)
    #expect(try Self.pixel(json, 50, 74).3 == 0)
  }

  /// A 0–100% trim before the real one does not hide it.
  @Test func theFirstNonEmptyTrimApplies() throws {
    let json = Self.shapeLayer([Self.line, Self.trim(0, 100), Self.trim(0, 50), Self.stroke].joined(separator: ","))
    #expect(try Self.pixel(json, 25, 75) == (0, 0, 255, 255))
    #expect(try Self.pixel(json, 75, 75).3 == 0)
  }

  /// A trim in a group trims that group's paths for a stroke of the group around it.
  @Test func aGroupsTrimAppliesToAStrokeOutsideIt() throws {
    let group = #"{"ty": "gr", "it": [\#(Self.line), \#(Self.trim(0, 50))]}"#
    let json = Self.shapeLayer(group + "," + Self.stroke)
    #expect(try Self.pixel(json, 25, 75) == (0, 0, 255, 255))
    #expect(try Self.pixel(json, 75, 75).3 == 0)
  }

  /// Round corners of radius 20 on a 60-point square from (20, 20): each corner becomes a
  /// quarter circle about (40, 40) (within the Bézier's 0.03% of the radius), so (22, 22),
  /// 25.5 from that centre, is outside and (30, 30) inside; the edges' middles stay.
  @Test func roundCorners() throws {
    let rd = #"{"ty": "rd", "r": {"a": 0, "k": 20}}"#
    let json = Self.shapeLayer([Self.square, rd, Self.fill(#"{"a": 0, "k": [0, 1, 0, 1]}"#)].joined(separator: ","))
    let a = try Lottie.load(json)
    #expect(a.warnings.isEmpty, "\(a.warnings)")
    #expect(try Self.pixel(json, 22, 22).3 == 0)
    #expect(try Self.pixel(json, 77, 77).3 == 0)
    #expect(try Self.pixel(json, 30, 30) == (0, 255, 0, 255))
    #expect(try Self.pixel(json, 50, 21) == (0, 255, 0, 255))
    // Without round corners the corner is filled.
    #expect(try Self.pixel(Self.shapeLayer(Self.square + "," + Self.fill(#"{"a": 0, "k": [0, 1, 0, 1]}"#)), 22, 22).3 == 255)
  }

  /// A 100 x 50 animation in a 100 x 100 frame: contain letterboxes it (rows 25–75),
  /// cover fills the frame with its middle, fill stretches it.
  @Test func fitModes() throws {
    let a = try Lottie.load(Lottie.document(w: 100, h: 50, layers: Lottie.solid(w: 100, h: 50)))
    let contain = try Lottie.render(a, frame: 0, fit: .contain)
    #expect(contain[50, 10].3 == 0 && contain[50, 90].3 == 0 && contain[50, 50] == (255, 0, 0, 255))
    #expect(contain[50, 25] == (255, 0, 0, 255) && contain[50, 24].3 == 0)
    let cover = try Lottie.render(a, frame: 0, fit: .cover)
    #expect(cover[5, 5] == (255, 0, 0, 255) && cover[95, 95] == (255, 0, 0, 255))
    let fill = try Lottie.render(a, frame: 0, fit: .fill)
    #expect(fill[50, 5] == (255, 0, 0, 255) && fill[50, 95] == (255, 0, 0, 255))
  }
}

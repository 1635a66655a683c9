import Foundation
import Strata
import StrataLottie
import Testing

/// Masks in every mode, and mask expansion. Two masks over a red solid: A covers x < 60 at
/// opacity 60%, B covers x ≥ 40 at 50%. After Effects combines them as add a + b − ab,
/// subtract a(1 − b), intersect ab, lighten max(a, b), darken min(a, b) and difference
/// |a − b|; the expected alphas below are those values at x = 20 (A only), 50 (both) and
/// 80 (B only).
@Suite struct LottieMaskModeTests {
  static func rect(_ x0: Double, _ x1: Double, _ y0: Double = 0, _ y1: Double = 100) -> String {
    #"{"a": 0, "k": {"c": true, "v": [[\#(x0), \#(y0)], [\#(x1), \#(y0)], [\#(x1), \#(y1)], [\#(x0), \#(y1)]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}"#
  }

  static func mask(_ mode: String, _ path: String, opacity: Double = 100, inverted: Bool = false, expansion: Double = 0) -> String {
    #"{"mode": "\#(mode)", "inv": \#(inverted), "pt": \#(path), "o": {"a": 0, "k": \#(opacity)}, "x": {"a": 0, "k": \#(expansion)}}"#
  }

  static func alphas(_ masks: [String], at xs: [Int] = [20, 50, 80], y: Int = 50) throws -> [Int] {
    let json = Lottie.document(layers: Lottie.solid(#""hasMask": true, "masksProperties": [\#(masks.joined(separator: ","))]"#))
    let a = try Lottie.load(json)
    #expect(a.warnings.isEmpty, "\(a.warnings)")
    let pixels = try Lottie.render(a, frame: 0)
    return xs.map { Int(pixels[$0, y].3) }
  }

  static func close(_ got: [Int], _ want: [Double]) -> Bool {
    zip(got, want).allSatisfy { abs(Double($0) - 255 * $1) <= 2 }
  }

  @Test(arguments: [
    ("add", [0.6, 0.8, 0.5]), ("subtract", [0.6, 0.3, 0]), ("intersect", [0, 0.3, 0]),
    ("lighten", [0.6, 0.6, 0.5]), ("darken", [0, 0.5, 0]), ("difference", [0.6, 0.1, 0.5]),
  ])
  func twoMasks(_ mode: String, _ want: [Double]) throws {
    let code = ["add": "a", "subtract": "s", "intersect": "i", "lighten": "l", "darken": "d", "difference": "f"][mode]!
    let got = try Self.alphas([Self.mask("a", Self.rect(0, 60), opacity: 60), Self.mask(code, Self.rect(40, 100), opacity: 50)])
    #expect(Self.close(got, want), "\(mode): \(got), want \(want.map { Int(255 * $0) })")
  }

  /// A first mask that subtracts starts from the whole layer; `none` masks do nothing.
  @Test func firstAndNoneMasks() throws {
    #expect(Self.close(try Self.alphas([Self.mask("s", Self.rect(40, 100), opacity: 50)]), [1, 0.5, 0.5]))
    #expect(Self.close(try Self.alphas([Self.mask("n", Self.rect(40, 100)), Self.mask("l", Self.rect(0, 60))]), [1, 1, 0]))
  }

  /// A 40-point square at the centre expanded by 10 covers 20…80 with round corners;
  /// by −10 it covers 40…60; inverted and expanded it shows outside 20…80.
  @Test func expansion() throws {
    let square = Self.rect(30, 70, 30, 70)
    #expect(try Self.alphas([Self.mask("a", square, expansion: 10)], at: [15, 22, 50, 78, 85]) == [0, 255, 255, 255, 0])
    #expect(try Self.alphas([Self.mask("a", square, expansion: 10)], at: [21], y: 21) == [0])  // 12.7 from the corner
    #expect(try Self.alphas([Self.mask("a", square, expansion: -10)], at: [35, 42, 50, 58, 65]) == [0, 255, 255, 255, 0])
    #expect(try Self.alphas([Self.mask("a", square, inverted: true, expansion: 10)], at: [15, 25, 50, 85]) == [255, 0, 0, 255])
    #expect(Self.close(try Self.alphas([Self.mask("a", square, opacity: 50, expansion: 10)], at: [25, 50]), [0.5, 0.5]))
  }
}

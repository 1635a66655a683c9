import Foundation
import Strata
import StrataLottie
import Testing

/// Track mattes (`tt`): alpha, inverted alpha, luma and inverted luma, chained, and a matte
/// outside its time. The expected alphas follow from After Effects' definitions: the
/// matte's alpha, 1 − alpha, its luminance (Rec. 709, of the premultiplied colour), 1 − that.
@Suite struct MatteTests {
  /// A red layer matted in `mode` by the layer above it: `matte`, a solid of `colour` over
  /// the left half.
  static func document(mode: Int, colour: String = "#ffffff", matteTime: (Double, Double) = (0, 20)) -> String {
    let matte = Lottie.solid(color: colour, w: 50, h: 100, ip: matteTime.0, op: matteTime.1, #""td": 1, "ind": 1"#)
    let matted = Lottie.solid(color: "#ff0000", #""tt": \#(mode), "ind": 2"#)
    return Lottie.document(layers: matte + "," + matted)
  }

  static func pixel(_ json: String, _ x: Int, _ y: Int, frame: Double = 0) throws -> (UInt8, UInt8, UInt8, UInt8) {
    try Lottie.render(try Lottie.load(json), frame: frame)[x, y]
  }

  @Test func alphaMatte() throws {
    #expect(try Self.pixel(Self.document(mode: 1), 25, 50) == (255, 0, 0, 255))
    #expect(try Self.pixel(Self.document(mode: 1), 75, 50).3 == 0)
  }

  @Test func invertedAlphaMatte() throws {
    let json = Self.document(mode: 2)
    #expect(try Lottie.load(json).warnings.isEmpty)
    #expect(try Self.pixel(json, 25, 50).3 == 0)
    #expect(try Self.pixel(json, 75, 50) == (255, 0, 0, 255))
  }

  /// Grey 128 has luminance 128/255; red has 0.2126 (54 levels).
  @Test func lumaMatte() throws {
    let grey = Self.document(mode: 3, colour: "#808080")
    #expect(try Lottie.load(grey).warnings.isEmpty)
    #expect(abs(Int(try Self.pixel(grey, 25, 50).3) - 128) <= 1)
    #expect(try Self.pixel(grey, 75, 50).3 == 0)
    #expect(abs(Int(try Self.pixel(Self.document(mode: 3, colour: "#ff0000"), 25, 50).3) - 54) <= 1)
  }

  @Test func invertedLumaMatte() throws {
    let grey = Self.document(mode: 4, colour: "#808080")
    #expect(abs(Int(try Self.pixel(grey, 25, 50).3) - 127) <= 1)
    #expect(try Self.pixel(grey, 75, 50) == (255, 0, 0, 255))
  }

  /// A matte outside its in and out points draws nothing: an alpha matte then hides the
  /// layer, an inverted one shows all of it.
  @Test func aMatteOutOfItsTime() throws {
    #expect(try Self.pixel(Self.document(mode: 1, matteTime: (10, 20)), 25, 50).3 == 0)
    #expect(try Self.pixel(Self.document(mode: 2, matteTime: (10, 20)), 25, 50).3 == 255)
    #expect(try Self.pixel(Self.document(mode: 1, matteTime: (10, 20)), 25, 50, frame: 12).3 == 255)
  }

  /// A matte that has a matte of its own: the red layer shows through B (left half), which
  /// shows only where C (the top 30 rows) is not.
  @Test func chainedMattes() throws {
    let c = Lottie.solid(color: "#ffffff", w: 100, h: 30, #""td": 1, "ind": 1"#)
    let b = Lottie.solid(color: "#ffffff", w: 50, h: 100, #""td": 1, "tt": 2, "ind": 2"#)
    let a = Lottie.solid(color: "#ff0000", #""tt": 1, "ind": 3"#)
    let json = Lottie.document(layers: [c, b, a].joined(separator: ","))
    #expect(try Self.pixel(json, 25, 50) == (255, 0, 0, 255))
    #expect(try Self.pixel(json, 25, 10).3 == 0)
    #expect(try Self.pixel(json, 75, 50).3 == 0)
  }
}

import Foundation
import Strata
import StrataLottie
import Testing

/// Layer effects, each checked against its definition: Fill replaces the colour (alpha ×
/// opacity), Tint maps Rec. 709 luminance from black to white and mixes by the amount,
/// Gaussian Blur is a Gaussian of σ = 0.3 × blurriness, Drop Shadow is the layer's shadow
/// moved `distance` towards `direction` (0 up, 90 right, 180 down).
@Suite struct EffectTests {
  static func param(_ value: String) -> String { #"{"ty": 0, "nm": "p", "v": {"a": 0, "k": \#(value)}}"# }

  static func effect(_ ty: Int, _ params: [String]) -> String {
    #"{"ty": \#(ty), "nm": "fx", "en": 1, "ef": [\#(params.map(param).joined(separator: ","))]}"#
  }

  static func render(_ effects: [String], colour: String = "#ff0000", w: Double = 100, h: Double = 100,
                     at: (Double, Double) = (50, 50)) throws -> PixelBuffer {
    let members = #""ks": {"a": {"a": 0, "k": [\#(w / 2), \#(h / 2)]}, "p": {"a": 0, "k": [\#(at.0), \#(at.1)]}}, "ef": [\#(effects.joined(separator: ","))]"#
    let a = try Lottie.load(Lottie.document(layers: Lottie.solid(color: colour, w: w, h: h, members)))
    #expect(a.warnings.isEmpty, "\(a.warnings)")
    return try Lottie.render(a, frame: 0)
  }

  @Test func fill() throws {
    let opaque = try Self.render([Self.effect(21, ["0", "0", "[0, 1, 0, 1]", "0", "0", "0", "1"])])
    #expect(opaque[50, 50] == (0, 255, 0, 255))
    let half = try Self.render([Self.effect(21, ["0", "0", "[0, 1, 0, 1]", "0", "0", "0", "0.5"])])
    #expect(abs(Int(half[50, 50].3) - 128) <= 1 && half[50, 50].0 == 0, "\(half[50, 50])")
  }

  /// Grey 128 has luminance 0.502: mapped from black to red it is red 128; half mixed with
  /// the grey it is (128, 64, 64).
  @Test func tint() throws {
    let full = try Self.render([Self.effect(20, ["[0, 0, 0, 1]", "[1, 0, 0, 1]", "100"])], colour: "#808080")
    #expect(abs(Int(full[50, 50].0) - 128) <= 1 && full[50, 50].1 == 0 && full[50, 50].2 == 0, "\(full[50, 50])")
    let half = try Self.render([Self.effect(20, ["[0, 0, 0, 1]", "[1, 0, 0, 1]", "50"])], colour: "#808080")
    let p = half[50, 50]
    #expect(abs(Int(p.0) - 128) <= 1 && abs(Int(p.1) - 64) <= 1 && abs(Int(p.2) - 64) <= 1, "\(p)")
  }

  /// A 40-point square blurred by 10 (σ = 3): at its edge's pixel (centre 0.5 inside) the
  /// alpha is Φ(0.5 / 3) = 0.566; 7.5 outside it is Φ(−2.5) = 0.006.
  @Test func gaussianBlur() throws {
    let p = try Self.render([Self.effect(29, ["10", "1", "0"])], w: 40, h: 40)
    #expect(abs(Int(p[30, 50].3) - 144) <= 6, "\(p[30, 50])")
    #expect(p[22, 50].3 <= 4, "\(p[22, 50])")
    #expect(p[50, 50] == (255, 0, 0, 255))
  }

  /// Distance 20 towards 90° moves the shadow right; 180° down. Softness 0 keeps it sharp.
  @Test func dropShadow() throws {
    let right = try Self.render([Self.effect(25, ["[0, 0, 1, 1]", "255", "90", "20", "0", "0"])], w: 40, h: 40, at: (30, 30))
    #expect(right[55, 30] == (0, 0, 255, 255), "\(right[55, 30])")
    #expect(right[75, 30].3 == 0 && right[30, 55].3 == 0)
    #expect(right[30, 30] == (255, 0, 0, 255))
    let down = try Self.render([Self.effect(25, ["[0, 0, 0, 1]", "127.5", "180", "20", "0", "0"])], w: 40, h: 40, at: (30, 30))
    #expect(abs(Int(down[30, 55].3) - 128) <= 1 && down[55, 30].3 == 0, "\(down[30, 55])")
  }

  /// Expression controls draw nothing and are not warned about; other effects are.
  @Test func controlsAndUnknownEffects() throws {
    let slider = #"{"ty": 5, "nm": "Slider Control", "mn": "ADBE Slider Control", "ef": [\#(Self.param("3"))]}"#
    let members = #""ef": [\#(slider), {"ty": 26, "nm": "Radial Wipe", "ef": []}]"#
    let a = try Lottie.load(Lottie.document(layers: Lottie.solid(members)))
    #expect(a.warnings.map(\.message) == [#"effect "Radial Wipe" (type 26) is not supported"#], "\(a.warnings)")
  }
}

import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataRender
import Testing

/// Hue, saturation, color and luminosity on both backends: an opaque layer over an opaque
/// backdrop, against values worked out by hand from the W3C definitions (Lum = 0.3 R +
/// 0.59 G + 0.11 B, ClipColor, SetLum, Sat, SetSat).
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct NonSeparableBlendTests {
  static let cases: [(String, CompositingFilter, Color, Color, (Int, Int, Int))] = [
    // Grey backdrop has no saturation: the red's hue at saturation 0 is the grey.
    ("hue of red over grey", .hueBlendMode, Color(1, 0, 0), Color(0.5, 0.5, 0.5), (128, 128, 128)),
    // Green at the backdrop's saturation 0.6, (0, 0.6, 0), moved to its luminosity 0.384.
    ("hue of green over blue-grey", .hueBlendMode, Color(0, 1, 0), Color(0.2, 0.4, 0.8), (8, 161, 8)),
    // Red at saturation 0 is black, at red's luminosity 0.3.
    ("saturation of grey over red", .saturationBlendMode, Color(0.5, 0.5, 0.5), Color(1, 0, 0), (77, 77, 77)),
    // Blue moved to luminosity 0.5 is (0.39, 0.39, 1.39), clipped to (0.438, 0.438, 1).
    ("color of blue over grey", .colorBlendMode, Color(0, 0, 1), Color(0.5, 0.5, 0.5), (112, 112, 255)),
    // Red at white's luminosity 1 clips to white.
    ("luminosity of white over red", .luminosityBlendMode, Color(1, 1, 1), Color(1, 0, 0), (255, 255, 255)),
  ]

  @Test func modesGiveTheSpecificationsColours() throws {
    let gl = try GPU.renderer()
    for (name, filter, source, backdrop, want) in Self.cases {
      let root = Layer(frame: Rect(0, 0, 8, 8))
      root.backgroundColor = backdrop
      let top = Layer(frame: Rect(0, 0, 8, 8))
      top.backgroundColor = source
      top.compositingFilter = filter
      try root.addSublayer(top)
      let list = RenderListCompiler(width: 8, height: 8, background: .clear).compile(root.snapshot())
      for (backend, pixels) in [("cpu", try CPURenderer().render(list)), ("gpu", try gl.render(list))] {
        let p = pixels[4, 4]
        let ok = abs(Int(p.0) - want.0) <= 1 && abs(Int(p.1) - want.1) <= 1 && abs(Int(p.2) - want.2) <= 1 && p.3 == 255
        #expect(ok, "\(name) \(backend): \(p), want \(want)")
      }
    }
  }
}

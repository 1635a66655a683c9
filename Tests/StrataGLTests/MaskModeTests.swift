import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataRender
import Testing

/// `Layer.maskMode` on both backends: a red layer masked by a layer whose left half is a
/// colour, its right half empty. What each mode lets through follows from its definition
/// (`MaskMode`): alpha, 1 − alpha, Rec. 709 luminance of the premultiplied colour, 1 − that.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct MaskModeTests {
  static func tree(_ mode: MaskMode, mask colour: Color) throws -> Layer {
    let root = Layer(frame: Rect(0, 0, 40, 20))
    let layer = Layer(frame: Rect(0, 0, 40, 20))
    layer.backgroundColor = Color(1, 0, 0)
    let mask = Layer(frame: Rect(0, 0, 20, 20))
    mask.backgroundColor = colour
    layer.mask = mask
    layer.maskMode = mode
    try root.addSublayer(layer)
    return root
  }

  /// The alpha the layer shows through a mask pixel of `c` (straight colour), in levels.
  static func expected(_ mode: MaskMode, _ c: Color) -> Double {
    let luma = (0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue) * c.alpha
    switch mode {
    case .alpha: return 255 * c.alpha
    case .invertedAlpha: return 255 * (1 - c.alpha)
    case .luminance: return 255 * luma
    case .invertedLuminance: return 255 * (1 - luma)
    }
  }

  static let masks: [(String, Color)] = [
    ("white", Color(1, 1, 1)), ("grey", Color(0.5, 0.5, 0.5)), ("red", Color(1, 0, 0)), ("green half", Color(0, 1, 0, 0.5)),
  ]

  @Test(arguments: MaskMode.allCases)
  func modeLetsThroughWhatItsDefinitionSays(_ mode: MaskMode) throws {
    let gl = try GPU.renderer()
    for (name, c) in Self.masks {
      let list = RenderListCompiler(width: 40, height: 20, background: .clear).compile(try Self.tree(mode, mask: c).snapshot())
      for (backend, pixels) in [("cpu", try CPURenderer().render(list)), ("gpu", try gl.render(list))] {
        let inside = pixels[10, 10], outside = pixels[30, 10]
        let want = Self.expected(mode, c)
        #expect(abs(Double(inside.3) - want) <= 1, "\(mode) \(name) \(backend): alpha \(inside.3), want \(want)")
        #expect(abs(Double(inside.0) - want) <= 1 && inside.1 == 0, "\(mode) \(name) \(backend): \(inside)")
        // Where the mask draws nothing: alpha and luminance 0.
        let wantOutside: UInt8 = mode.showsOutsideMask ? 255 : 0
        #expect(outside.3 == wantOutside && outside.0 == wantOutside, "\(mode) \(name) \(backend): outside \(outside)")
      }
    }
  }

  /// The render list says which mode a group's mask has; an inverted mask does not cut the
  /// group down to the mask's pixels.
  @Test func theRenderListCarriesTheMode() throws {
    let text = RenderListCompiler(width: 40, height: 20, background: .clear)
      .compile(try Self.tree(.invertedAlpha, mask: .white).snapshot()).textDescription
    #expect(text.contains("mask invertedAlpha"), "\(text)")
    #expect(text.contains("pixels [0 0 40 20]"), "\(text)")
  }
}

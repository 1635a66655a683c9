import Foundation
import Strata
import StrataRender
import StrataTesting
import Testing

/// A layer with a shadow and a blend mode is blended with what lies behind it, its own
/// shadow included (the shadow is drawn below the layer, then the layer is composited with
/// its `compositingFilter`). The compiler let the opaque body occlude the middle of its
/// analytic shadow, which only source-over compositing hides: the CPU skipped those pixels
/// and differenced the layer with the bare background (strata-fuzz seed 2046).
@Suite struct ShadowBlendTests {
  @Test(arguments: Backend.available)
  func aBlendedLayerIsBlendedWithItsOwnShadow(_ backend: Backend) throws {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
    root.anchorPoint = .zero
    let l = Layer()
    l.frame = Rect(x: 10, y: 10, width: 40, height: 40)
    l.backgroundColor = Color(0.2, 0.6, 0.5)
    l.cornerRadius = 4
    l.shadowOpacity = 0.8
    l.compositingFilter = .differenceBlendMode
    try root.addSublayer(l)
    let background = Color(0.9, 0.5, 0.2)
    let list = RenderListCompiler(width: 60, height: 60, scale: 1, background: background).compile(root.snapshot(at: 0))
    let out = try backend.render(list)
    // At the centre the shadow (black, 0.8, blurred by a few pixels) covers fully: the
    // backdrop is the background times 0.2, and difference gives |layer - backdrop|.
    let i = (30 * 60 + 30) * 4
    let layer = [0.2, 0.6, 0.5], bg = [0.9, 0.5, 0.2]
    for c in 0..<3 {
      let want = Int((abs(layer[c] - bg[c] * 0.2) * 255).rounded())
      #expect(abs(Int(out.pixels[i + c]) - want) <= 1, "\(backend) channel \(c): \(out.pixels[i + c]), want \(want)")
    }
  }
}

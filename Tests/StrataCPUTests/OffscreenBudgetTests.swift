import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import Testing

/// Issue 10.8 on the CPU renderer: a frame over the offscreen budget is refused before
/// anything is drawn, and one within it draws nested groups correctly.
@Suite struct OffscreenBudgetTests {
  /// `depth` nested canvas-sized layers, each a 10% red background at `opacity`.
  static func nested(_ depth: Int, side: Double, opacity: Double) -> Layer {
    var inner: Layer? = nil
    for _ in 0..<depth {
      let l = layer(Rect(0, 0, side, side), Color(1, 0, 0, 0.1)) { $0.opacity = opacity }
      if let c = inner { try! l.addSublayer(c) }
      inner = l
    }
    return root(side, side, [inner!])
  }

  /// Group opacity composited by hand: each layer's background, its sublayer's group
  /// over it, the whole at the layer's opacity.
  static func expectedAlpha(_ depth: Int, opacity: Double) -> Double {
    var a = 0.1 * opacity  // the innermost, no group
    for _ in 1..<depth { a = opacity * (0.1 + a * (1 - 0.1)) }
    return a
  }

  @Test func overTheBudgetNothingIsDrawn() throws {
    let list = RenderListCompiler(width: 64, height: 64).compile(Self.nested(20, side: 64, opacity: 0.5).snapshot())
    var cpu = CPURenderer()
    cpu.limits = RenderLimits(offscreenBytes: 18 * 64 * 64 * 4)
    var target = PixelBuffer(width: 64, height: 64)
    target.pixels[0] = 7
    let error = #expect(throws: RenderError.self) { try cpu.render(list, into: &target) }
    #expect(error?.kind == .limitExceeded)
    #expect(error?.message.hasPrefix("the frame needs 1 MiB of offscreen memory at once (19 nested offscreen groups") == true, "\(error!)")
    #expect(target.pixels[0] == 7, "refused before the canvas was touched")
    // Within a budget that fits, the nested groups compose as computed by hand.
    cpu.limits = RenderLimits(offscreenBytes: 19 * 64 * 64 * 4)
    try cpu.render(list, into: &target)
    let a = Self.expectedAlpha(20, opacity: 0.5) * 255
    for (x, y) in [(0, 0), (32, 40), (63, 63)] {
      let p = target[x, y]
      #expect(abs(Double(p.3) - a) <= 1.5 && p.0 == p.3 && p.1 == 0, "pixel (\(x), \(y)): \(p), alpha \(a)")
    }
  }
}

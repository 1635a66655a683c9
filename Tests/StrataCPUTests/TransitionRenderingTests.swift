import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import Testing

/// A fade transition is a cross-fade: halfway between opaque red and opaque blue the pixel
/// is half of each, not darkened by the background showing through.
@Suite struct TransitionRenderingTests {
  @Test func fadeIsACrossFade() throws {
    let r = root(60, 60, [])
    let l = layer(Rect(10, 10, 40, 40), Color(1, 0, 0))
    try r.addSublayer(l)
    let f = Transition(.fade, duration: 1)
    f.timingFunction = .linear
    l.add(f, forKey: "fade")
    l.backgroundColor = Color(0, 0, 1)
    let list = RenderListCompiler(width: 60, height: 60, background: .black).compile(r.snapshot(at: 0.5))
    let px = try CPURenderer().render(list)[30, 30]
    #expect(abs(Int(px.0) - 128) <= 1 && px.1 == 0 && abs(Int(px.2) - 128) <= 1 && px.3 == 255, "\(px)")
  }
}

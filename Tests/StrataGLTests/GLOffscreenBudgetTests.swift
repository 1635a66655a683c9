import Strata
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataRender
import Testing

/// Issue 10.8 on the GPU: the same offscreen budget as the CPU renderer, refused with the
/// same error before a target is made; within it, nested groups match the CPU.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLOffscreenBudgetTests {
  /// 20 nested layers inset 3 pixels each, alternating blend modes and group opacity.
  static func scene() -> Layer {
    var inner: Layer? = nil
    for i in (0..<20).reversed() {
      let inset = Double(3 * i)
      let colors = [Color(0.9, 0.3, 0.2, 0.6), Color(0.2, 0.5, 0.9, 0.5), Color(0.95, 0.8, 0.2, 0.7)]
      let l = layer(Rect(3, 3, 128 - 2 * inset, 128 - 2 * inset), colors[i % 3]) { l in
        if i % 2 == 0 { l.opacity = 0.8 } else { l.compositingFilter = i % 4 == 1 ? .multiplyBlendMode : .screenBlendMode }
      }
      if let c = inner { try! l.addSublayer(c) }
      inner = l
    }
    inner!.position = Point(x: 64, y: 64)
    return root(128, 128, [inner!])
  }

  @Test func theGPUHoldsToTheSameBudget() throws {
    _ = try GPU.renderer()
    let list = RenderListCompiler(width: 128, height: 128, background: .white).compile(Self.scene().snapshot())
    let need = OffscreenMemory.peak(of: list).bytes
    var options = GLRenderer.Options()
    options.limits = RenderLimits(offscreenBytes: need - 1)
    let tight = try GLRenderer(options: options)
    var cpu = CPURenderer()
    cpu.limits = options.limits
    var target = PixelBuffer(width: 128, height: 128)
    let gpuError = #expect(throws: RenderError.self) { try tight.render(list, into: &target) }
    let cpuError = #expect(throws: RenderError.self) { try cpu.render(list, into: &target) }
    #expect(gpuError?.kind == .limitExceeded)
    #expect(gpuError == cpuError)
    // With the default budget both draw it, alike.
    let gpu = try GPU.renderer().render(list), reference = try CPURenderer().render(list)
    let d = Difference(gpu, reference)
    print("20 nested groups: GPU vs CPU \(d)")
    #expect(d.largest <= 3, "\(d)")
  }
}

import Strata
import StrataBackends
import StrataRender
import Synchronization
import Testing

/// A frame over a `RenderLimits` budget is refused by every renderer alike (issue 10.8):
/// the chain passes the error on at once, with no fresh context, no fallback and no
/// warning, so the user reads the limit rather than a GPU failure.
@Suite struct FallbackLimitTests {
  @Test func aFrameOverTheLimitIsNotRetried() throws {
    let over = RenderError(.limitExceeded, "the frame needs 1216 MiB of offscreen memory at once")
    let source = FakeSource([.success(FakeRenderer("gpu", color: red, failing: [over]))])
    let cpu = FakeRenderer("cpu", color: blue)
    let c = FallbackRenderer(primary: source.source, fallback: cpu)
    let warnings = Mutex<[String]>([])
    c.warn = { w in warnings.withLock { $0.append(w) } }
    var (list, out) = frame()
    #expect(throws: over) { try c.renderReporting(list, into: &out) }
    #expect(source.made.load(ordering: .relaxed) == 1)
    #expect(cpu.calls.load(ordering: .relaxed) == 0)
    #expect(warnings.withLock { $0 }.isEmpty)
  }
}

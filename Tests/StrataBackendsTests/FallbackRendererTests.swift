import Strata
import StrataBackends
import StrataRender
import Synchronization
import Testing

/// A renderer that fills the frame with one colour, or throws the errors it is given first.
final class FakeRenderer: Renderer, @unchecked Sendable {
  let name: String
  let color: (UInt8, UInt8, UInt8, UInt8)
  private let failures: Mutex<[RenderError]>
  let calls = Atomic<Int>(0)

  init(_ name: String, color: (UInt8, UInt8, UInt8, UInt8), failing failures: [RenderError] = []) {
    self.name = name
    self.color = color
    self.failures = Mutex(failures)
  }

  func render(_ list: RenderList, into target: inout PixelBuffer) throws(RenderError) {
    calls.add(1, ordering: .relaxed)
    if let e = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw e }
    for i in 0..<(target.width * target.height) {
      (target.pixels[i * 4], target.pixels[i * 4 + 1], target.pixels[i * 4 + 2], target.pixels[i * 4 + 3]) = color
    }
  }
}

/// Hands out the given renderers (or errors) one per call, as a GPU source makes a context
/// per call.
final class FakeSource: @unchecked Sendable {
  private let queue: Mutex<[Result<any Renderer, RenderError>]>
  let made = Atomic<Int>(0)

  init(_ queue: [Result<any Renderer, RenderError>]) { self.queue = Mutex(queue) }

  var source: FallbackRenderer.Source {
    { [self] in
      made.add(1, ordering: .relaxed)
      return queue.withLock { $0.isEmpty ? .failure(RenderError(.unavailable, "no more")) : $0.removeFirst() }
    }
  }
}

let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
let green: (UInt8, UInt8, UInt8, UInt8) = (0, 255, 0, 255)
let blue: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 255, 255)
let lost = RenderError(.deviceFailure, "GL context lost: reset")

func frame() -> (RenderList, PixelBuffer) {
  (RenderList(width: 4, height: 2, background: .clear), PixelBuffer(width: 4, height: 2))
}

/// The chain through the `Renderer` protocol alone: GPU, fresh context, CPU.
@Suite struct FallbackRendererTests {
  final class Warnings: Sendable {
    let list = Mutex<[String]>([])
  }
  let warnings = Warnings()

  func chain(_ source: FakeSource?, required: Bool = false, fallback: FakeRenderer) -> FallbackRenderer {
    let c = FallbackRenderer(primary: source?.source, required: required, fallback: fallback) { "no GPU: \($0)" }
    c.warn = { [warnings] w in warnings.list.withLock { $0.append(w) } }
    return c
  }

  @Test func withoutAPrimaryEveryFrameGoesToTheFallback() throws {
    let c = chain(nil, fallback: FakeRenderer("cpu", color: blue))
    var (list, out) = frame()
    let report = try c.renderReporting(list, into: &out)
    #expect(report == .init(backend: "cpu", notes: []))
    #expect(out[0, 0] == blue && c.usesFallbackOnly)
  }

  @Test func aWorkingPrimaryDrawsEveryFrame() throws {
    let gpu = FakeRenderer("gpu", color: red)
    let source = FakeSource([.success(gpu)])
    let cpu = FakeRenderer("cpu", color: blue)
    let c = chain(source, fallback: cpu)
    var (list, out) = frame()
    for _ in 0..<3 { #expect(try c.renderReporting(list, into: &out).backend == "gpu") }
    #expect(out[3, 1] == red)
    #expect(source.made.load(ordering: .relaxed) == 1 && cpu.calls.load(ordering: .relaxed) == 0)
    #expect(warnings.list.withLock { $0 }.isEmpty)
  }

  /// One lost frame is drawn again on a fresh instance, which then draws the next frames.
  @Test func aFailedFrameIsDrawnAgainOnAFreshContext() throws {
    let source = FakeSource([.success(FakeRenderer("gpu", color: red, failing: [lost])), .success(FakeRenderer("gpu", color: green))])
    let cpu = FakeRenderer("cpu", color: blue)
    let c = chain(source, fallback: cpu)
    var (list, out) = frame()
    let report = try c.renderReporting(list, into: &out)
    #expect(report.backend == "gpu (fresh context)", "\(report)")
    #expect(report.notes.contains { $0.contains("GL context lost") })
    #expect(out[0, 0] == green)
    #expect(try c.renderReporting(list, into: &out).backend == "gpu")
    #expect(source.made.load(ordering: .relaxed) == 2 && cpu.calls.load(ordering: .relaxed) == 0)
    #expect(warnings.list.withLock { $0.count } == 1)
  }

  @Test func whenTheFreshContextFailsTooTheFallbackDraws() throws {
    let source = FakeSource([
      .success(FakeRenderer("gpu", color: red, failing: [lost])), .success(FakeRenderer("gpu", color: green, failing: [lost])),
    ])
    let c = chain(source, fallback: FakeRenderer("cpu", color: blue))
    var (list, out) = frame()
    let report = try c.renderReporting(list, into: &out)
    #expect(report.backend == "cpu", "\(report)")
    #expect(report.notes.contains { $0.contains("the fresh context failed too") })
    #expect(out[0, 0] == blue)
    #expect(warnings.list.withLock { $0.count } == 2)
  }

  /// A frame the primary cannot hold goes to the fallback at once: no retry, no warning.
  @Test func anUnsupportedFrameGoesStraightToTheFallback() throws {
    let big = RenderError(.unsupported, "a 20000x1 canvas exceeds the GPU's render target limit (16384 pixels)")
    let source = FakeSource([.success(FakeRenderer("gpu", color: red, failing: [big]))])
    let c = chain(source, fallback: FakeRenderer("cpu", color: blue))
    var (list, out) = frame()
    let report = try c.renderReporting(list, into: &out)
    #expect(report.backend == "cpu")
    #expect(report.notes == ["a 20000x1 canvas exceeds the GPU's render target limit (16384 pixels); rendered on the cpu renderer"])
    #expect(source.made.load(ordering: .relaxed) == 1)
    #expect(warnings.list.withLock { $0 }.isEmpty)
    #expect(try c.renderReporting(list, into: &out).backend == "gpu")  // the next frame is the GPU's again
  }

  @Test func aMissingPrimaryIsAnErrorOnlyWhenRequired() throws {
    let none = RenderError(.unavailable, "no headless OpenGL ES 3 context")
    let optional = chain(FakeSource([.failure(none)]), fallback: FakeRenderer("cpu", color: blue))
    var (list, out) = frame()
    #expect(try optional.renderReporting(list, into: &out) == .init(backend: "cpu", notes: ["no GPU: no headless OpenGL ES 3 context"]))
    #expect(optional.usesFallbackOnly && optional.primaryUnavailable == none)
    let required = chain(FakeSource([.failure(none)]), required: true, fallback: FakeRenderer("cpu", color: blue))
    #expect(throws: RenderError(.unavailable, "no headless OpenGL ES 3 context")) { try required.render(list, into: &out) }
  }

  @Test func injectedFaultsActLikeLostContexts() throws {
    let source = FakeSource([.success(FakeRenderer("gpu", color: red)), .success(FakeRenderer("gpu", color: green))])
    let c = chain(source, fallback: FakeRenderer("cpu", color: blue))
    c.injectedFaults.store(2, ordering: .relaxed)
    var (list, out) = frame()
    #expect(try c.renderReporting(list, into: &out).backend == "cpu")
    #expect(try c.renderReporting(list, into: &out).backend == "gpu")
    #expect(out[0, 0] == green)
  }
}

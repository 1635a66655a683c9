import Strata
import StrataBackends
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataRender
import Testing

/// The chain on the real GPU backend (llvmpipe here and on CI; a missing context is a
/// failure, not a skip, so that these never turn into CPU-against-CPU comparisons).
@Suite(.serialized) struct GPUFallbackTests {
  static let gpuSettings = BackendSettings(choice: .gpu, origin: .flag)

  /// The explicit GPU chain, checked to have a GPU.
  static func gpuChain(sourceLocation: SourceLocation = #_sourceLocation) throws -> FallbackRenderer {
    let chain = Backends.renderer(for: gpuSettings)
    chain.warn = { _ in }
    if let why = chain.primaryUnavailable {
      Issue.record("no GPU context: \(why)", sourceLocation: sourceLocation)
      throw why
    }
    #expect(chain.name.hasPrefix("gpu ("), sourceLocation: sourceLocation)
    return chain
  }

  static func largestDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  @Test func lostFrameIsRenderedAgainThenOnTheCPU() throws {
    let r = root(32, 32, [layer(Rect(4, 4, 24, 24), .white) { $0.cornerRadius = 6 }])
    let list = RenderListCompiler(width: 32, height: 32, background: .black).compile(r.snapshot())
    let expected = try CPURenderer().render(list)
    let renderer = try Self.gpuChain()
    var out = PixelBuffer(width: 32, height: 32)
    let normal = try renderer.renderReporting(list, into: &out)
    #expect(normal.backend.hasPrefix("gpu (") && normal.notes.isEmpty, "\(normal)")
    renderer.injectedFaults.store(1, ordering: .relaxed)
    out = PixelBuffer(width: 32, height: 32)
    let once = try renderer.renderReporting(list, into: &out)
    #expect(once.backend.hasPrefix("gpu (") && once.backend.contains("fresh context"), "\(once)")
    #expect(Self.largestDifference(out, expected) <= 2)
    renderer.injectedFaults.store(2, ordering: .relaxed)
    out = PixelBuffer(width: 32, height: 32)
    let twice = try renderer.renderReporting(list, into: &out)
    #expect(twice.backend == "cpu", "\(twice)")
    #expect(out == expected)
  }

  @Test func oversizedCanvasFallsBackToTheCPU() throws {
    let renderer = try Self.gpuChain()
    let gl = try #require(renderer.primary as? GLRenderer)
    let big = gl.info.maxRenderbufferSize + 1
    let list = RenderListCompiler(width: big, height: 1).compile(root(Double(big), 1, []).snapshot())
    var out = PixelBuffer(width: big, height: 1)
    let report = try renderer.renderReporting(list, into: &out)
    #expect(report.backend == "cpu")
    #expect(report.notes.contains { $0.contains("render target limit") })
  }

  /// Auto takes only a hardware GPU; on a machine whose GPU is llvmpipe it renders on the
  /// CPU without making an llvmpipe context, and says why.
  @Test func autoTakesOnlyAHardwareGPU() throws {
    let any = Backends.gpu()
    let auto = Backends.renderer(for: BackendSettings())
    guard case .success(let gl) = any, gl.info.isSoftware else {
      // A hardware GPU (or none): auto takes it (or the CPU).
      #expect((auto.primary != nil) == ((try? any.get()) != nil))
      return
    }
    #expect(auto.usesFallbackOnly)
    let why = try #require(auto.primaryUnavailable)
    #expect(why.message.contains("surfaceless: skipped: a software rasteriser, and only a hardware GPU was asked for"), "\(why)")
    let r = root(8, 8, [layer(Rect(0, 0, 4, 4), .white)])
    let list = RenderListCompiler(width: 8, height: 8).compile(r.snapshot())
    var out = PixelBuffer(width: 8, height: 8)
    let report = try auto.renderReporting(list, into: &out)
    #expect(report.backend == "cpu")
    #expect(report.notes.count == 1 && report.notes[0].hasPrefix("auto: cpu (no hardware GPU: "), "\(report)")
    #expect(try out == CPURenderer().render(list))
  }
}

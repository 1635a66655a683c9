import Foundation
import Strata
import StrataBackends
import StrataPNG
import StrataRender
import StrataScene
import StrataSync

/// Renders a scene at one time (`--time`) or for a range of frames and writes them.
///
/// The layer tree is read on this thread only: each batch's presentation snapshots are
/// taken one after another, then the batch is compiled, rendered and encoded concurrently
/// (on the CPU backend several frames at once; on the GPU the draws are sequential and
/// only the encoding runs in parallel). Outputs keep frame order. The renderer comes from
/// `StrataBackends`: the fallback chain the user's backend settings ask for.
///
/// Memory does not grow with the number of frames: times are computed per frame, a batch
/// holds at most `batchBytes` of pixels (at least one frame), and an animated PNG or raw
/// stream is written as each batch is done. A frame sequence stops between batches on
/// SIGINT or SIGTERM (see `Interrupts`).
struct FrameSequence {
  let scene: Scene
  let options: RenderCommand.Options
  let console: Console
  /// The renderer to use; nil: one made from `options.backend`. A batch passes the one it
  /// shares between its scenes (`BatchRender`).
  var renderer: FallbackRenderer? = nil

  /// The most RGBA8 pixel bytes a batch renders at once: 2 frames per CPU thread, fewer
  /// when frames are large (four 4096 x 4096 frames).
  static let batchBytes = 256 << 20

  func render() -> ExitCode {
    options.frames == nil ? run() : Interrupts.deferred { run() }
  }

  private func run() -> ExitCode {
    let clock = ContinuousClock()
    let start = clock.now
    let settings = options.backend
    let renderer = self.renderer ?? Backends.renderer(for: settings)
    if settings.choice == .gpu, let why = renderer.primaryUnavailable {
      console.err("strata render: \(settings.choiceSource): no GPU backend: \(why); \(settings.cpuAdvice)\n")
      return .failure
    }
    // The CPU renderer is reentrant: frames render several at a time.
    let parallel = renderer.usesFallbackOnly
    let output = options.output!
    // RenderListCompiler is not Sendable; its inputs are, so each frame makes its own.
    let (width, height, scale, background) = (scene.pixelWidth, scene.pixelHeight, scene.scale, scene.background)
    let single = options.frames == nil
    let frames = options.frames ?? 0..<1
    let (fixedTime, fps) = (options.time ?? 0, options.fps)
    let pattern = single ? nil : ((try? FramePattern(output)) ?? nil)
    let sink: FrameSink
    do {
      sink = try FrameSink(format: options.format, output: output, pattern: pattern, frameCount: frames.count, fps: fps)
    } catch {
      console.err("strata render: \(error)\n")
      return .failure
    }
    let encoding = sink.encoding
    var lastReport: FallbackRenderer.Report? = nil
    let counts = Locked((draws: 0, clips: 0))
    let progress = FrameProgress(total: frames.count, console: console)
    let batch = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 2, Self.batchBytes / max(1, width * height * 4)))
    var renderTime = Duration.zero
    var done = 0
    func stop(_ message: String?) -> ExitCode {
      sink.abandon()
      progress.finish()
      if let message { console.err("strata render: \(message)\n") }
      return .failure
    }
    func interrupted(by signal: Int32) -> ExitCode {
      sink.abandon()
      progress.finish()
      let left = sink.leftAfterInterrupt(framesDone: done, first: frames.lowerBound)
      console.err("strata render: stopped by \(SignalCalls.name(signal)) after \(done) of \(frames.count) frames; \(left)\n")
      return .interrupted
    }
    for batchStart in stride(from: frames.lowerBound, to: frames.upperBound, by: batch) {
      if let s = Interrupts.pending { return interrupted(by: s) }
      let batchFrames = batchStart..<min(frames.upperBound, batchStart + batch)
      let last = batchFrames.count - 1
      // The model is single-threaded: snapshots first, here.
      let snapshots = batchFrames.map { scene.root.snapshot(at: single ? fixedTime : Double($0) / fps) }
      let t0 = clock.now
      let drawn = Locked<[Int: Result<(PixelBuffer, FallbackRenderer.Report), RenderError>]>([:])
      let draw = { @Sendable (k: Int) in
        let list = RenderListCompiler(width: width, height: height, scale: scale, background: background).compile(snapshots[k])
        var pixels = PixelBuffer(width: list.width, height: list.height)
        let r = Result { () throws(RenderError) in try renderer.renderReporting(list, into: &pixels) }
        drawn.withLock { $0[k] = r.map { (pixels, $0) } }
        if k == last { counts.withLock { $0 = (list.commands.count, list.clips.count) } }
      }
      if parallel {
        DispatchQueue.concurrentPerform(iterations: batchFrames.count, execute: draw)
      } else {
        for k in 0...last { draw(k) }
      }
      var buffers: [Int: PixelBuffer] = [:]
      for (k, r) in drawn.withLock({ $0 }) {
        switch r {
        case .success(let (pixels, report)):
          buffers[k] = pixels
          if k == last { lastReport = report }
        // Over a limit, no backend would do better: the message is the advice.
        case .failure(let e) where e.kind == .limitExceeded: return stop("\(e)")
        case .failure(let e): return stop("\(settings.choiceSource): \(e); \(settings.cpuAdvice)")
        }
      }
      renderTime += clock.now - t0
      do throws(PNGError) { try sink.makeDirectories(for: batchFrames) } catch { return stop("\(error)") }
      // Encoding (and writing PNG files, each atomic) in parallel.
      let rendered = buffers
      let results = Locked<[Int: Result<[UInt8], PNGError>]>([:])
      DispatchQueue.concurrentPerform(iterations: batchFrames.count) { k in
        let r = Result { () throws(PNGError) in try encoding.encode(rendered[k]!, frame: batchStart + k) }
        results.withLock { $0[k] = r }
      }
      let encoded = results.withLock { $0 }
      for k in 0...last {
        switch encoded[k]! {
        case .failure(let e): return stop("\(e)")
        case .success(let bytes):
          // A raw stream ends after a whole frame.
          if let s = Interrupts.pending, case .raw = sink { return interrupted(by: s) }
          do throws(PNGError) { try sink.append(bytes) } catch {
            // A reader that closed the pipe has what it wanted: end quietly, as other tools do.
            if error.isClosedPipe { return stop(nil) }
            return stop("\(error)")
          }
          done += 1
        }
      }
      progress.update(done: done)
    }
    progress.finish()
    if let s = Interrupts.pending { return interrupted(by: s) }
    do throws(PNGError) { try sink.finish() } catch {
      console.err("strata render: \(error)\n")
      return .failure
    }
    if options.verbose, let report = lastReport {
      let notes = report.notes.map { "\n  \($0)" }.joined()
      let total = RenderCommand.seconds(clock.now - start)
      let what =
        single
        ? "time \(fixedTime) s"
        : "\(frames.count) frames (\(frames.lowerBound)..<\(frames.upperBound) at \(fps) fps), \(String(format: "%.1f", Double(frames.count) / max(total, 1e-9))) frames per second"
      console.err("""
        backend: \(report.backend)\(notes)
        canvas: \(scene.pixelWidth)x\(scene.pixelHeight) pixels, \(counts.withLock { $0.draws }) draws, \(counts.withLock { $0.clips }) clips
        \(what)
        render \(RenderCommand.ms(renderTime)) ms, total \(RenderCommand.ms(clock.now - start)) ms
        wrote \(output)

        """)
    }
    return .success
  }
}

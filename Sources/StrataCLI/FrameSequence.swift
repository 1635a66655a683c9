import Foundation
import Strata
import StrataBackends
import StrataPNG
import StrataRender
import StrataScene
import Synchronization

/// Renders a scene at a list of times and writes the frames.
///
/// The layer tree is read on this thread only: each batch's presentation snapshots are
/// taken one after another, then the batch is compiled, rendered and encoded concurrently
/// (on the CPU backend several frames at once; on the GPU the draws are sequential and
/// only the encoding runs in parallel). Outputs keep frame order. The renderer comes from
/// `StrataBackends`: the fallback chain the user's backend settings ask for.
struct FrameSequence {
  let scene: Scene
  let options: RenderCommand.Options
  let console: Console

  func render(frames: [Int], times: [Double]) -> ExitCode {
    let clock = ContinuousClock()
    let start = clock.now
    let settings = options.backend
    let renderer = Backends.renderer(for: settings)
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
    let pattern = single ? nil : FramePattern(output)
    var raw: RawFrameWriter? = nil
    if options.format == .rgba {
      do { raw = try RawFrameWriter(path: output) } catch {
        console.err("strata render: \(output): cannot write (\(error.localizedDescription))\n")
        return .failure
      }
    }
    var apngFrames: [[UInt8]] = []
    var lastReport: FallbackRenderer.Report? = nil
    let counts = Mutex((draws: 0, clips: 0))
    let progress = FrameProgress(total: frames.count, console: console)
    let batch = max(1, ProcessInfo.processInfo.activeProcessorCount) * 2
    var renderTime = Duration.zero
    for batchStart in stride(from: 0, to: frames.count, by: batch) {
      let indices = Array(batchStart..<min(frames.count, batchStart + batch))
      // The model is single-threaded: snapshots first, here.
      let snapshots = indices.map { scene.root.snapshot(at: times[$0]) }
      let t0 = clock.now
      let results = Mutex<[Int: Result<[UInt8], PNGError>]>([:])
      let drawn = Mutex<[Int: Result<(PixelBuffer, FallbackRenderer.Report), RenderError>]>([:])
      let draw = { @Sendable (k: Int) in
        let list = RenderListCompiler(width: width, height: height, scale: scale, background: background).compile(snapshots[k])
        var pixels = PixelBuffer(width: list.width, height: list.height)
        let r = Result { () throws(RenderError) in try renderer.renderReporting(list, into: &pixels) }
        drawn.withLock { $0[k] = r.map { (pixels, $0) } }
        if k == indices.count - 1 { counts.withLock { $0 = (list.commands.count, list.clips.count) } }
      }
      if parallel {
        DispatchQueue.concurrentPerform(iterations: indices.count, execute: draw)
      } else {
        for k in indices.indices { draw(k) }
      }
      var buffers: [Int: PixelBuffer] = [:]
      for (k, r) in drawn.withLock({ $0 }) {
        switch r {
        case .success(let (pixels, report)):
          buffers[k] = pixels
          if k == indices.count - 1 { lastReport = report }
        case .failure(let e):
          console.err("strata render: \(settings.choiceSource): \(e); \(settings.cpuAdvice)\n")
          raw?.abandon()
          progress.finish()
          return .failure
        }
      }
      renderTime += clock.now - t0
      let rendered = buffers
      let format = options.format
      if let pattern, format == .png {
        // The README's `-o 'frames/frame-%04d.png'` must work without a `frames/` yet.
        let directories = Set(indices.map { URL(fileURLWithPath: pattern.path(for: frames[$0])).deletingLastPathComponent() })
        for d in directories {
          do { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) } catch {
            console.err("strata render: cannot create the directory \(d.path) (\(error.localizedDescription))\n")
            return .failure
          }
        }
      }
      // Encoding and writing: in parallel, each PNG file atomic.
      DispatchQueue.concurrentPerform(iterations: indices.count) { k in
        let pixels = rendered[k]!
        let r: Result<[UInt8], PNGError>
        switch format {
        case .png:
          let path = pattern?.path(for: frames[indices[k]]) ?? output
          r = Result { () throws(PNGError) -> [UInt8] in try PNG.write(pixels, to: path); return [] }
        case .apng: r = Result { () throws(PNGError) -> [UInt8] in try PNG.encode(pixels) }
        case .rgba: r = .success(pixels.image.straightPixels)
        }
        results.withLock { $0[k] = r }
      }
      let done = results.withLock { $0 }
      for k in indices.indices {
        switch done[k]! {
        case .failure(let e):
          console.err("strata render: \(e)\n")
          raw?.abandon()
          progress.finish()
          return .failure
        case .success(let bytes):
          if format == .apng { apngFrames.append(bytes) }
          if format == .rgba {
            do { try raw?.write(bytes) } catch {
              console.err("strata render: \(output): cannot write (\(error.localizedDescription))\n")
              raw?.abandon()
              progress.finish()
              return .failure
            }
          }
        }
      }
      progress.update(done: indices.last! + 1)
    }
    progress.finish()
    do {
      if options.format == .apng { try APNG.write(apngFrames, delay: APNG.Delay(fps: options.fps), to: output) }
      try raw?.finish()
    } catch {
      console.err("strata render: \(error)\n")
      raw?.abandon()
      return .failure
    }
    if options.verbose, let report = lastReport {
      let notes = report.notes.map { "\n  \($0)" }.joined()
      let total = RenderCommand.seconds(clock.now - start)
      let what = single ? "time \(times[0]) s" : "\(frames.count) frames (\(frames.first!)..<\(frames.last! + 1) at \(options.fps) fps), \(String(format: "%.1f", Double(frames.count) / max(total, 1e-9))) frames per second"
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

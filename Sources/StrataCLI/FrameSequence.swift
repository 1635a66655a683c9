import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataPNG
import StrataRender
import StrataScene
import Synchronization

/// Renders a scene at a list of times and writes the frames.
///
/// The layer tree is read on this thread only: each batch's presentation snapshots are
/// taken one after another, then the batch is compiled, rendered and encoded concurrently
/// (on the CPU backend several frames at once; on the GPU the draws are sequential and
/// only the encoding runs in parallel). Outputs keep frame order.
struct FrameSequence {
  let scene: Scene
  let options: RenderCommand.Options
  let console: Console

  func render(frames: [Int], times: [Double]) -> ExitCode {
    let clock = ContinuousClock()
    let start = clock.now
    let renderer = FrameRenderer(options.backend)
    let onCPU: Bool
    switch options.backend {
    case .cpu: onCPU = true
    case .auto: onCPU = renderer.gpu == nil
    case .gpu:
      guard renderer.gpu != nil else {
        console.err("strata render: --backend gpu: no GPU backend: \(renderer.gpuUnavailableReason ?? "unknown"); use --backend cpu or auto\n")
        return .failure
      }
      onCPU = false
    }
    let output = options.output!
    // RenderListCompiler is not Sendable; its inputs are, so each worker makes its own.
    let (width, height, scale, background) = (scene.pixelWidth, scene.pixelHeight, scene.scale, scene.background)
    let compiler = RenderListCompiler(width: width, height: height, scale: scale, background: background)
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
    var lastReport: (backend: String, notes: [String])? = nil
    var drawCount = 0, clipCount = 0
    let progress = FrameProgress(total: frames.count, console: console)
    let batch = max(1, ProcessInfo.processInfo.activeProcessorCount) * 2
    var renderTime = Duration.zero
    for batchStart in stride(from: 0, to: frames.count, by: batch) {
      let indices = Array(batchStart..<min(frames.count, batchStart + batch))
      // The model is single-threaded: snapshots first, here.
      let snapshots = indices.map { scene.root.snapshot(at: times[$0]) }
      let t0 = clock.now
      let results = Mutex<[Int: Result<[UInt8], PNGError>]>([:])
      let buffers = Mutex<[Int: PixelBuffer]>([:])
      if onCPU {
        DispatchQueue.concurrentPerform(iterations: indices.count) { k in
          let list = RenderListCompiler(width: width, height: height, scale: scale, background: background).compile(snapshots[k])
          var pixels = PixelBuffer(width: list.width, height: list.height)
          CPURenderer().render(list, into: &pixels)
          buffers.withLock { $0[k] = pixels }
        }
        let list = compiler.compile(snapshots[0])
        (drawCount, clipCount) = (list.commands.count, list.clips.count)
        lastReport = ("cpu", options.backend == .auto ? ["no GPU: \(renderer.gpuUnavailableReason ?? "unknown")"] : [])
      } else {
        for k in indices.indices {
          let list = compiler.compile(snapshots[k])
          var pixels = PixelBuffer(width: list.width, height: list.height)
          do {
            let r = try renderer.render(list, into: &pixels)
            lastReport = (r.backend, r.notes)
          } catch {
            console.err("strata render: --backend gpu: no GPU backend: \(error); use --backend cpu or auto\n")
            return .failure
          }
          (drawCount, clipCount) = (list.commands.count, list.clips.count)
          buffers.withLock { $0[k] = pixels }
        }
      }
      renderTime += clock.now - t0
      let rendered = buffers.withLock { $0 }
      // Encoding and writing: in parallel, each PNG file atomic.
      let format = options.format
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
        canvas: \(scene.pixelWidth)x\(scene.pixelHeight) pixels, \(drawCount) draws, \(clipCount) clips
        \(what)
        render \(RenderCommand.ms(renderTime)) ms, total \(RenderCommand.ms(clock.now - start)) ms
        wrote \(output)

        """)
    }
    return .success
  }
}

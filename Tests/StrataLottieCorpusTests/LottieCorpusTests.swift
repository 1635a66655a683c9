import Foundation
import Strata
import StrataCPU
import StrataCompare
import StrataGL
import StrataLottie
import StrataPNG
import StrataRender
import Synchronization
import Testing

/// Strata against Apple's Core Animation on lottie-ios's own samples: every snapshot point
/// of `Tests/LottieCorpus/manifest.json` and `Tests/LottieCorpus/set2/manifest.json` (the
/// dotLottie containers), rendered on each backend and judged by lottie-ios's
/// rule (`SnapshotPrecision`: at most 1 - precision of the pixels with ΔE94 over 3).
///
/// A point that fails must be listed, with its cause, in `LottieKnownFailures.txt`; a point
/// listed there that passes is reported so the list shrinks. Each point prints one line
/// (`lottie <point> <backend> pass|FAIL <failing share>`); `Scripts/lottie-table.sh` turns
/// them into the README's table. The GPU's pictures must also agree with the CPU's under
/// the cross-backend tier.
@Suite struct LottieCorpusTests {
  static let samples: [String] = {
    var seen: [String] = []
    for p in (try? LottieCorpus.points()) ?? [] where !seen.contains(p.sample) { seen.append(p.sample) }
    return seen
  }()

  /// One GPU renderer for the suite; nil where there is no EGL context (and not on CI).
  static let gpu: Result<GLRenderer, GLSetupError> = {
    do throws(GLSetupError) { return .success(try GLRenderer()) } catch { return .failure(error) }
  }()
  static let gpuLock = Mutex(())

  /// `point backend: cause` lines; `all` stands for both backends.
  static let known: [String: String] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LottieKnownFailures.txt")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    var out: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && line.contains(":") {
      let head = line.prefix { $0 != ":" }, cause = line.dropFirst(head.count + 1).trimmingCharacters(in: .whitespaces)
      let parts = head.split(separator: " ")
      guard parts.count == 2 else { continue }
      out["\(parts[0]) \(parts[1])"] = cause
    }
    return out
  }()

  static func knownCause(_ point: String, _ backend: String) -> String? {
    known["\(point) \(backend)"] ?? known["\(point) all"]
  }

  @Test func theCorpusIsComplete() throws {
    let points = try LottieCorpus.points()
    #expect(points.count == 230 && Self.samples.count == 46, "\(points.count) points in \(Self.samples.count) samples")
    let containers = points.filter { $0.file.pathExtension == "lottie" }
    #expect(containers.count == 30, "\(containers.count) dotLottie points")
    for p in points { #expect(FileManager.default.fileExists(atPath: p.file.path) && FileManager.default.fileExists(atPath: p.png.path), "\(p)") }
  }

  @Test(arguments: samples)
  func sampleMatchesApplesRenders(_ sample: String) throws {
    let points = try LottieCorpus.points().filter { $0.sample == sample }
    let animation = try LottieCorpus.animation(points[0])
    let cpu = CPURenderer()
    let gl: GLRenderer? =
      switch Self.gpu {
      case .success(let r): r
      case .failure(let e):
        ProcessInfo.processInfo.environment["CI"] == "true" ? { Issue.record("no GPU context: \(e)"); return nil }() : nil
      }
    for point in points {
      let list = LottieCorpus.list(point, animation: animation)
      let reference = try LottieCorpus.reference(point)
      let cpuImage = LottieCorpus.reduced(try cpu.render(list), to: point)
      var renders = [("cpu", cpuImage)]
      if let gl {
        let gpuImage = LottieCorpus.reduced(try Self.gpuLock.withLock { _ in try gl.render(list) }, to: point)
        renders.append(("gpu", gpuImage))
        let parity = ImageComparator.compare(expected: cpuImage, actual: gpuImage, tolerance: .cross)
        let cause = Self.knownCause("\(point)", "gpu-vs-cpu")
        if !parity.passed && cause == nil {
          Issue.record("\(point): the GPU differs from the CPU: \(parity.summary)")
        }
      }
      if let dump = ProcessInfo.processInfo.environment["STRATA_CORPUS_DUMP"] {
        for (backend, image) in renders {
          try PNG.write(image, to: dump + "/" + "\(point)-\(backend).png".replacingOccurrences(of: "/", with: "_"))
        }
      }
      for (backend, image) in renders {
        #expect(image.width == reference.width && image.height == reference.height, "\(point) \(backend): size")
        guard image.width == reference.width && image.height == reference.height else { continue }
        let r = point.precision.compare(reference: reference, actual: image)
        let share = String(format: "%.4f", Double(r.failingPixelFraction))
        print("lottie \(point) \(backend) \(r.passed ? "pass" : "FAIL") \(share)")
        let cause = Self.knownCause("\(point)", backend)
        if !r.passed && cause == nil {
          Issue.record(
            "\(point) on \(backend) no longer matches Apple's render (\(share) of the pixels over ΔE94 3, allowed \(String(format: "%.3f", 1 - point.precision.precision))); fix it or list it with its cause in LottieKnownFailures.txt"
          )
        } else if r.passed, let cause {
          Issue.record(Comment(rawValue: "\(point) on \(backend) passes now; remove it from LottieKnownFailures.txt (\(cause))"), severity: .warning)
        }
      }
    }
  }
}

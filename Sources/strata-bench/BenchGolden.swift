import Foundation
import Strata
import StrataTesting

/// GOLDEN256: a 256 x 256 golden check end to end in the testing library's own terms
/// (issue 14: "under 50 ms on each backend with a warm context"): each timed iteration is
/// what `expectRendering` does for a test, through StrataTesting's `RenderingVerifier` and
/// `Backend.available`: `RenderScene` (snapshot and compile), the backend's render, the PNG
/// round trip and the comparison with the reference file under the backend's tier.
///
/// The references live in a temporary directory: the warm-up's first check records the
/// CPU's picture there, as a first test run would, and every timed check must then match
/// it (a mismatch stops the benchmark). The GPU backend is the testing library's own,
/// whose context is made once per process (`Backend.available`), hence warm.
enum BenchGolden {
  /// A typical golden scene: rounded, bordered, shadowed and turned layers, an image and
  /// translucency.
  static func root() -> Layer {
    let root = Layer()
    root.bounds = Rect(0, 0, 256, 256)
    root.position = Point(128, 128)
    root.backgroundColor = Color(r8: 246, g8: 246, b8: 250)
    let image = Image(width: 64, height: 64) { x, y in
      (UInt8(4 * x), UInt8(4 * y), 160, ((x >> 3) ^ (y >> 3)) & 1 == 0 ? 255 : 96)
    }
    for i in 0..<12 {
      let l = Layer()
      let k = Double(i)
      l.bounds = Rect(0, 0, 56 + 4 * k, 40 + 3 * k)
      l.position = Point(36 + Double(i % 4) * 62, 40 + Double(i / 4) * 80)
      l.backgroundColor = Color(0.2 + 0.06 * k, 0.5, 0.9 - 0.05 * k, 0.85)
      l.cornerRadius = 4 + k
      l.borderWidth = 2
      l.borderColor = Color(0.1, 0.1, 0.2, 1)
      if i % 3 == 0 {
        l.shadowOpacity = 0.5
        l.shadowRadius = 4
        l.shadowOffset = Size(2, 3)
      }
      if i % 4 == 1 { l.contents = image }
      l.transform = .rotation(0.1 * k, 0, 0, 1)
      l.opacity = i % 2 == 0 ? 1 : 0.8
      try! root.addSublayer(l)
    }
    return root
  }

  /// Median ms per check on each backend of `Backend.available` that `backends` names.
  static func run(frames: Int, warmup: Int, backends: [String], report: (String, [Double]) -> Void) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-golden-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let verifier = RenderingVerifier(references: ReferenceStore(directory: dir), environment: .current([:]))
    let layers = root()
    for backend in Backend.available where backends.contains(backend.isReference ? "cpu" : "gpu") {
      var times: [Double] = []
      let warm = max(1, warmup)  // the first check records the reference
      for i in 0..<(warm + max(1, frames)) {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let scene = RenderScene(layers, width: 256, height: 256)
        let outcome = try verifier.verify(scene, matches: "golden256", on: backend)
        let t = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        if i >= warm {
          guard outcome.passed else { throw BenchError("GOLDEN256 on \(backend.name): \(outcome.message)") }
          times.append(t)
        }
      }
      report(backend.isReference ? "strata-cpu" : "strata-gl", times)
    }
  }

  struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
  }
}

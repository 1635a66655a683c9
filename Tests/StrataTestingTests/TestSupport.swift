import Foundation
import Strata
import StrataCPU
import StrataScratch
import StrataTesting

/// A fresh directory for one test's files, removed when the test passes (give its suite
/// the `.scratch` trait).
func scratchDirectory() throws -> URL {
  try Scratch.directory(prefix: "strata-testing")
}

/// A verifier over a fresh reference directory, writing failures into it too.
func verifier(_ mode: RecordMode = .missing, calibrate: Bool = false, audit: String? = nil) throws -> RenderingVerifier {
  let dir = try scratchDirectory()
  let env = RenderingEnvironment(
    recordMode: mode, calibrate: calibrate, failureOutput: FailureOutput(directory: dir.appendingPathComponent("failures")),
    auditManifest: audit)
  return RenderingVerifier(references: ReferenceStore(directory: dir.appendingPathComponent("__References__")), environment: env)
}

/// The corpus card as a scene, `x` points from the left.
func cardScene(x: Double = 30, opacity: Double = 1) -> RenderScene {
  let root = Layer()
  root.bounds = Rect(0, 0, 160, 120)
  root.anchorPoint = .zero
  for l in Planted.card(x: x, opacity: opacity) { try! root.addSublayer(l) }
  return RenderScene(root, width: 160, height: 120, background: Color(0.12, 0.12, 0.14))
}

/// Stand-ins for GPU backends until StrataGL has one: the CPU renderer with a GPU's
/// honest differences, and one with a bug that moves everything a pixel right.
enum FakeBackends {
  static let honest = Backend(name: "fake-gpu", fallbackKeys: ["fake", "cpu"]) { list in
    PixelBuffer(image: BackendSimulation.perturb(try CPURenderer().render(list).image))
  }
  static let shifted = Backend(name: "fake-shifted", fallbackKeys: ["cpu"]) { list in
    let b = try CPURenderer().render(list)
    var out = b
    for y in 0..<b.height {
      for x in 1..<b.width {
        for c in 0..<4 { out.pixels[(y * b.width + x) * 4 + c] = b.pixels[(y * b.width + x - 1) * 4 + c] }
      }
    }
    return out
  }
}

import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataScene
import StrataTesting
import Testing

/// One golden image per rendering feature, on every backend this machine has, through the
/// StrataTesting toolkit: the CPU against its own references (`Golden/<name>.cpu.png`, each
/// channel within ±1), the GPU against the CPU references with the cross-backend tier.
/// The scenes are in `Tests/GoldenScenes`; look at the PNGs in `Golden/`.
@Suite struct GoldenTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

  static let cases: [(String, Backend)] = GoldenScenes.names.flatMap { n in Backend.available.map { (n, $0) } }

  @Test(arguments: cases)
  func scene(_ name: String, _ backend: Backend) throws {
    let s = GoldenScenes.named(name)
    let list = RenderListCompiler(width: s.width, height: s.height, scale: s.scale, background: s.background)
      .compile(s.snapshot)
    try expectRendering(list, matches: s.name, on: backend, referenceDirectory: Self.directory)
  }
}

/// Frames of `Examples/animation.json` at fixed times, on every backend: the CPU against its
/// references, the GPU against the CPU's with the cross-backend tier.
@Suite struct AnimationGoldenTests {
  static let scenePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/animation.json").path
  static let times: [Double] = [0, 0.5, 1.25]
  static let cases: [(Double, Backend)] = times.flatMap { t in Backend.available.map { (t, $0) } }

  @Test(arguments: cases)
  func frame(_ t: Double, _ backend: Backend) throws {
    let scene = try SceneLoader.load(path: Self.scenePath)
    let list = RenderListCompiler(width: scene.pixelWidth, height: scene.pixelHeight, scale: scene.scale, background: scene.background)
      .compile(scene.root.snapshot(at: t))
    try expectRendering(list, matches: "animation-t\(t)", on: backend, referenceDirectory: GoldenTests.directory)
  }
}

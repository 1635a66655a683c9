import Foundation
import Strata
import StrataBackends
import StrataCPU
import StrataPNG
import StrataRender
import Testing

/// The README's Swift examples ("Swift"), as written there (`DocumentationTests` checks
/// that they stay the same), so the documented API keeps working. They write into the
/// working directory as a user's program would: the package root under `swift test`.
@Suite(.serialized) struct ReadmeExampleTests {
  static let written = ["card.png", "card-half-way.png"].map { FileManager.default.currentDirectoryPath + "/" + $0 }

  @Test func swiftExamplesRenderTheCardOnBothBackends() throws {
    // Never replace a file that was there before the test.
    for f in Self.written { try #require(!FileManager.default.fileExists(atPath: f), "\(f) is in the way; move it") }
    defer { for f in Self.written { try? FileManager.default.removeItem(atPath: f) } }

    // From README.md, "Swift":
    let root = Layer()
    root.bounds = Rect(0, 0, 400, 300)
    root.anchorPoint = .zero
    let card = Layer(frame: Rect(100, 90, 200, 120))
    card.backgroundColor = Color(0.2, 0.47, 0.96)
    card.cornerRadius = 16
    card.transform = Transform3D.rotation(.pi / 6, 0, 1, 0).concatenating(.perspective(500))
    try root.addSublayer(card)

    let list = RenderListCompiler(width: 400, height: 300, background: .black).compile(root.snapshot())
    try PNG.write(CPURenderer().render(list), to: "card.png")

    let image = try PNG.read(path: Self.written[0])
    #expect(image.width == 400 && image.height == 300)
    #expect(image[200, 150] == (51, 120, 245, 255))  // the card's middle
    #expect(image[5, 5] == (0, 0, 0, 255))

    // The animation example:
    let a = BasicAnimation(keyPath: "transform.rotation.z")
    a.fromValue = 0
    a.toValue = Double.pi
    a.duration = 1
    card.add(a, forKey: "spin")
    let halfWay = RenderListCompiler(width: 400, height: 300, background: .black).compile(root.snapshot(at: 0.5))

    // Half way round (a quarter turn about z after the tilt) the card stands upright: taller
    // than wide, so its middle column is blue far above where its top edge was.
    let cpuHalfWay = try CPURenderer().render(halfWay)
    #expect(cpuHalfWay[200, 60] == (51, 120, 245, 255), "\(cpuHalfWay[200, 60])")
    #expect(cpuHalfWay[120, 150] == (0, 0, 0, 255), "\(cpuHalfWay[120, 150])")

    // The GPU example, where there is a GPU (llvmpipe will do).
    guard Self.gpuAvailable else { return }
    let renderer = Backends.renderer(for: BackendSettings(choice: .gpu))
    var frame = PixelBuffer(width: 400, height: 300)
    let report = try renderer.renderReporting(halfWay, into: &frame)
    print(report.backend)    // gpu (llvmpipe (LLVM 15.0.6, 256 bits) via surfaceless)
    try PNG.write(frame, to: "card-half-way.png")

    #expect(report.backend.hasPrefix("gpu ("), "\(report)")
    let gpu = try PNG.read(path: Self.written[1])
    let d = zip(gpu.pixels, cpuHalfWay.pixels).map { abs(Int($0) - Int($1)) }
    #expect(d.max() ?? 0 <= 3, "the GPU frame differs from the CPU frame by \(d.max() ?? 0)")
  }

  static var gpuAvailable: Bool {
    if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
    if case .success = Backends.gpu() { return true }
    return false
  }
}

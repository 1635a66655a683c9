import Foundation
import Strata
import StrataCPU
import StrataPNG
import StrataRender
import Testing

/// The README's Swift example, as written there, so the documented API keeps working.
@Suite struct ReadmeExampleTests {
  @Test func swiftExampleRendersTheCard() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("card.png").path

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
    try PNG.write(CPURenderer().render(list), to: path)

    let image = try PNG.read(path: path)
    #expect(image.width == 400 && image.height == 300)
    #expect(image[200, 150] == (51, 120, 245, 255))  // the card's middle
    #expect(image[5, 5] == (0, 0, 0, 255))
  }
}

// The golden-test examples of README.md ("Regression testing") and docs/Testing.md, as
// written there (DocumentationTests checks that they stay the same): a Swift Testing test
// and an XCTest case against the reference in `__References__/card.cpu.png` beside this
// file.
import Strata
import StrataTesting
import Testing
import XCTest

enum Scenes {
  static var card: RenderScene {
    let root = Layer()
    root.bounds = Rect(0, 0, 200, 140)
    root.anchorPoint = .zero
    let card = Layer(frame: Rect(40, 30, 120, 80))
    card.backgroundColor = Color(0.2, 0.47, 0.96)
    card.cornerRadius = 12
    card.transform = Transform3D.rotation(.pi / 8, 0, 1, 0).concatenating(.perspective(500))
    try! root.addSublayer(card)
    return RenderScene(root, width: 200, height: 140, background: Color(0.12, 0.12, 0.14))
  }
}

@Test(arguments: Backend.available)
func card(_ backend: Backend) throws {
  try expectRendering(Scenes.card, matches: "card", on: backend)
}

final class CardTests: XCTestCase {
  func testCard() throws {
    for backend in Backend.available {
      try assertRendering(Scenes.card, matches: "card", on: backend)
    }
  }
}

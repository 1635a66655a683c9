import Foundation
import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import Testing

/// One golden image per rendering feature, each small; see `Golden/` for the pictures and
/// `Tests/GoldenScenes` for the scenes.
@Suite struct GoldenTests {
  @Test(arguments: GoldenScenes.names)
  func scene(_ name: String) throws {
    let s = GoldenScenes.named(name)
    try Golden.expectMatch(
      Golden.render(s.root, width: s.width, height: s.height, scale: s.scale, background: s.background),
      s.name)
  }
}

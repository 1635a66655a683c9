import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// The primitives layer kinds draw with (`PrimitiveScenes`), one golden image each, on
/// every backend: the CPU against its references, the GPU against the CPU's with the
/// cross-backend tier. Look at `Golden/primitive-*.cpu.png`.
@Suite struct PrimitiveGoldenTests {
  static let cases: [(String, Backend)] = PrimitiveScenes.names.flatMap { n in Backend.available.map { (n, $0) } }

  @Test(arguments: cases)
  func scene(_ name: String, _ backend: Backend) throws {
    try expectRendering(PrimitiveScenes.named(name).list, matches: name, on: backend, referenceDirectory: GoldenTests.directory)
  }
}

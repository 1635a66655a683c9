import Foundation
import Strata
import StrataCPU
import StrataLottie
import StrataRender
import StrataTesting
import Testing

/// `Tests/LottieFeatures`: small files written as Bodymovin writes them, four panels each,
/// for the features After Effects defines beyond lottie-ios's Core Animation engine. Each
/// has a golden picture on every backend, and probes of each panel that follow from the
/// feature's definition (the inline documents of MatteTests, LottieMaskModeTests,
/// EffectTests and NonSeparableBlendTests check the same rules piece by piece).
@Suite struct FeatureFileTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("LottieFeatures")
  static let files = ["mattes", "masks", "effects", "blend-modes"]

  static func list(_ name: String) throws -> RenderList {
    let a = try LottieAnimation(contentsOf: directory.appendingPathComponent(name + ".json"))
    #expect(a.warnings.isEmpty, "\(name): \(a.warnings)")
    return RenderListCompiler(width: 400, height: 100, scale: 1, background: .clear)
      .compile(a.makeLayer(width: a.width, height: a.height).snapshot(at: 0))
  }

  @Test(arguments: files)
  func golden(_ name: String) throws {
    for backend in Backend.available {
      try expectRendering(try Self.list(name), matches: name, on: backend, referenceDirectory: Self.directory)
    }
  }

  static func alpha(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Int { Int(p[x, y].3) }

  /// A grey (0.5) ellipse as alpha, inverted alpha, luma and inverted luma matte: at its
  /// centre 1, 0, 0.5, 0.5; in the corners 0, 1, 0, 1.
  @Test func mattes() throws {
    let p = try CPURenderer().render(try Self.list("mattes"))
    let centre = [0, 1, 2, 3].map { Self.alpha(p, 50 + 100 * $0, 50) }, corner = [0, 1, 2, 3].map { Self.alpha(p, 3 + 100 * $0, 3) }
    #expect(centre[0] == 255 && centre[1] == 0 && abs(centre[2] - 128) <= 1 && abs(centre[3] - 127) <= 1, "\(centre)")
    #expect(corner == [0, 255, 0, 255], "\(corner)")
  }

  /// Lighten max(0.6, 0.5), difference |0.6 − 0.5|, a square expanded by 10 (20…80),
  /// a square subtracted at 50% (1 − 0.5 inside it).
  @Test func masks() throws {
    let p = try CPURenderer().render(try Self.list("masks"))
    #expect(abs(Self.alpha(p, 50, 50) - 153) <= 2 && abs(Self.alpha(p, 80, 50) - 128) <= 2)
    #expect(abs(Self.alpha(p, 150, 50) - 26) <= 2 && abs(Self.alpha(p, 120, 50) - 153) <= 2)
    #expect(Self.alpha(p, 222, 50) == 255 && Self.alpha(p, 215, 50) == 0)
    #expect(abs(Self.alpha(p, 350, 50) - 128) <= 1 && Self.alpha(p, 305, 50) == 255)
  }
}

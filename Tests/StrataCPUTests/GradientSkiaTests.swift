import Foundation
import Strata
import StrataGoldenScenes
import StrataPNG
import StrataRender
import StrataTesting
import Testing

/// `GradientLayer` against an independent renderer: Skia's axial, radial and sweep
/// gradients (`Fixtures/skia-gradients.png`, made by `Fixtures/make_skia_gradients.py`)
/// on square layers, where Skia's geometry equals Core Animation's unit-space one, with
/// translucent stops interpolated straight (Skia's default, which the script checks) over
/// opaque black.
@Suite struct GradientSkiaTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/skia-gradients.png").path

  /// The script's ARGB colours and positions.
  static let colors = [0xFFFF3B30, 0x66FFCC00, 0xCC007AFF].map { (v: UInt32) in
    Color(r8: UInt8(v >> 16 & 255), g8: UInt8(v >> 8 & 255), b8: UInt8(v & 255), a8: UInt8(v >> 24))
  }
  static let locations = [0, 0.3, 1.0]

  static func scene() -> Layer {
    let panels: [(GradientLayerType, Point, Point)] = [
      (.axial, Point(0.1, 0.2), Point(0.9, 0.7)),
      (.radial, Point(0.4, 0.45), Point(0.75, 0.8)),  // radii 0.35 both ways: Skia's circle
      (.conic, Point(0.5, 0.5), Point(1, 0.5)),  // 0 along +x: Skia's sweep
    ]
    return root(192, 64, panels.enumerated().map { i, p in
      let g = GradientLayer(frame: Rect(Double(i) * 64, 0, 64, 64))
      (g.type, g.startPoint, g.endPoint, g.colors, g.locations) = (p.0, p.1, p.2, colors, locations)
      return g
    })
  }

  @Test(arguments: Backend.available)
  func gradientsMatchSkia(_ backend: Backend) throws {
    let skia = try PNG.read(path: Self.fixture)
    #expect(skia.width == 192 && skia.height == 64)
    let list = RenderListCompiler(width: 192, height: 64, scale: 1, background: .black).compile(Self.scene().snapshot())
    let out = try backend.render(list)
    var worst = [0, 0, 0], compared = 0
    for y in 0..<64 {
      for x in 0..<192 {
        // Next to the sweep's seam (+x from the centre) either end's colour is right.
        if x >= 128, x - 128 >= 31, abs(Double(y) + 0.5 - 32) < 1.5 { continue }
        let (r, g, b, _) = skia[x, y]
        let got = PrimitiveSemanticsTests.pixel(out, x, y)
        let d = max(abs(got.x - Int(r)), abs(got.y - Int(g)), abs(got.z - Int(b)))
        worst[x / 64] = max(worst[x / 64], d)
        if d > 1 { Issue.record("\(backend): pixel (\(x), \(y)) is \(got), Skia's is (\(r), \(g), \(b))") }
        compared += 1
      }
    }
    #expect(compared > 12000)
    print("\(backend) vs Skia, largest channel difference axial \(worst[0]), radial \(worst[1]), conic \(worst[2])")
  }
}

import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// `TiledLayer`'s seam probes on the GPU: the tiled picture equals the plain picture drawn
/// by the GPU, pixel for pixel (within rounding), magnified, turned, translucent, at a
/// coarser level and in perspective; and it matches the CPU's tiled rendering under the
/// cross-backend tier.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLTiledLayerTests {
  static func list(_ root: Layer) -> RenderList {
    TileCache.$current.withValue(TileCache()) { RenderListCompiler(width: 240, height: 170).compile(root.snapshot()) }
  }

  @Test(arguments: TiledProbes.cases.map(\.name))
  func tilesJoinWithoutSeams(_ name: String) throws {
    let gl = try GPU.renderer()
    let c = try #require(TiledProbes.cases.first { $0.name == name })
    let tiledList = Self.list(TiledProbes.scene(tiled: true, transform: c.transform, alpha: c.alpha, level: c.level, antialiased: c.antialiased))
    let plainList = Self.list(TiledProbes.scene(tiled: false, transform: c.transform, alpha: c.alpha, level: c.level, antialiased: c.antialiased))
    let tiled = try gl.render(tiledList), plain = try gl.render(plainList)
    print("tiled \(name) on the GPU vs plain: \(Difference(tiled, plain))")
    // As on the CPU (TiledLayerSemanticsTests): a seam would differ by tens of levels; a
    // turned picture's texel coordinates round differently along both axes. The plain
    // layer's own outline is left out: the GPU rasterises a plain hard-edged layer in its
    // fast path, which decides pixel centres within about 1/512 pixel of an edge otherwise
    // than the exact rule the tiles use under perspective (the CPU draws both alike:
    // there, nothing is left out). A hole or a doubled pixel at a seam lies inside.
    var largest = 0, at = (0, 0)
    for y in 1..<(plain.height - 1) {
      for x in 1..<(plain.width - 1) {
        let outline = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1), (x, y)].contains { p in
          (0..<4).allSatisfy { plain.pixels[(p.1 * plain.width + p.0) * 4 + $0] == 255 }
        }
        if outline { continue }
        for c in 0..<4 {
          let i = (y * plain.width + x) * 4 + c
          let d = abs(Int(tiled.pixels[i]) - Int(plain.pixels[i]))
          if d > largest { (largest, at) = (d, (x, y)) }
        }
      }
    }
    #expect(largest <= (name == "turned 20 degrees" ? 2 : 1), "\(name): inside the picture, tiled differs from plain by \(largest) at \(at)")
    let cpu = try CPURenderer().render(tiledList)
    let parity = ImageComparator.compare(expected: cpu.image, actual: tiled.image, tolerance: .cross)
    #expect(parity.passed, "\(name) GPU vs CPU: \(parity.summary)")
  }
}

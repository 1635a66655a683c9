import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// Image sampling on the GPU against the CPU renderer, pixel by pixel: both backends pick
/// the mipmap level with `Sampling.levelOfDetail` (mirrored in `Shaders/sampling.glsl`), so
/// what remains is float rounding, not a different texel.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLSamplingTests {
  /// Issue 9.1: trilinear floors under steep perspective. Every pixel the CPU draws opaque
  /// is opaque on the GPU too (no holes), and no pixel takes a texel of another level.
  @Test func trilinearInSteepPerspectiveHasNoHoles() throws {
    let gl = try GPU.renderer()
    let s = GoldenScenes.trilinearInSteepPerspective()
    let list = RenderListCompiler(width: s.width, height: s.height, scale: s.scale, background: s.background)
      .compile(s.snapshot)
    let cpu = try CPURenderer().render(list), gpu = try gl.render(list)
    var holes = 0
    for i in 0..<(cpu.width * cpu.height) where cpu.pixels[i * 4 + 3] == 255 && gpu.pixels[i * 4 + 3] < 255 { holes += 1 }
    let d = Difference(gpu, cpu)
    print("trilinear floors: \(holes) holes; \(d)")
    #expect(holes == 0)
    #expect(d.largest <= 1, "\(d)")
  }

  /// Issue 9.3: a tiled image with trilinear filtering matches the untiled one. The image
  /// (200x200 texels, fine detail) is minified from about 1x to 8x along a tilted plane, so
  /// every level is sampled; with a 64-texel limit it is cut into 4x4 tiles.
  @Test func tiledTrilinearMatchesUntiled() throws {
    let img = Image(width: 200, height: 200) { x, y in
      ((x / 5 + y / 5) % 2 == 0 ? 230 : 40, UInt8(x), UInt8(y), 255)
    }
    let stage = layer(Rect(0, 0, 160, 120)) { s in
      s.sublayerTransform = .perspective(200)
      try! s.addSublayer(layer(Rect(5, -20, 150, 150)) { l in
        l.contents = img
        l.minificationFilter = .trilinear
        l.transform = .rotation(1.2, 1, 0, 0)
      })
    }
    let list = RenderListCompiler(width: 160, height: 120).compile(root(160, 120, [stage]).snapshot())
    let untiled = try GPU.renderer().render(list)
    let small = try GLRenderer(options: .init(maxTextureSize: 64))
    let tiled = try small.render(list)
    let cpu = try CPURenderer().render(list)
    let vsUntiled = ImageComparator.compare(expected: untiled.image, actual: tiled.image, tolerance: .cross)
    let vsCPU = ImageComparator.compare(expected: cpu.image, actual: tiled.image, tolerance: .cross)
    print("tiled trilinear vs untiled: \(Difference(tiled, untiled)); vs CPU: \(Difference(tiled, cpu))")
    #expect(vsUntiled.passed, "tiled vs untiled: \(vsUntiled.summary)")
    #expect(vsCPU.passed, "tiled vs CPU: \(vsCPU.summary)")
  }
}

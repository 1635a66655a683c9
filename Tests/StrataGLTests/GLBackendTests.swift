import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataPNG
import StrataRender
import StrataScene
import Testing

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func compile(_ scene: Scene) -> RenderList {
  RenderListCompiler(width: scene.pixelWidth, height: scene.pixelHeight, scale: scene.scale, background: scene.background)
    .compile(scene.root.snapshot())
}

@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLBackendTests {
  @Test func contextReportsItsLimits() throws {
    let gl = try GPU.renderer()
    #expect(gl.info.version.hasPrefix("OpenGL ES 3"))
    #expect(gl.info.maxTextureSize >= 2048)
    #expect(gl.probeSteps.contains { if case .taken = $0.outcome { true } else { false } })
    print("GPU: \(gl.info.renderer) via \(gl.info.platform.rawValue); steps: \(gl.probeSteps)")
  }

  /// The frame's timings split the render at `glFinish`: the submitted part (Strata's
  /// instances and GL calls) is within the render, and both are measured, not zero.
  @Test func submitIsThePartOfTheRenderBeforeTheFinish() throws {
    let gl = try GPU.renderer()
    let r = root(64, 64, (0..<50).map { i in layer(Rect(Double(i % 10) * 6, Double(i / 10) * 6, 8, 8), .white) { $0.opacity = 0.5 } })
    _ = try gl.render(RenderListCompiler(width: 64, height: 64).compile(r.snapshot()))
    let t = gl.lastTimings
    #expect(t.submit > .zero)
    #expect(t.submit <= t.render, "submit \(t.submit), render \(t.render)")
    #expect(t.readback > .zero)
  }

  /// Every shader variant compiles and links (a failure would throw with the info log).
  @Test func shadersCompileAndLink() throws {
    let gl = try GPU.renderer()
    // A list that needs both variants: a plain image and a rounded, clipped fill.
    let r = root(32, 32, [
      layer(Rect(0, 0, 16, 16)) { $0.contents = TestImages.picture },
      layer(Rect(8, 8, 16, 16), .white) { $0.cornerRadius = 4; $0.masksToBounds = true },
    ])
    let list = RenderListCompiler(width: 32, height: 32).compile(r.snapshot())
    _ = try gl.render(list)
  }

  /// Tiled textures: the showcase with a 64-texel limit cuts its photo (192x128) into
  /// 4x3 tiles and still matches the untiled rendering within 1 per channel.
  @Test func tiledMatchesUntiled() throws {
    let scene = try SceneLoader.load(path: repoRoot.appendingPathComponent("Examples/showcase.json").path)
    let list = compile(scene)
    let untiled = try GPU.renderer().render(list)
    let small = try GLRenderer(options: .init(maxTextureSize: 64))
    #expect(small.maxTextureSize == 64)
    let before = small.textureStats.uploads
    let tiled = try small.render(list)
    let uploads = small.textureStats.uploads - before
    let d = Difference(tiled, untiled)
    print("tiled (limit 64, \(uploads) textures uploaded) vs untiled: \(d)")
    #expect(d.largest <= 1, "\(d)")
    // The photo alone needs 4x3 tiles of 62 texels; the other images fit in one.
    #expect(uploads >= 12)
  }

  @Test func onlyVisibleTilesAreUploaded() throws {
    let img = Image(width: 200, height: 200) { x, y in (UInt8(x), UInt8(y), 128, 255) }
    let l = layer(Rect(-150, -150, 200, 200)) { $0.contents = img }  // only the bottom-right quarter shows
    let list = RenderListCompiler(width: 64, height: 64).compile(root(64, 64, [l]).snapshot())
    let small = try GLRenderer(options: .init(maxTextureSize: 34))  // 32-texel tiles: 7x7 of them
    let gpu = try small.render(list)
    // Texels 150..<200 lie in tiles 4, 5 and 6 of each axis (32-texel tiles): 9 of 49.
    #expect(small.textureStats.uploads == 9)
    let d = Difference(gpu, try CPURenderer().render(list))
    #expect(d.largest <= 1, "\(d)")
  }

  @Test func heavilyMinifiedOversizedImageIsDownscaled() throws {
    let img = TestImages.checkerboard(cells: 64, cell: 4)  // 256x256, drawn at 32x32
    let l = layer(Rect(0, 0, 32, 32)) { $0.contents = img; $0.minificationFilter = .trilinear }
    let list = RenderListCompiler(width: 32, height: 32).compile(root(32, 32, [l]).snapshot())
    let small = try GLRenderer(options: .init(maxTextureSize: 64))
    let gpu = try small.render(list)
    #expect(small.textureStats.uploads == 1)
    let d = Difference(gpu, try CPURenderer().render(list))
    print("downscaled vs CPU trilinear: \(d)")
    // The CPU-made level is the CPU's own level 3, sampled at the same level of detail.
    #expect(d.largest <= 1, "\(d)")
  }

  /// An image too large for the atlas gets a texture of its own, kept between frames.
  @Test func texturesAreReusedAcrossFrames() throws {
    let gl = try GLRenderer()
    let img = Image(width: 100, height: 75) { x, y in (UInt8(x * 2), UInt8(y * 3), 90, 255) }
    let r = root(32, 32, [layer(Rect(0, 0, 32, 32)) { $0.contents = img }])
    let list = RenderListCompiler(width: 32, height: 32).compile(r.snapshot())
    _ = try gl.render(list)
    let first = gl.textureStats.uploads
    _ = try gl.render(list)
    #expect(gl.textureStats.uploads == first)
    #expect(gl.textureStats.residentBytes == 100 * 75 * 4)
    #expect(gl.atlasUploads == 0)
  }

  /// The texture of an image that no longer exists is released at the next frame, not when
  /// the budget is full: its id is never reused, so it could never be drawn again (tiles a
  /// tiled layer's cache dropped would otherwise pile up in llvmpipe's process memory).
  @Test func texturesOfImagesThatAreGoneAreReleased() throws {
    let gl = try GLRenderer()
    func frame(_ image: Image) throws {
      let r = root(32, 32, [layer(Rect(0, 0, 32, 32)) { $0.contents = image }])
      _ = try gl.render(RenderListCompiler(width: 32, height: 32).compile(r.snapshot()))
    }
    // Larger than the small-image atlas takes (`atlasImageSide`): textures of their own.
    let kept = Image(width: 80, height: 80) { _, _ in (255, 0, 0, 255) }
    try frame(kept)
    for _ in 0..<3 {
      try frame(Image(width: 96, height: 96) { x, _ in (UInt8(x), 0, 0, 255) })  // gone after the frame
    }
    // The last transient image's texture goes at the next frame; the kept one stays.
    try frame(kept)
    #expect(gl.textureStats.residentBytes == 80 * 80 * 4, "\(gl.textureStats.residentBytes) bytes resident")
    #expect(gl.textureStats.uploads == 4)
  }

  /// A canvas beyond the render target limit is refused as `.unsupported`, so that the
  /// fallback chain (`StrataBackendsTests`) sends it to the CPU without retrying.
  @Test func oversizedCanvasIsUnsupported() throws {
    let gl = try GPU.renderer()
    let big = gl.info.maxRenderbufferSize + 1
    #expect(!gl.canRender(width: big, height: 1))
    let list = RenderListCompiler(width: big, height: 1).compile(root(Double(big), 1, []).snapshot())
    var out = PixelBuffer(width: big, height: 1)
    #expect(throws: RenderError(.unsupported, "a \(big)x1 canvas exceeds the GPU's render target limit (\(big - 1) pixels)")) {
      try gl.render(list, into: &out)
    }
  }

  @Test func rasterizedLayerIsReusedOnTheGPU() throws {
    let gl = try GLRenderer()
    let card = layer(Rect(10, 10, 60, 60), Color(0.2, 0.5, 0.9)) { l in
      l.shouldRasterize = true
      l.filters = [.gaussianBlur(radius: 2)]
    }
    let r = root(80, 80, [card])
    let list = RenderListCompiler(width: 80, height: 80).compile(r.snapshot())
    let first = try gl.render(list)
    let second = try gl.render(RenderListCompiler(width: 80, height: 80).compile(r.snapshot()))
    #expect(gl.rasterizationHits == 1)
    #expect(first == second)
    #expect(Difference(first, try CPURenderer().render(list)).largest <= 2)
  }

  @Test func unchangedShadowIsReusedOnTheGPU() throws {
    let gl = try GLRenderer()
    let l = layer(Rect(20, 20, 40, 40)) { l in
      l.contents = TestImages.picture
      l.shadowOpacity = 0.7; l.shadowRadius = 6; l.shadowOffset = Size(3, 3)
    }
    let r = root(100, 100, [l])
    let list = RenderListCompiler(width: 100, height: 100).compile(r.snapshot())
    let first = try gl.render(list)
    let second = try gl.render(RenderListCompiler(width: 100, height: 100).compile(r.snapshot()))
    #expect(gl.shadowHits == 1)
    #expect(first == second)
    #expect(Difference(first, try CPURenderer().render(list)).largest <= 3)
  }
}

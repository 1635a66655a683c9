import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import Testing

@testable import StrataGL

/// Small images drawn from shared atlas pages (GLRenderer+ImageAtlas): the same pixels as
/// the CPU renderer at their edges and between texels, one draw call for many layers, and
/// each image uploaded once.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLImageAtlasTests {
  /// `n` layers, each with an image of its own (`side` texels, opaque, distinct colours
  /// up to its edge texels), at fractional positions, some magnified, over grey.
  static func sprites(_ n: Int, side: Int, plusLighter: Bool = false) -> RenderList {
    var layers: [Layer] = []
    for i in 0..<n {
      let img = Image(width: side, height: side) { x, y in
        (UInt8((x * 37 + i * 11) % 256), UInt8((y * 53 + i * 29) % 256), UInt8((x * y + i) % 256), 255)
      }
      let s = Double(side) * (i % 3 == 0 ? 1.5 : 1)
      layers.append(layer(Rect(Double(i % 8) * 23.37 + 0.31, Double(i / 8) * 27.61 + 0.57, s, s)) { l in
        l.contents = img
        if plusLighter { l.compositingFilter = .plusL; l.opacity = 0.5 }
      })
    }
    return RenderListCompiler(width: 200, height: 150, background: Color(0.2, 0.2, 0.2)).compile(root(200, 150, layers).snapshot())
  }

  @Test func smallImagesShareOneDrawAndMatchTheCPU() throws {
    let gl = try GLRenderer()
    let list = Self.sprites(40, side: 16)
    let gpu = try gl.render(list)
    #expect(gl.atlasUploads == 40)
    #expect(gl.lastFrameCounts.drawCalls == 1, "40 images, one page: one instanced call")
    let d = Difference(gpu, try CPURenderer().render(list))
    print("atlas sprites vs CPU: \(d)")
    #expect(d.largest <= 2, "\(d)")
    // A second frame finds them in place.
    _ = try gl.render(list)
    #expect(gl.atlasUploads == 40)
  }

  @Test func plusLighterSpriteLayersFromTheAtlasMatchTheCPU() throws {
    let gl = try GLRenderer()
    let list = Self.sprites(40, side: 12, plusLighter: true)
    let gpu = try gl.render(list)
    #expect(gl.atlasUploads == 40)
    let d = Difference(gpu, try CPURenderer().render(list))
    print("additive atlas sprites vs CPU: \(d)")
    #expect(d.largest <= 2, "\(d)")
  }

  /// A contents rectangle past the image samples clamped far beyond its edge: such a draw
  /// keeps a texture of its own (the atlas border is one texel).
  @Test func samplingBeyondTheBorderKeepsItsOwnTexture() throws {
    let gl = try GLRenderer()
    let img = Image(width: 8, height: 8) { x, y in (UInt8(x * 30), UInt8(y * 30), 200, 255) }
    let l = layer(Rect(4, 4, 40, 40)) { $0.contents = img; $0.contentsRect = Rect(-0.5, -0.5, 2, 2) }
    let list = RenderListCompiler(width: 48, height: 48).compile(root(48, 48, [l]).snapshot())
    let gpu = try gl.render(list)
    #expect(gl.atlasUploads == 0)
    #expect(gl.textureStats.uploads == 1)
    let d = Difference(gpu, try CPURenderer().render(list))
    #expect(d.largest <= 1, "\(d)")
  }

  /// The border repeats each edge texel (what clamp-to-edge reads), corners included.
  @Test func theBorderRepeatsTheEdges() {
    let img = Image(width: 3, height: 2) { x, y in (UInt8(10 * x + y), UInt8(y), 0, 255) }
    let b = GLRenderer.State.bordered(img)
    #expect(b.count == 5 * 4)
    for y in 0..<4 {
      for x in 0..<5 {
        let (sx, sy) = (min(max(x - 1, 0), 2), min(max(y - 1, 0), 1))
        #expect(b[y * 5 + x] == img.rgbaPixels[sy * 3 + sx], "texel \(x) \(y)")
      }
    }
  }
}

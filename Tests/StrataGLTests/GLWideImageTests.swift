import Strata
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataRender
import Testing

/// Issue 10.7 on the GPU: images wider than 32768 and 65536 texels are cut into tiles (the
/// texture limit lowered to 4096 here, so that each draw crosses tiles), and the tiles
/// agree with the CPU renderer, which samples the whole image at the same coordinates.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLWideImageTests {
  static let wide40000 = Image(width: 40000, height: 2) { x, y in
    (UInt8(x % 256), UInt8((x / 256) % 256), UInt8((x * 37 + y * 101) % 256), 255)
  }
  static let wide70000 = Image(width: 70000, height: 1) { x, _ in
    (UInt8(x % 256), UInt8((x / 256) % 256), UInt8((x * 37) % 256), 255)
  }

  struct Case: CustomStringConvertible, Sendable {
    var description: String
    var wide: Bool
    var frame: Rect
    var contentsRect = Rect(0, 0, 1, 1)
    var nearest = false
    var trilinear = false
  }

  static let cases = [
    Case(description: "40000 wide at -33000", wide: false, frame: Rect(-33000, 0, 40000, 2)),
    Case(description: "70000 wide at -66000.25", wide: true, frame: Rect(-66000.25, 0, 70000, 2)),
    Case(description: "70000 wide, right edge", wide: true, frame: Rect(-69936.25, 0, 70000, 2)),
    Case(description: "70000 wide, nearest, magnified", wide: true, frame: Rect(-132_000.5, 0, 140_000, 2), nearest: true),
    Case(description: "contentsRect past the right edge", wide: false, frame: Rect(0, 0, 64, 2), contentsRect: Rect(0.99, 0, 0.5, 1)),
    Case(description: "contentsRect past the left edge", wide: true, frame: Rect(0, 0, 64, 2), contentsRect: Rect(-0.3, 0, 0.3005, 1)),
    Case(description: "70000 wide, trilinear, minified 40x", wide: true, frame: Rect(-1000, 0, 1750, 2), trilinear: true),
  ]

  @Test(arguments: cases)
  func tiledWideImagesMatchTheCPU(_ c: Case) throws {
    let l = layer(c.frame) { l in
      l.contents = c.wide ? Self.wide70000 : Self.wide40000
      l.contentsRect = c.contentsRect
      if c.nearest { l.magnificationFilter = .nearest }
      if c.trilinear { l.minificationFilter = .trilinear }
    }
    let list = RenderListCompiler(width: 64, height: 2).compile(root(64, 2, [l]).snapshot())
    let cpu = try CPURenderer().render(list)
    let tiled = try GLRenderer(options: .init(maxTextureSize: 4096)).render(list)
    let d = Difference(tiled, cpu)
    print("\(c): tiled GPU vs CPU: \(d)")
    #expect(d.largest <= 2, "\(d)")
    #expect(cpu[0, 0].3 == 255 && cpu[63, 1].3 == 255, "the image covers the canvas")
  }
}

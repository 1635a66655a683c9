import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataPath
import StrataRender
import Testing

/// How the GPU draws shape masks: a frame's masks share a texture (few draw calls), and
/// the empty parts of a mask reach no fragment. The pixels must stay the CPU's.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLMaskDrawTests {
  /// `n` filled and stroked ellipses, overlapping, on a 256 × 256 canvas.
  static func shapes(_ n: Int) throws -> Layer {
    let root = Layer(frame: Rect(0, 0, 256, 256))
    for i in 0..<n {
      let s = ShapeLayer(frame: Rect(Double(7 * i % 200), Double(13 * i % 190), Double(30 + i % 25), Double(40 + i % 17)))
      s.path = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: s.bounds.width, height: s.bounds.height))
      s.fillColor = Color(Double(i % 5) / 4, 0.5, Double(i % 3) / 2, 0.6)
      s.strokeColor = Color(0.1, Double(i % 4) / 3, 0.3)
      s.lineWidth = 3
      try root.addSublayer(s)
    }
    return root
  }

  /// A renderer that draws masks as their runs (`tiled`) or as one quad each, whatever
  /// the driver (the default tiles on llvmpipe only).
  static func renderer(tiled: Bool) throws -> GLRenderer {
    var options = GLRenderer.Options()
    options.tilesMasks = tiled
    return try GLRenderer(options: options)
  }

  /// 40 shape layers (80 masks) draw in one or two instanced calls, not one per mask, and
  /// match the CPU renderer.
  @Test func aFramesMasksShareTheirDrawCalls() throws {
    let gl = try GLRenderer()
    let list = RenderListCompiler(width: 256, height: 256, background: .white).compile(try Self.shapes(40).snapshot())
    #expect(list.commands.count == 80)
    let d = Difference(try gl.render(list), try CPURenderer().render(list))
    #expect(gl.lastFrameCounts.drawCalls <= 2, "\(gl.lastFrameCounts)")
    // Colour blending rounds a little differently on the GPU (2 at most before masks
    // were tiled too); the coverage itself is checked bit for bit below.
    #expect(d.largest <= 2, "\(d)")
  }

  /// The stroke of a large circle is a ring: most of its mask's 16-pixel tiles are empty
  /// and are not drawn. The ring's area is 2πr × the stroke's width (plus its
  /// anti-aliased edges); tiles along it add at most a tile's width either side.
  @Test func emptyTilesOfAMaskAreNotDrawn() throws {
    let gl = try Self.renderer(tiled: true)
    let root = Layer(frame: Rect(0, 0, 256, 256))
    let s = ShapeLayer(frame: Rect(20, 20, 200, 200))
    s.path = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 200, height: 200))
    s.fillColor = nil
    s.strokeColor = Color(0.2, 0.3, 0.9)
    s.lineWidth = 4
    try root.addSublayer(s)
    let list = RenderListCompiler(width: 256, height: 256, background: .white).compile(root.snapshot())
    guard case .draw(let draw) = list.commands.first, case .mask(let mask) = draw.shape else {
      Issue.record("expected one mask draw, got \(list.commands)")
      return
    }
    let out = try gl.render(list)
    let drawn = gl.lastFrameCounts.maskPixels
    let bound = Int(2 * Double.pi * 100 * (4 + 2 + 2 * 16))
    #expect(drawn > 0 && drawn <= bound, "\(drawn) of \(mask.width * mask.height) mask pixels drawn, at most \(bound) expected")
    let d = Difference(out, try CPURenderer().render(list))
    #expect(d.largest <= 1, "\(d)")
  }

  /// Masks with empty, full and mixed tiles, of sizes that are not multiples of a tile,
  /// at odd origins, one running off the canvas and one cut by a pixel-aligned clip, drawn
  /// white on clear: every pixel is exactly its mask byte (0 outside the masks), drawn as
  /// runs or as one quad a mask.
  @Test(arguments: [true, false]) func masksReachEveryPixelBitForBit(tiled: Bool) throws {
    let gl = try Self.renderer(tiled: tiled)
    let canvas = PixelBounds(x0: 0, y0: 0, x1: 256, y1: 200)
    var expected = [UInt8](repeating: 0, count: 256 * 200)
    var list = RenderList(width: 256, height: 200, background: .clear)
    let places: [(x: Int, y: Int, w: Int, h: Int, clip: PixelBounds?)] = [
      (3, 5, 61, 47, nil), (70, 1, 16, 16, nil), (90, 9, 100, 33, nil), (-7, 60, 45, 70, nil),
      (41, 61, 150, 90, PixelBounds(x0: 50, y0: 70, x1: 173, y1: 131)), (200, 150, 80, 70, nil), (5, 140, 1, 1, nil),
    ]
    for (n, p) in places.enumerated() {
      // Bands of 0 and 255 a few tiles wide, and mixed bytes between them.
      let mask = DeviceMask(bounds: PixelBounds(x0: p.x, y0: p.y, x1: p.x + p.w, y1: p.y + p.h)) { x, y in
        let (i, j) = (x - p.x, y - p.y)
        switch (i / 20 + j / 23 + n) % 3 {
        case 0: return 0
        case 1: return 255
        default: return UInt8(truncatingIfNeeded: (i &* 2_654_435_761 ^ j &* 40503 ^ n) >> 5)
        }
      }
      let clip = p.clip ?? canvas
      let d = try #require(
        Draw.makeMask(label: "m", part: "mask", mask: mask, paint: .solid(Color.white.premultiplied), opacity: 1, clip: nil,
                      canvas: canvas, clipBounds: clip))
      list.commands.append(.draw(d))
      let b = mask.pixelBounds.intersection(canvas).intersection(clip)
      for y in b.y0..<b.y1 { for x in b.x0..<b.x1 { expected[y * 256 + x] = mask.coverage(x: x, y: y) } }
    }
    let out = try gl.render(list)
    var wrong = 0
    for i in 0..<expected.count where out.pixels[i * 4..<i * 4 + 4] != [UInt8](repeating: expected[i], count: 4)[...] {
      wrong += 1
    }
    #expect(wrong == 0, "\(wrong) pixels differ from their mask bytes")
    #expect(gl.lastFrameCounts.drawCalls == 1)
    // Untiled, a mask is one quad cut to its device bounds; tiled, its runs skip the
    // empty bands, so fewer pixels reach the shader.
    let whole = list.commands.reduce(0) { n, c in
      guard case .draw(let d) = c else { return n }
      let b = d.deviceBounds
      return n + (b.x1 - b.x0) * (b.y1 - b.y0)
    }
    if tiled {
      #expect(gl.lastFrameCounts.maskPixels < whole)
    } else {
      #expect(gl.lastFrameCounts.maskPixels == whole)
      #expect(gl.lastFrameCounts.instances == places.count)
    }
  }

  /// Overlapping translucent fills and strokes give the same bytes whether their masks
  /// are drawn as runs or as one quad each (a zero byte adds nothing, a full one the
  /// colour), with one instance a mask untiled.
  @Test func tiledAndWholeMasksDrawTheSameBytes() throws {
    let list = RenderListCompiler(width: 256, height: 256, background: .white).compile(try Self.shapes(40).snapshot())
    let tiled = try Self.renderer(tiled: true), whole = try Self.renderer(tiled: false)
    let a = try tiled.render(list), b = try whole.render(list)
    // Compared as one Bool: a failed `==` of the arrays would print both whole.
    let same = a.pixels == b.pixels
    #expect(same, "\(Difference(a, b))")
    #expect(whole.lastFrameCounts.instances == list.commands.count)
    #expect(tiled.lastFrameCounts.instances > list.commands.count)
  }
}

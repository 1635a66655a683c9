import Strata
import StrataGoldenScenes
import StrataRender
import Testing

@testable import StrataCPU

/// The rows of upright plus-lighter sprites (`Rasterizer.spriteRows`, one setup per draw and
/// band) must give exactly the sums of the row-by-row loop they replace (`accumulateRows`,
/// each row's span, inside run and fixed-point start found afresh): each draw of a scene of
/// translated and scaled sprites, some partly off the canvas or above its top, with either
/// filter, is summed both ways over every band and the `Float` sums compared bit for bit.
@Suite struct SpriteRowTests {
  static let width = 200, height = 120

  /// Sprites at fractional positions and scales (1, 0.5, 1.7, a stretched one), some
  /// reaching past each edge of the canvas; translucent texels of two image sizes.
  static func scene(_ filter: ContentsFilter) -> RenderList {
    let big = Image(width: 32, height: 32) { x, y in
      let a = UInt8((x * 9 + y * 5) % 256)
      return (UInt8(x * 7 % 256) & a, UInt8(y * 8 % 256) & a, a / 3, a)
    }
    let small = Image(width: 7, height: 5) { x, y in
      let a = UInt8(40 + x * 30 + y * 5)
      return (a / 2, a, a / 4, a)
    }
    var layers: [Layer] = []
    let placed: [(Double, Double, Double, Double, Bool)] = [
      (10.3, 12.7, 1, 1, true), (47.5, 30.25, 1, 1, true), (-11.6, 60.1, 1, 1, true),
      (180.2, 100.9, 1, 1, true),
      (90.9, -14.4, 1, 1, true), (120.05, 40.45, 0.5, 0.5, true), (60.7, 70.3, 1.7, 1.7, true),
      (140.4, 8.6, 2.3, 0.8, true), (30.1, 95.2, 1, 1, false), (150.6, 60.8, 3.1, 2.2, false),
      (5.5, -2.3, 1.3, 1.3, false),
    ]
    for (x, y, sx, sy, isBig) in placed {
      let image = isBig ? big : small
      let l = layer(Rect(x, y, Double(image.width), Double(image.height))) { l in
        l.contents = image
        l.magnificationFilter = filter
        l.minificationFilter = filter
        l.compositingFilter = .plusL
        l.opacity = sx == 1 ? 1 : 0.7
        l.transform = .scale(sx, sy)
      }
      layers.append(l)
    }
    return RenderListCompiler(width: width, height: height, scale: 1, background: .black).compile(
      root(Double(width), Double(height), layers).snapshot())
  }

  /// The bits of a sum (so that -0 and +0, or two NaNs, are told apart).
  static func bits(_ v: SIMD4<Float>) -> [UInt32] {
    [v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern]
  }

  @Test(arguments: [ContentsFilter.linear, .nearest])
  func sharedSetupSumsEqualTheRowByRowLoop(_ filter: ContentsFilter) {
    let list = Self.scene(filter)
    let clips = list.clips.map { Optional(PreparedClip($0)) }
    let canvas = PixelBounds(x0: 0, y0: 0, x1: Self.width, y1: Self.height)
    var pixels = [UInt8](repeating: 0, count: 4 * Self.width * Self.height)
    var draws = 0
    var nonZero = 0
    unsafe Surface.withCanvas(&pixels, width: Self.width, height: Self.height) { s in
      let r = Rasterizer(surface: s)
      for case .draw(let draw) in list.commands {
        let d = PreparedDraw(draw, clips: clips)
        guard case .plainImage = d.path, d.spriteBox != nil, let t = d.texture else { continue }
        draws += 1
        // Bands of 16 rows, as `CPURenderer.fill` cuts them.
        for y0 in stride(from: 0, to: Self.height, by: 16) {
          let band = y0..<min(Self.height, y0 + 16)
          let top = max(band.lowerBound, d.bounds.y0)
          let bottom = min(band.upperBound, d.bounds.y1)
          guard top < bottom else { continue }
          let rows = top..<bottom
          var fast = AdditiveSums(surface: canvas, rows: band)
          var general = fast
          r.accumulate(d, rows: rows, into: &fast)
          let levels = t.levels.span
          let x0 = max(d.bounds.x0, 0)
          let x1 = min(d.bounds.x1, Self.width)
          r.accumulateRows(
            d, rows: rows, x0, x1, t.mapping, levels, levels[0].texels.span, into: &general)
          nonZero += general.sums.filter { $0 != .zero }.count
          let same = fast.sums.map(Self.bits) == general.sums.map(Self.bits)
          #expect(
            same,
            "draw \(draws), rows \(rows): \(zip(fast.sums, general.sums).filter { $0 != $1 }.count) sums differ"
          )
        }
      }
    }
    // Every placed layer took the shared path, and the sums compared are not all zero.
    #expect(draws == 11)
    #expect(nonZero > 5_000)
  }
}

import Strata
import StrataGoldenScenes
import StrataRender
import Testing

@testable import StrataCPU

/// The rows of upright plus-lighter sprites (`Rasterizer.spriteRows`, one setup per draw and
/// band) must give exactly the pixels of the row-by-row loop they replace (`addRows`, each
/// row's span, inside run and fixed-point start found afresh): each draw of a scene of
/// translated and scaled sprites, some partly off the canvas or above its top, with either
/// filter, is added both ways over every band onto two copies of a canvas, compared byte
/// for byte after every draw.
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

  @Test(arguments: [ContentsFilter.linear, .nearest])
  func sharedSetupEqualsTheRowByRowLoop(_ filter: ContentsFilter) {
    let list = Self.scene(filter)
    let clips = list.clips.map { Optional(PreparedClip($0)) }
    // A start that is not black, bright in places, so that adds saturate somewhere.
    let start = (0..<(4 * Self.width * Self.height)).map { UInt8(truncatingIfNeeded: ($0 * 37) % 251 / 2) }
    var fast = start, general = start
    var draws = 0
    var mismatched = 0
    for case .draw(let draw) in list.commands {
      let d = PreparedDraw(draw, clips: clips)
      guard case .plainImage = d.path, d.spriteBox != nil, let t = d.texture else { continue }
      draws += 1
      // Bands of 16 rows, as `CPURenderer.fill` cuts them.
      for y0 in stride(from: 0, to: Self.height, by: 16) {
        let top = max(y0, d.bounds.y0), bottom = min(y0 + 16, Self.height, d.bounds.y1)
        guard top < bottom else { continue }
        unsafe Surface.withCanvas(&fast, width: Self.width, height: Self.height) { s in
          Rasterizer(surface: s).add(d, rows: top..<bottom)
        }
        unsafe Surface.withCanvas(&general, width: Self.width, height: Self.height) { s in
          let levels = t.levels.span
          Rasterizer(surface: s).addRows(
            d, rows: top..<bottom, max(d.bounds.x0, 0), min(d.bounds.x1, Self.width), t.mapping, levels, levels[0].texels.span)
        }
      }
      if fast != general { mismatched += 1 }
    }
    #expect(mismatched == 0, "\(mismatched) draws left different pixels")
    // Every placed layer took the shared path, and the draws changed the canvas.
    #expect(draws == 11)
    let changed = zip(fast, start).filter { $0 != $1 }.count, saturated = fast.filter { $0 == 255 }.count
    #expect(changed > 5_000 && saturated > 100, "\(changed) bytes changed, \(saturated) saturated")
  }
}

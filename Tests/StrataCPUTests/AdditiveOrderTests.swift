import Strata
import StrataGoldenScenes
import StrataRender
import StrataTestRandom
import Testing

@testable import StrataCPU

/// A long run of plus-lighter draws is prepared band by band instead of in list order
/// (`PreparedRun+Order`), which is only right because each draw adds its own whole levels,
/// saturated: the pixels must be the same bytes in any order.
@Suite struct AdditiveOrderTests {
  /// A 160 x 120 canvas of `count` plus-lighter sprite layers (tinted masks, images,
  /// solids, some turned, faded or clipped by the canvas edge), in random places, and an
  /// additive emitter's sprites among them. Saturates where many overlap.
  static func list(count: Int, seed: UInt64, sourceOverAt: Int? = nil) -> RenderList {
    var rng = SplitMix64(state: seed)
    let sprite = Image(width: 8, height: 8) { x, y in
      let a = UInt8(max(0, 255 - 30 * (abs(2 * x - 7) + abs(2 * y - 7))))
      return (255, 255, 255, a)  // straight white: an alpha-only image, as masks tint
    }
    var layers: [Layer] = []
    for i in 0..<count {
      let l = Layer()
      l.bounds = Rect(0, 0, 8, 8)
      l.position = Point(rng.range(-4, 164), rng.range(-4, 124))
      l.compositingFilter = i == sourceOverAt ? nil : .plusL
      switch rng.below(4) {
      case 0:
        l.backgroundColor = Color(rng.unit(), rng.unit(), rng.unit(), 1)
        let m = Layer()
        m.frame = l.bounds
        m.contents = sprite
        l.mask = m
      case 1: l.contents = TestImages.picture
      case 2: l.backgroundColor = Color(rng.unit(), rng.unit(), rng.unit(), rng.range(0.2, 1))
      default:
        l.contents = sprite
        l.transform = Transform3D.rotation(rng.range(0, 3), 0, 0, 1)
        l.opacity = rng.range(0.3, 1)
      }
      layers.append(l)
    }
    let e = EmitterLayer()
    e.frame = Rect(0, 0, 160, 120)
    e.emitterPosition = Point(x: 80, y: 60)
    e.emitterSize = Size(width: 160, height: 120)
    e.emitterShape = .rectangle
    e.emitterMode = .surface
    e.renderMode = .additive
    var cell = EmitterCell()
    cell.contents = sprite
    cell.birthRate = 400
    cell.lifetime = 10
    cell.color = Color(0.5, 0.3, 0.2, 1)
    e.emitterCells = [cell]
    layers.insert(e, at: count / 2)
    let tree = root(160, 120, layers)
    return RenderListCompiler(width: 160, height: 120, scale: 1, background: Color(0.1, 0.1, 0.1, 1)).compile(tree.snapshot(at: 1))
  }

  static func render(_ list: RenderList, ordered: Bool) throws -> PixelBuffer {
    var r = CPURenderer()
    r.ordersAdditiveRuns = ordered
    return try r.render(list)
  }

  @Test(arguments: [1, 2, 3]) func bandOrderGivesTheListOrdersBytes(seed: UInt64) throws {
    let list = Self.list(count: 1500, seed: seed)
    let commands = list.commands[...]
    // One run of plus-lighter draws, long enough to be ordered.
    #expect(commands.allSatisfy { $0.plusLighterMiddleRow != nil || { if case .sprites = $0 { true } else { false } }($0) })
    let order = try #require(PreparedRun.additiveOrder(commands, bands: PreparedRun.Bands(bounds: PixelBounds(x0: 0, y0: 0, x1: 160, y1: 120), height: 16)))
    #expect(order.count == commands.reduce(0) { $0 + $1.drawCount })
    #expect(order.map { "\($0.command).\($0.sprite)" } != commands.indices.flatMap { i in (0..<commands[i].drawCount).map { "\(i).\($0)" } })
    let listed = try Self.render(list, ordered: false), banded = try Self.render(list, ordered: true)
    #expect(listed.pixels == banded.pixels)
    // Reversed: still the same bytes (each draw adds its own whole levels, saturated).
    var reversed = list
    reversed.commands.reverse()
    #expect(try Self.render(reversed, ordered: true).pixels == listed.pixels)
    // Where they overlap most, the sum saturates: the order-free rule is tested there too.
    #expect(listed.pixels.contains(255))
  }

  /// One source-over draw in the run: the order is the list's.
  @Test func aRunWithAnotherBlendKeepsItsOrder() {
    let list = Self.list(count: 1500, seed: 4, sourceOverAt: 700)
    #expect(PreparedRun.additiveOrder(list.commands[...], bands: PreparedRun.Bands(bounds: PixelBounds(x0: 0, y0: 0, x1: 160, y1: 120), height: 16)) == nil)
  }
}

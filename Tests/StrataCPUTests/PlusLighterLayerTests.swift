import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// Layers with `compositingFilter` plusL (plus-lighter: the saturating sum, the form of
/// S4's 20000 sprite layers): checked on every backend against the definition, each
/// layer rendered alone and the results added in the test.
@Suite struct PlusLighterLayerTests {
  /// A soft round 16 × 16 sprite tinted `tint` (premultiplied; alpha from 0 to 255).
  static func sprite(_ tint: (Int, Int, Int)) -> Image {
    Image(width: 16, height: 16) { x, y in
      let dx = Double(x) + 0.5 - 8, dy = Double(y) + 0.5 - 8
      let a = min(max(1 - (dx * dx + dy * dy).squareRoot() / 8, 0), 1)
      let a8 = UInt8((255 * a).rounded())
      return (UInt8(tint.0), UInt8(tint.1), UInt8(tint.2), a8)
    }
  }

  /// Overlapping sprite layers at fractional positions, some bright enough to saturate.
  static func layers(plusL: Bool, opacity: Double = 1) -> [Layer] {
    let spots: [(Double, Double, (Int, Int, Int))] = [
      (20.3, 20.6, (200, 40, 90)), (26.7, 22.2, (90, 220, 30)), (23.5, 27.9, (120, 100, 250)),
      (24.1, 24.4, (255, 255, 255)), (44.25, 40.5, (60, 60, 60)), (47.6, 43.1, (30, 90, 200)),
    ]
    return spots.map { x, y, tint in
      let l = Layer()
      l.bounds = Rect(0, 0, 16, 16)
      l.position = Point(x, y)
      l.contents = sprite(tint)
      l.opacity = opacity
      if plusL { l.compositingFilter = .plusL }
      return l
    }
  }

  static func px(_ b: PixelBuffer, _ i: Int) -> SIMD4<Int> {
    SIMD4(Int(b.pixels[4 * i]), Int(b.pixels[4 * i + 1]), Int(b.pixels[4 * i + 2]), Int(b.pixels[4 * i + 3]))
  }

  static func maxAbs(_ d: SIMD4<Int>) -> Int { max(abs(d.x), abs(d.y), abs(d.z), abs(d.w)) }

  static func render(_ layers: [Layer], on backend: Backend) throws -> PixelBuffer {
    let list = RenderListCompiler(width: 64, height: 64, scale: 1, background: .clear).compile(root(64, 64, layers).snapshot())
    return try backend.render(list)
  }

  /// Plus-lighter onto transparent black is the sum of the layers, each as drawn alone,
  /// saturated at 255: exactly (the sum of integers is the integer of the sum).
  @Test(arguments: Backend.available)
  func plusLighterLayersAddUp(_ backend: Backend) throws {
    let out = try Self.render(Self.layers(plusL: true), on: backend)
    var sum = [SIMD4<Int>](repeating: .zero, count: 64 * 64)
    for l in Self.layers(plusL: false) {
      let alone = try Self.render([l], on: backend)
      for i in sum.indices { sum[i] &+= Self.px(alone, i) }
    }
    var worst = 0, saturated = 0
    for i in sum.indices {
      let expected = pointwiseMin(sum[i], SIMD4(repeating: 255))
      if sum[i].x > 255 { saturated += 1 }
      worst = max(worst, Self.maxAbs(Self.px(out, i) &- expected))
    }
    #expect(saturated > 0, "the test scene should saturate somewhere")
    #expect(worst == 0, "plus-lighter layers differ from the sum of the layers alone by \(worst)")
  }

  /// With an opacity, each layer adds its colour times the opacity rounded to whole levels,
  /// as an 8-bit target does (README "Rendering semantics"): exactly the sum of the layers
  /// each drawn alone at that opacity, saturated. The scene has pixels where rounding the
  /// sum once instead (half the sum at full opacity) gives another level.
  @Test(arguments: Backend.available)
  func plusLighterLayersWithOpacity(_ backend: Backend) throws {
    let out = try Self.render(Self.layers(plusL: true, opacity: 0.5), on: backend)
    var sum = [SIMD4<Int>](repeating: .zero, count: 64 * 64), full = sum
    for (half, whole) in zip(Self.layers(plusL: true, opacity: 0.5), Self.layers(plusL: false)) {
      let alone = try Self.render([half], on: backend), opaque = try Self.render([whole], on: backend)
      for i in sum.indices {
        sum[i] &+= Self.px(alone, i)
        full[i] &+= Self.px(opaque, i)
      }
    }
    var worst = 0, roundedOnceDiffers = 0
    for i in sum.indices {
      let expected = pointwiseMin(sum[i], SIMD4(repeating: 255))
      worst = max(worst, Self.maxAbs(Self.px(out, i) &- expected))
      if full[i].x < 510 && abs(Double(full[i].x) / 2 - Double(expected.x)) > 0.5 { roundedOnceDiffers += 1 }
    }
    #expect(roundedOnceDiffers > 0, "the test scene should tell rounding each layer from rounding the sum")
    #expect(worst == 0, "plus-lighter layers at opacity 0.5 differ from the sum of the layers alone by \(worst)")
  }

  /// A plusL layer that draws one thing (its contents) needs no offscreen group: its draw
  /// is added directly (20000 sprite layers would otherwise be 20000 groups).
  @Test func aLoneDrawIsAddedWithoutAGroup() {
    let list = RenderListCompiler(width: 64, height: 64, scale: 1, background: .clear)
      .compile(root(64, 64, Self.layers(plusL: true)).snapshot())
    let groups = list.commands.filter { if case .beginGroup = $0 { true } else { false } }
    #expect(groups.isEmpty)
    #expect(list.draws.count == 6 && list.draws.allSatisfy { $0.blendMode == .plusLighter })
    // With a background as well as contents, the layer is composited as a whole.
    let l = Self.layers(plusL: true)[0]
    l.backgroundColor = Color(0, 0, 1, 0.5)
    let both = RenderListCompiler(width: 64, height: 64, scale: 1, background: .clear).compile(root(64, 64, [l]).snapshot())
    #expect(both.commands.contains { if case .beginGroup(let g) = $0 { g.blendMode == .plusLighter } else { false } })
  }
}

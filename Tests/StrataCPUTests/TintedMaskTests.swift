import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// A background colour seen through an image mask of white (`addTintedMask`): one tinted
/// draw instead of a group, on every backend the picture the definition gives and the group
/// gives (within the backends' rounding), and the group wherever the shortcut would not be
/// the same picture.
@Suite struct TintedMaskTests {
  /// A soft round 16 × 16 sprite, premultiplied white: (A, A, A, A).
  static let white = Image(width: 16, height: 16) { x, y in
    let dx = Double(x) + 0.5 - 8, dy = Double(y) + 0.5 - 8
    let a = UInt8((255 * min(max(1 - (dx * dx + dy * dy).squareRoot() / 8, 0), 1)).rounded())
    return (255, 255, 255, a)
  }

  /// A layer of `tint` seen through `image`, 16 × 16 at `position`.
  static func tinted(
    _ tint: Color, at position: Point, image: Image = white, plusL: Bool = false, opacity: Double = 1,
    viaGroup: Bool = false
  ) -> Layer {
    let l = Layer()
    l.bounds = Rect(0, 0, 16, 16)
    l.position = position
    l.backgroundColor = tint
    l.opacity = opacity
    if plusL { l.compositingFilter = .plusL }
    // Rasterizing changes nothing in the picture, but takes the group route.
    l.shouldRasterize = viaGroup
    let m = Layer()
    m.frame = l.bounds
    m.contents = image
    l.mask = m
    return l
  }

  /// Layers apart from each other (so each pixel shows one), source-over and plus-lighter,
  /// with and without opacity, at fractional positions.
  static func scene(viaGroup: Bool) -> [Layer] {
    [
      tinted(Color(0.8, 0.2, 0.4), at: Point(10.3, 10.6), viaGroup: viaGroup),
      tinted(Color(0.1, 0.9, 0.3, 0.6), at: Point(30.7, 12.2), opacity: 0.7, viaGroup: viaGroup),
      tinted(Color(0.5, 0.4, 1), at: Point(50.5, 11.9), plusL: true, viaGroup: viaGroup),
      tinted(Color(0.2, 0.3, 0.9), at: Point(12.25, 40.5), plusL: true, opacity: 0.6, viaGroup: viaGroup),
      tinted(Color(1, 1, 1), at: Point(40, 40), viaGroup: viaGroup),
    ]
  }

  static func compile(_ layers: [Layer], background: Color = .clear) -> RenderList {
    RenderListCompiler(width: 64, height: 64, scale: 1, background: background).compile(root(64, 64, layers).snapshot())
  }

  static func hasGroup(_ list: RenderList) -> Bool {
    list.commands.contains { if case .beginGroup = $0 { true } else { false } }
  }

  @Test func compilesToOneTintedDraw() throws {
    let tint = Color(0.8, 0.2, 0.4)
    let list = Self.compile([Self.tinted(tint, at: Point(10.3, 10.6), plusL: true, opacity: 0.5)])
    #expect(!Self.hasGroup(list))
    let d = try #require(list.draws.count == 1 ? list.draws.first : nil)
    guard case .image(let p) = d.paint else { Issue.record("not an image draw"); return }
    #expect(p.image === Self.white && p.tint == tint.premultiplied)
    #expect(d.blendMode == .plusLighter && d.opacity == 0.5 && d.part == "background through mask")
    // The group route, for comparison, is a group with a mask.
    #expect(Self.hasGroup(Self.compile([Self.tinted(tint, at: Point(10.3, 10.6), viaGroup: true)])))
  }

  /// Where one tinted draw would not be the same picture, the group is kept.
  @Test(arguments: ["coloured image", "turned mask", "mask beyond the bounds", "rounded corners", "translucent mask", "multiply"])
  func otherwiseTheGroup(_ variant: String) {
    let coloured = Image(width: 16, height: 16) { _, _ in (255, 0, 0, 255) }
    let l = Self.tinted(Color(0.3, 0.6, 0.9), at: Point(20, 20), image: variant == "coloured image" ? coloured : Self.white)
    switch variant {
    case "turned mask": l.mask!.transform = .rotation(0.3, 0, 0, 1)
    case "mask beyond the bounds": l.mask!.frame = Rect(-4, 0, 24, 16)
    case "rounded corners": l.cornerRadius = 4
    case "translucent mask": l.mask!.opacity = 0.5
    case "multiply": l.compositingFilter = .multiplyBlendMode
    default: break
    }
    #expect(Self.hasGroup(Self.compile([l])), "\(variant)")
  }

  /// Each layer's pixels by the definition: the mask's alpha sampled bilinearly at the
  /// pixel centre (edge texels repeated), times the premultiplied colour and the opacity,
  /// over the background (source-over) or added to it in whole levels (plus-lighter). In
  /// levels, unrounded.
  static func expected(_ layers: [Layer], background: Color) -> [SIMD4<Double>] {
    let bg = background.premultiplied
    let b = SIMD4(bg.red, bg.green, bg.blue, bg.alpha) * 255
    var out = [SIMD4<Double>](repeating: b, count: 64 * 64)
    func alpha(_ x: Int, _ y: Int) -> Double { Double(white[min(max(x, 0), 15), min(max(y, 0), 15)].3) / 255 }
    for l in layers {
      let ox = l.position.x - 8, oy = l.position.y - 8
      let c = l.backgroundColor!.premultiplied
      let tint = SIMD4(c.red, c.green, c.blue, c.alpha)
      for y in 0..<64 {
        for x in 0..<64 {
          let u = Double(x) + 0.5 - ox, v = Double(y) + 0.5 - oy
          guard u >= 0, u < 16, v >= 0, v < 16 else { continue }
          let s = u - 0.5, t = v - 0.5
          let x0 = Int(s.rounded(.down)), y0 = Int(t.rounded(.down))
          let fx = s - Double(x0), fy = t - Double(y0)
          let a = (alpha(x0, y0) * (1 - fx) + alpha(x0 + 1, y0) * fx) * (1 - fy)
            + (alpha(x0, y0 + 1) * (1 - fx) + alpha(x0 + 1, y0 + 1) * fx) * fy
          let src = tint * (a * l.opacity * 255)
          let i = y * 64 + x
          if l.compositingFilter == .plusL {
            out[i] = pointwiseMin(out[i] + (src + 0.50390625).rounded(.down), SIMD4(repeating: 255))
          } else {
            out[i] = src + out[i] * (1 - src.w / 255)
          }
        }
      }
    }
    return out
  }

  static func distance(_ p: SIMD4<Int>, _ e: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(abs(Double(p.x) - e.x), abs(Double(p.y) - e.y), abs(Double(p.z) - e.z), abs(Double(p.w) - e.w))
  }

  /// On every backend both routes are the definition within the backend's rounding, and
  /// within two levels of each other. Measured: the tinted draw at most 1.9 levels from the
  /// definition (the CPU's image loop rounds the colour, the alpha and the opacity to 8 bits
  /// in turn; llvmpipe filters with 8-bit weights), the group as close on average (it rounds
  /// its offscreen content first), both under half a level on average.
  @Test(arguments: Backend.available)
  func matchesTheDefinition(_ backend: Backend) throws {
    for background in [Color.clear, Color(0.1, 0.1, 0.15)] {
      let fast = try backend.render(Self.compile(Self.scene(viaGroup: false), background: background))
      let group = try backend.render(Self.compile(Self.scene(viaGroup: true), background: background))
      let exact = Self.expected(Self.scene(viaGroup: false), background: background)
      var worst = 0.0, apart = 0, fastError = 0.0, groupError = 0.0, drawn = 0
      for i in 0..<(64 * 64) where exact[i] != exact[0] {
        let a = PlusLighterLayerTests.px(fast, i), g = PlusLighterLayerTests.px(group, i)
        let da = Self.distance(a, exact[i])
        worst = max(worst, da.max())
        fastError += da.sum()
        groupError += Self.distance(g, exact[i]).sum()
        apart = max(apart, PlusLighterLayerTests.maxAbs(a &- g))
        drawn += 1
      }
      #expect(drawn > 500, "the layers should draw")
      #expect(worst <= 2, "\(backend) on \(background): the tinted draw is \(worst) levels from the definition")
      let fastMean = fastError / Double(4 * drawn), groupMean = groupError / Double(4 * drawn)
      #expect(fastMean < 0.5 && groupMean < 0.5, "\(backend) on \(background): mean errors \(fastMean), \(groupMean)")
      #expect(apart <= 2, "\(backend) on \(background): the tinted draw differs from the group by \(apart)")
    }
  }

  /// Placed on whole pixels, each pixel samples one texel: colour × alpha / 255, the
  /// definition of a colour masked by the image (within one level of rounding).
  @Test(arguments: Backend.available)
  func pixelsAreTheColourTimesTheMaskAlpha(_ backend: Backend) throws {
    let tint = Color(0.8, 0.4, 0.2, 0.9)
    let out = try backend.render(Self.compile([Self.tinted(tint, at: Point(24, 24))]))
    let c = tint.premultiplied
    var worst = 0
    for y in 0..<16 {
      for x in 0..<16 {
        let a = Double(Self.white[x, y].3) / 255
        let expected = SIMD4<Int>(
          Int((255 * c.red * a).rounded()), Int((255 * c.green * a).rounded()), Int((255 * c.blue * a).rounded()),
          Int((255 * c.alpha * a).rounded()))
        worst = max(worst, PlusLighterLayerTests.maxAbs(PlusLighterLayerTests.px(out, (16 + y) * 64 + 16 + x) &- expected))
      }
    }
    #expect(worst <= 1, "\(backend): colour × mask alpha off by \(worst)")
  }
}

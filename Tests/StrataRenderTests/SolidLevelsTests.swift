import Strata
import Testing

@testable import StrataRender

/// `Draw.wholeLevels`: which solid draws both backends blend as whole levels, and the levels.
@Suite struct SolidLevelsTests {
  static let canvas = PixelBounds(x0: 0, y0: 0, x1: 64, y1: 64)
  static let c = PremultipliedColor(red: 0.084, green: 0.7896, blue: 0.3864, alpha: 0.84)

  static func draw(
    _ shape: DrawShape = .rect, map: Homography = .identity, edges: EdgeAntialiasingMask = [], opacity: Double = 1,
    blend: BlendMode = .sourceOver
  ) -> Draw {
    var d = Draw.make(
      label: "t", part: "p", map: PlaneMap(toDevice: map)!, rect: Rect(4, 4, 20, 20), shape: shape, paint: .solid(Self.c),
      opacity: opacity, clip: nil, edges: edges, canvas: canvas, clipBounds: canvas)!
    d.blendMode = blend
    return d
  }

  @Test func levelsAreTheColourTimesTheOpacityRounded() {
    // (0.084, 0.7896, 0.3864, 0.84) · 255 = (21.42, 201.35, 98.53, 214.2); at opacity 0.5
    // (10.71, 100.67, 49.27, 107.1).
    #expect(Self.draw().wholeLevels(Self.c, coverageClip: false) == SIMD4(21, 201, 99, 214))
    #expect(Self.draw(opacity: 0.5).wholeLevels(Self.c, coverageClip: false) == SIMD4(11, 101, 49, 107))
    let round = CornerRadii(topLeft: 3, topRight: 3, bottomLeft: 3, bottomRight: 3)
    #expect(Self.draw(.roundedRect(round)).wholeLevels(Self.c, coverageClip: false) == SIMD4(21, 201, 99, 214))
  }

  @Test func onlyHardEdgedUnclippedSolidsTakeThem() {
    #expect(Self.draw().wholeLevels(Self.c, coverageClip: true) == nil, "a clip that needs coverage")
    #expect(Self.draw(edges: .all).wholeLevels(Self.c, coverageClip: false) == nil, "soft edges")
    #expect(Self.draw(blend: .plusLighter).wholeLevels(Self.c, coverageClip: false) == nil, "plus-lighter rounds itself")
    let continuous = CornerRadii(topLeft: 3, topRight: 3, bottomLeft: 3, bottomRight: 3, continuous: true)
    #expect(Self.draw(.roundedRect(continuous)).wholeLevels(Self.c, coverageClip: false) == nil)
    let round = CornerRadii(topLeft: 3, topRight: 3, bottomLeft: 3, bottomRight: 3)
    let perspective = Homography(1, 0, 0, 0, 1, 0, 0.002, 0, 1)
    #expect(Self.draw(.roundedRect(round), map: perspective).wholeLevels(Self.c, coverageClip: false) == nil)
    #expect(Self.draw(map: perspective).wholeLevels(Self.c, coverageClip: false) != nil, "a plain rectangle in any plane")
  }
}

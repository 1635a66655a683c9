import Strata
import StrataRender
import Testing

/// `HardEdges.nudged`: a rounded rectangle's hard edge that lies on (or a hair from) a
/// row or column of pixel centres moves 1/256 px off it, to the side the rule gives those
/// centres (a centre on an edge goes to the side at larger device coordinates); every
/// other edge stays where it is. The expected edges follow from the rule alone.
@Suite struct HardEdgesNudgeTests {
  /// Device x = a·u + tx, y = d·v + ty.
  static func map(_ a: Double, _ tx: Double, _ d: Double, _ ty: Double) -> Homography {
    Homography(a, 0, tx, 0, d, ty, 0, 0, 1)
  }

  static let step = 1.0 / 256

  @Test func edgesOnCentresMoveToTheSideTheRuleGivesThem() {
    // Device x from 10.5 to 30.5 and y from 11.5 to 20.5: every edge on centres. The low
    // edges keep their centres (move down by a step), the high ones lose theirs (move down too).
    let r = HardEdges.nudged(Rect(x: 0, y: 0, width: 20, height: 9), map: Self.map(1, 10.5, 1, 11.5), softEdges: [])
    #expect(r.minX == -Self.step && r.maxX == 20 - Self.step)
    #expect(r.minY == -Self.step && r.maxY == 9 - Self.step)
  }

  @Test func edgesAHairFromCentresKeepTheirAnswer() {
    // Top edge 1e-5 px below the row 11.5 (the row is outside), bottom edge 1e-5 px below
    // the row 20.5 (the row is inside).
    let r = HardEdges.nudged(Rect(x: 0, y: 0, width: 20, height: 9), map: Self.map(1, 0.25, 1, 11.50001), softEdges: [])
    #expect(abs(r.minY - (11.5 + Self.step - 11.50001)) < 1e-12)
    #expect(abs(r.maxY - (20.5 + Self.step - 11.50001)) < 1e-12)
    // x edges at 0.25 and 20.25 are far from centres: unchanged.
    #expect(r.minX == 0 && r.maxX == 20)
  }

  @Test func aFlippedAxisSwapsWhichEdgeIsLow() {
    // d = -1: layer top v = 0 lies at device 20.5 (the high edge, its row outside), layer
    // bottom v = 9 at device 11.5 (the low edge, its row inside).
    let r = HardEdges.nudged(Rect(x: 0, y: 0, width: 20, height: 9), map: Self.map(1, 0.25, -1, 20.5), softEdges: [])
    // Device low edge 11.5 -> 11.5 - step, high 20.5 -> 20.5 - step; back: v = 20.5 - y.
    #expect(abs(r.maxY - (20.5 - (11.5 - Self.step))) < 1e-12)
    #expect(abs(r.minY - (20.5 - (20.5 - Self.step))) < 1e-12)
  }

  @Test func softEdgesAndTurnedPlanesStay() {
    let rect = Rect(x: 0, y: 0, width: 20, height: 9)
    let soft = HardEdges.nudged(rect, map: Self.map(1, 10.5, 1, 11.5), softEdges: .all)
    #expect(soft == rect)
    let turned = HardEdges.nudged(rect, map: Homography(0.8, -0.6, 10.5, 0.6, 0.8, 11.5, 0, 0, 1), softEdges: [])
    #expect(turned == rect)
  }

  /// Through the draw: a rounded rectangle is nudged, a plain one snapped (as before).
  @Test func roundedDrawsAreNudgedAndPlainOnesSnapped() throws {
    let canvas = PixelBounds(x0: 0, y0: 0, x1: 64, y1: 64)
    let map = try #require(PlaneMap(toDevice: Self.map(1, 10.5, 1, 11.5)))
    let rect = Rect(x: 0, y: 0, width: 20, height: 9)
    for (shape, expectedTop) in [(DrawShape.roundedRect(CornerRadii(topLeft: 2, topRight: 2, bottomLeft: 2, bottomRight: 2)), -Self.step), (.rect, -0.5)] {
      let d = try #require(
        Draw.make(
          label: "l", part: "background", map: map, rect: rect, shape: shape, paint: .solid(Color.white.premultiplied),
          opacity: 1, clip: nil, edges: [], canvas: canvas, clipBounds: canvas))
      #expect(d.hardEdgeRect(rect, softEdges: []).minY == expectedTop, "\(shape)")
    }
  }
}

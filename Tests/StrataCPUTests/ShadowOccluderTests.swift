import Strata
import StrataCPU
import StrataRender
import Testing

/// An opaque layer's body hides the middle of its own shadow, so the compiler hands each
/// shadow draw an `Occluder` and the CPU skips the pixels under it. Skipping must change
/// nothing: the body paints those pixels opaquely right after. These tests render the same
/// list with and without the occluders and expect the same bytes, for the loops that skip
/// a whole run of a row (screen-aligned) and the one that tests each pixel (turned layers).
@Suite struct ShadowOccluderTests {
  /// A 40x30 opaque card with a blurred shadow offset down and right, turned by `angle`.
  private func list(angle: Double, cornerRadius: Double) -> RenderList {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 90, height: 80)
    root.anchorPoint = .zero
    let card = Layer()
    card.bounds = Rect(x: 0, y: 0, width: 40, height: 30)
    card.position = Point(x: 44, y: 38)
    card.backgroundColor = Color(0.2, 0.5, 0.8)
    card.cornerRadius = cornerRadius
    card.shadowOpacity = 0.9
    card.shadowRadius = 4
    card.shadowOffset = Size(width: 5, height: 7)
    card.shadowColor = Color(0.6, 0.1, 0.1)
    card.transform = .rotation(angle, 0, 0, 1)
    try! root.addSublayer(card)
    return RenderListCompiler(width: 90, height: 80, scale: 1, background: Color(0.95, 0.9, 0.8))
      .compile(root.snapshot(at: 0))
  }

  private func withoutOccluders(_ list: RenderList) -> RenderList {
    var l = list
    l.commands = l.commands.map { c in
      guard case .draw(var d) = c else { return c }
      d.occluder = nil
      return .draw(d)
    }
    return l
  }

  @Test(arguments: [0.0, 0.3, -0.7], [0.0, 6.0])
  func skippingTheOccludedPixelsChangesNothing(angle: Double, cornerRadius: Double) throws {
    let occluded = list(angle: angle, cornerRadius: cornerRadius)
    let shadows = occluded.draws.filter { $0.part == "shadow" }
    // The case under test: a cached shadow mask drawn with the body as its occluder.
    try #require(!shadows.isEmpty && shadows.allSatisfy { $0.occluder != nil })
    guard case .image(let paint) = shadows[0].paint else {
      Issue.record("the shadow is not drawn from a cached mask")
      return
    }
    #expect(paint.isMask)
    let a = try CPURenderer().render(occluded)
    let b = try CPURenderer().render(withoutOccluders(occluded))
    let differing = (0..<a.pixels.count).filter { a.pixels[$0] != b.pixels[$0] }
    #expect(differing.count == 0, "angle \(angle), radius \(cornerRadius): \(differing.count) bytes differ, first at \(differing.first.map { $0 / 4 } ?? -1)")
    // The shadow is really drawn outside the card: dark red pixels (the background is
    // (242, 230, 204), the card (51, 128, 204)).
    let shadowPixels = stride(from: 0, to: a.pixels.count, by: 4).filter {
      Int(a.pixels[$0]) > Int(a.pixels[$0 + 1]) + 40 && a.pixels[$0 + 2] < 150
    }
    #expect(shadowPixels.count > 200, "only \(shadowPixels.count) shadow pixels")
  }
}

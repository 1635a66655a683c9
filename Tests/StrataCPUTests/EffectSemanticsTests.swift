import Foundation
import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// Core Animation's effect semantics, checked on pixels.
@Suite struct EffectSemanticsTests {
  let bg = Color.black

  func render(_ layers: [Layer], _ w: Int = 100, _ h: Int = 100) -> PixelBuffer {
    Golden.render(root(Double(w), Double(h), layers), width: w, height: h, background: bg)
  }

  /// cornerRadius rounds the background and border by itself, but clips contents and
  /// sublayers only with masksToBounds.
  @Test func cornerRadiusClipsOnlyWithMasksToBounds() {
    func card(masks: Bool) -> Layer {
      layer(Rect(10, 10, 80, 80), .white) { l in
        l.cornerRadius = 30
        l.masksToBounds = masks
        try! l.addSublayer(layer(Rect(0, 0, 20, 20), Color(1, 0, 0)))  // in the top-left corner
      }
    }
    let bare = render([layer(Rect(10, 10, 80, 80), .white) { $0.cornerRadius = 30 }])
    #expect(bare[11, 11] == (0, 0, 0, 255))  // the background is rounded by itself
    let open = render([card(masks: false)])
    #expect(open[11, 11] == (255, 0, 0, 255))  // the sublayer pokes out of the corner
    let clipped = render([card(masks: true)])
    #expect(clipped[11, 11] == (0, 0, 0, 255))  // clipped away
    #expect(clipped[25, 25] == (255, 0, 0, 255))  // inside the rounded bounds it stays
    // Contents likewise.
    let img = Image(width: 2, height: 2, premultipliedPixels: [UInt8](repeating: 255, count: 16))
    let contents = render([layer(Rect(10, 10, 80, 80)) { $0.cornerRadius = 30; $0.contents = img }])
    #expect(contents[11, 11] == (255, 255, 255, 255))
    let contentsClipped = render([layer(Rect(10, 10, 80, 80)) { $0.cornerRadius = 30; $0.contents = img; $0.masksToBounds = true }])
    #expect(contentsClipped[11, 11] == (0, 0, 0, 255))
  }

  /// The shadow follows the alpha of the composited layer: contents and sublayers.
  @Test func shadowFollowsContentsAndSublayers() {
    func shadowed(_ configure: (Layer) -> Void) -> PixelBuffer {
      render([layer(Rect(20, 20, 40, 40)) { l in
        l.shadowOpacity = 1; l.shadowRadius = 0.01; l.shadowOffset = Size(30, 30); l.shadowColor = Color(0, 1, 0)
        configure(l)
      }])
    }
    // Nothing drawn: no shadow.
    let empty = shadowed { _ in }
    #expect(empty[65, 65] == (0, 0, 0, 255))
    // A sublayer in the top-left quarter casts a shadow 30 points down and right.
    let sub = shadowed { try! $0.addSublayer(layer(Rect(0, 0, 20, 20), .white)) }
    #expect(sub[55, 55].1 == 255)  // (20+5+30, …): inside the sublayer's shadow
    #expect(sub[75, 75].1 == 0)  // no shadow where the sublayer has no content
    // Contents with a transparent half cast a half shadow.
    let half = Image(width: 2, height: 1, premultipliedPixels: [255, 255, 255, 255, 0, 0, 0, 0])
    let contents = shadowed { $0.contents = half; $0.magnificationFilter = .nearest }
    #expect(contents[55, 70].1 == 255)
    #expect(contents[85, 70].1 == 0)
  }

  /// Group opacity differs from per-child opacity exactly where children overlap.
  @Test func groupOpacityDiffersOnlyWhereChildrenOverlap() {
    func pair(grouped: Bool) -> PixelBuffer {
      render([layer(Rect(0, 0, 100, 100)) { l in
        l.opacity = 0.5
        l.allowsGroupOpacity = grouped
        try! l.addSublayer(layer(Rect(10, 10, 50, 50), Color(1, 0, 0)))
        try! l.addSublayer(layer(Rect(40, 40, 50, 50), Color(0, 0, 1)))
      }])
    }
    let g = pair(grouped: true), u = pair(grouped: false)
    var differing = 0, overlapDiffering = 0
    for y in 0..<100 {
      for x in 0..<100 where g[x, y] != u[x, y] {
        differing += 1
        if x >= 40 && x < 60 && y >= 40 && y < 60 { overlapDiffering += 1 }
      }
    }
    #expect(differing == 20 * 20)
    #expect(overlapDiffering == 20 * 20)
    // Grouped: the blue child hides the red one where they overlap.
    #expect(g[50, 50].0 == 0 && g[50, 50].2 == 128)
  }

  /// The analytic shadow of a plain rounded rectangle and the general path (alpha
  /// offscreen, separable Gaussian) agree within the cross-backend tolerance.
  @Test func analyticAndGeneralShadowsAgree() throws {
    func scene(general: Bool) -> RenderList {
      let card = layer(Rect(40, 30, 120, 80), .white) { l in
        l.cornerRadius = 16; l.shadowOpacity = 0.6; l.shadowRadius = 12; l.shadowOffset = Size(0, 6)
        // A sublayer that draws nothing still makes the shadow take the general path.
        if general { try! l.addSublayer(layer(Rect(0, 0, 1, 1))) }
      }
      let r = root(200, 150, [layer(Rect(0, 0, 200, 150), Color(0.9, 0.9, 0.9)), card])
      return RenderListCompiler(width: 200, height: 150).compile(r.snapshot())
    }
    let analytic = scene(general: false), general = scene(general: true)
    #expect(analytic.textDescription.contains("shadow") && !analytic.textDescription.contains("group"))
    #expect(general.textDescription.contains("group") && general.textDescription.contains("[shadow]"))
    let a = try CPURenderer().render(analytic).image, b = try CPURenderer().render(general).image
    let result = ImageComparator.compare(expected: a, actual: b, tolerance: .cross)
    #expect(result.passed, "\(result)")
  }

  /// shouldRasterize: the subtree's bitmap is made once and reused while nothing changes.
  @Test func rasterizedLayerIsReusedWhileUnchanged() {
    let card = layer(Rect(10, 10, 60, 60), Color(0.2, 0.5, 0.9)) { l in
      l.shouldRasterize = true
      l.cornerRadius = 10
      l.filters = [.gaussianBlur(radius: 2)]
      try! l.addSublayer(layer(Rect(5, 5, 20, 20), .white))
    }
    let r = root(80, 80, [card])
    // A cache of its own: the shared one's counters move with every test running alongside.
    var cpu = CPURenderer()
    cpu.rasterCache = RasterCache()
    func frame() -> PixelBuffer {
      try! cpu.render(RenderListCompiler(width: 80, height: 80, background: bg).compile(r.snapshot()))
    }
    let first = frame()
    let second = frame()
    #expect(cpu.rasterCache.statistics.hits == 1 && cpu.rasterCache.statistics.misses == 1)
    #expect(first == second)
    // A change in the subtree makes a new bitmap.
    card.sublayers[0].backgroundColor = Color(1, 0, 0)
    let third = frame()
    #expect(third != second)
    #expect(third[25, 25].0 > third[25, 25].2)
  }

  /// A general-path shadow whose inputs did not change is not blurred again.
  @Test func unchangedShadowIsReused() {
    let l = layer(Rect(20, 20, 40, 40)) { l in
      l.contents = TestImages.picture
      l.shadowOpacity = 0.7; l.shadowRadius = 6; l.shadowOffset = Size(3, 3)
    }
    let r = root(100, 100, [l])
    var cpu = CPURenderer()
    cpu.shadowCache = ShadowCache()
    func frame() -> PixelBuffer {
      try! cpu.render(RenderListCompiler(width: 100, height: 100, background: .white).compile(r.snapshot()))
    }
    let a = frame()
    let b = frame()
    #expect(cpu.shadowCache.statistics.hits == 1 && cpu.shadowCache.statistics.misses == 1)
    #expect(a == b)
    l.shadowRadius = 12
    let c = frame()
    #expect(c != b)
    #expect(b[62, 62].0 < 200)  // the shadow is there (grey on white)
  }

  /// Under a translucent parent that does not group its content, the body no longer hides
  /// the middle of its shadow: the shadow is drawn there too, as the general path does.
  @Test func shadowUnderTranslucentBodyIsWhole() {
    func frame(groupOpacity: Bool, opacity: Double) -> PixelBuffer {
      let parent = layer(Rect(0, 0, 100, 100)) { p in
        p.opacity = opacity
        p.allowsGroupOpacity = groupOpacity
        try! p.addSublayer(layer(Rect(20, 20, 60, 60), .white) { $0.cornerRadius = 8; $0.shadowOpacity = 1; $0.shadowRadius = 6 })
      }
      return Golden.render(root(100, 100, [parent]), width: 100, height: 100, background: Color(0, 0.5, 0))
    }
    // Without group opacity the body is translucent; the centre shows the shadow below it.
    let ungrouped = frame(groupOpacity: false, opacity: 0.5)
    let centre = ungrouped[50, 50]
    // The shadow (black, alpha 1 in the middle) at 0.5 over green (0, 128, 0) leaves
    // (0, 64, 0); white at 0.5 over that gives (128, 160, 128). Without the shadow under the
    // body the green would be 192.
    #expect(abs(Int(centre.0) - 128) <= 2 && abs(Int(centre.1) - 160) <= 2, "\(centre)")
  }
}

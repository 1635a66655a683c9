import Strata
import StrataCPU
import StrataGoldenScenes
import StrataPath
import StrataRender
import Testing

/// `shadowPath`: the path, filled nonzero, shapes the shadow instead of the layer's
/// composited alpha; offset, radius, colour and opacity act as on every shadow.
@Suite struct ShadowPathTests {
  static let green = Color(0, 1, 0)

  /// A layer at `frame` with a green, fully opaque shadow of `path`.
  func shadowed(_ frame: Rect, _ path: StrataPath.Path, offset: Size, radius: Double = 0, _ configure: (Layer) -> Void = { _ in }) -> Layer {
    layer(frame) { l in
      l.shadowPath = path
      l.shadowOpacity = 1; l.shadowColor = Self.green; l.shadowOffset = offset; l.shadowRadius = radius
      configure(l)
    }
  }

  func compile(_ layers: [Layer], _ w: Int = 100, _ h: Int = 100) -> RenderList {
    RenderListCompiler(width: w, height: h, background: .black).compile(root(Double(w), Double(h), layers).snapshot())
  }

  func render(_ layers: [Layer], _ w: Int = 100, _ h: Int = 100) throws -> PixelBuffer {
    try CPURenderer().render(compile(layers, w, h))
  }

  /// The shadow draws of a list, in order.
  func shadowDraws(_ list: RenderList) -> [Draw] { list.draws.filter { $0.part == "shadow" } }

  /// A circle under a square layer casts a round shadow, not a square one.
  @Test func aCircleUnderASquareCastsARoundShadow() throws {
    let circle = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 40, height: 40))
    let img = try render([shadowed(Rect(10, 10, 40, 40), circle, offset: Size(40, 40)) { $0.backgroundColor = .white }])
    // The circle of radius 20 about (70, 70).
    #expect(img[70, 70] == (0, 255, 0, 255))
    #expect(img[70, 52] == (0, 255, 0, 255))  // 18 from the centre, on the vertical
    #expect(img[52, 70] == (0, 255, 0, 255))
    // The square's shadow would reach its corners; the circle's does not (25 from the centre).
    #expect(img[52, 52] == (0, 0, 0, 255))
    #expect(img[88, 88] == (0, 0, 0, 255))
    // The body is still drawn, white, above.
    #expect(img[30, 30] == (255, 255, 255, 255))
  }

  /// An L-shaped path (nonzero) casts an L: the notch stays empty.
  @Test func anLShapedPathCastsAnL() throws {
    let l = try StrataPath.Path(svgPathData: "M0 0 H20 V40 H40 V60 H0 Z")
    let img = try render([shadowed(Rect(10, 10, 40, 60), l, offset: Size(30, 20))])
    // The L spans (40…80, 30…90): the upright (40…60, 30…90) and the foot (40…80, 70…90).
    #expect(img[50, 40] == (0, 255, 0, 255))
    #expect(img[70, 80] == (0, 255, 0, 255))
    #expect(img[70, 50] == (0, 0, 0, 255))  // the notch
    #expect(img[85, 80] == (0, 0, 0, 255))  // past the foot
    // Hard-edged on whole pixels: every pixel is background or shadow.
    var covered = 0
    for y in 0..<100 {
      for x in 0..<100 {
        let p = img[x, y]
        #expect(p == (0, 0, 0, 255) || p == (0, 255, 0, 255))
        if p.1 == 255 { covered += 1 }
      }
    }
    #expect(covered == 20 * 60 + 20 * 20)  // the L's area
  }

  /// `shadowOffset` moves the shadow by exactly that many points, down and right for
  /// positive values (y down, as every shadow here).
  @Test func theOffsetMovesTheShadowExactly() throws {
    let path = try StrataPath.Path(svgPathData: "M5 0 L30 10 L20 30 Z")
    let at0 = try render([shadowed(Rect(20, 20, 30, 30), path, offset: Size(0, 0), radius: 4)])
    let moved = try render([shadowed(Rect(20, 20, 30, 30), path, offset: Size(7, 11), radius: 4)])
    var lit = 0
    for y in 0..<89 {
      for x in 0..<93 {
        #expect(moved[x + 7, y + 11] == at0[x, y])
        if at0[x, y].1 > 0 { lit += 1 }
      }
    }
    #expect(lit > 300)
    // Nothing was lost at the far side, and a negative offset moves it up and left.
    let back = try render([shadowed(Rect(20, 20, 30, 30), path, offset: Size(-7, -11), radius: 4)])
    #expect(back[40 - 7, 30 - 11] == at0[40, 30] && at0[40, 30].1 > 200)
  }

  /// The layer's content plays no part: the same mask with and without contents and
  /// sublayers, and no offscreen group for it.
  @Test func theContentDoesNotChangeTheShadow() throws {
    let path = StrataPath.Path(roundedRect: PathRect(x: 0, y: 0, width: 40, height: 30), cornerWidth: 8, cornerHeight: 8)
    let bare = compile([shadowed(Rect(20, 20, 40, 30), path, offset: Size(10, 30), radius: 6)])
    let img = Image(width: 2, height: 2, premultipliedPixels: [255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255])
    let full = compile([
      shadowed(Rect(20, 20, 40, 30), path, offset: Size(10, 30), radius: 6) { l in
        l.contents = img
        try! l.addSublayer(layer(Rect(-10, -10, 15, 15), Color(0, 0, 1)))
        try! l.addSublayer(layer(Rect(30, 5, 30, 5), .white))
      }
    ])
    let a = try #require(shadowDraws(bare).first), b = try #require(shadowDraws(full).first)
    guard case .mask(let ma) = a.shape, case .mask(let mb) = b.shape else {
      Issue.record("a shadowPath shadow is a coverage mask")
      return
    }
    #expect(ma.bytes == mb.bytes && ma.pixelBounds == mb.pixelBounds)
    // One mask draw, no group: the shadow needs no offscreen target.
    #expect(!full.textDescription.contains("group"))
    #expect(OffscreenMemory.peak(of: full).bytes == 0)
    // Outside the content the pixels are the same.
    let pa = try CPURenderer().render(bare), pb = try CPURenderer().render(full)
    for (x, y) in [(30, 75), (45, 80), (60, 84), (72, 60)] { #expect(pa[x, y] == pb[x, y] && pa[x, y].1 > 0) }
  }

  /// A radius of 0 is the path's coverage itself, hard-edged: the mask drawn is the path
  /// mask byte for byte.
  @Test func zeroRadiusIsTheHardEdgedPathMask() throws {
    let circle = StrataPath.Path(ellipseIn: PathRect(x: 0.5, y: 0, width: 31, height: 23))
    let list = compile([shadowed(Rect(10.25, 20, 40, 30), circle, offset: Size(3, 4))])
    let d = try #require(shadowDraws(list).first)
    guard case .mask(let m) = d.shape else {
      Issue.record("a shadowPath shadow is a coverage mask")
      return
    }
    let shifted = try #require(PlaneMap(toDevice: Homography(1, 0, 13.25, 0, 1, 24, 0, 0, 1)))
    let expected = try #require(
      PathMaskCache().mask(circle, style: .fill(.nonZero), map: shifted, clip: PixelBounds(x0: 0, y0: 0, x1: 100, y1: 100)))
    #expect(m.bytes == expected.bytes && m.pixelBounds == expected.pixelBounds)
    #expect(m.bytes.contains { $0 > 0 && $0 < 255 })  // anti-aliased edges, no blur
  }

  /// A blurred shadow reaches past the path by about 3 sigma and no further; its middle
  /// keeps full strength, its edge half.
  @Test func theRadiusBlursLikeOtherShadows() throws {
    let square = StrataPath.Path(rect: PathRect(x: 0, y: 0, width: 40, height: 40))
    let img = try render([shadowed(Rect(0, 0, 40, 40), square, offset: Size(30, 30), radius: 8)])
    // sigma 4: the square (30…70)². Pixel 30's centre lies half a pixel inside its edge:
    // Φ(0.5 / 4) = 0.550 (140 of 255); pixel 29's half a pixel outside: 0.450 (115).
    #expect(img[50, 50].1 >= 254)
    #expect(abs(Int(img[30, 50].1) - 140) <= 2 && abs(Int(img[29, 50].1) - 115) <= 2)
    #expect(img[30 - 14, 50].1 == 0 && img[30 - 9, 50].1 > 0)
  }

  /// Like every shadow, a shadowPath shadow is cut by masksToBounds (Apple: a path outside
  /// the bounds is clipped "only if the normal layer masking rules cause that").
  @Test func masksToBoundsClipsTheShadow() throws {
    let square = StrataPath.Path(rect: PathRect(x: 0, y: 0, width: 40, height: 40))
    let img = try render([shadowed(Rect(20, 20, 40, 40), square, offset: Size(20, 20)) { $0.masksToBounds = true }])
    #expect(img[50, 50] == (0, 255, 0, 255))  // inside the bounds
    #expect(img[70, 70] == (0, 0, 0, 255))  // outside: clipped
  }

  /// With a mask the shadow is masked too: it is drawn inside the layer's group, below
  /// the content, and the mask's alpha cuts both.
  @Test func aMaskCutsTheShadow() throws {
    let square = StrataPath.Path(rect: PathRect(x: 0, y: 0, width: 40, height: 40))
    let list = compile([
      shadowed(Rect(10, 10, 40, 40), square, offset: Size(30, 30)) { l in
        l.backgroundColor = .white
        l.mask = layer(Rect(0, 0, 55, 80), .white)  // the left part of the shadow, all of the body
      }
    ])
    #expect(list.textDescription.contains("group"))
    let img = try CPURenderer().render(list)
    #expect(img[30, 30] == (255, 255, 255, 255))
    #expect(img[60, 60] == (0, 255, 0, 255))  // x = 60 - 10 = 50 in the layer: inside the mask
    #expect(img[75, 60] == (0, 0, 0, 255))  // x = 65: outside the mask
  }

  /// The shadow colour, shadowOpacity and the layer's opacity multiply.
  @Test func colourAndOpacitiesMultiply() throws {
    let square = StrataPath.Path(rect: PathRect(x: 0, y: 0, width: 20, height: 20))
    let img = try render([shadowed(Rect(10, 10, 20, 20), square, offset: Size(40, 40)) { l in
      l.shadowOpacity = 0.5; l.opacity = 0.5
    }])
    #expect(abs(Int(img[60, 60].1) - 64) <= 1 && img[60, 60].0 == 0)
  }

  /// An unchanged shadow is neither rasterised nor blurred again; one that moved by whole
  /// pixels is the same bytes at a new place.
  @Test func anUnchangedShadowIsReused() throws {
    let paths = PathMaskCache()
    let cache = ShadowPathCache(paths: paths)
    let path = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 30, height: 20))
    func map(_ x: Double, _ y: Double) throws -> PlaneMap { try #require(PlaneMap(toDevice: Homography(1, 0, x, 0, 1, y, 0, 0, 1))) }
    let clip = PixelBounds(x0: 0, y0: 0, x1: 200, y1: 200)
    let a = try #require(cache.mask(path, map: map(40.5, 30), sigma: 3, clip: clip))
    let b = try #require(cache.mask(path, map: map(40.5, 30), sigma: 3, clip: clip))
    #expect(cache.blurs == 1 && paths.rasterizations == 1)
    #expect(a.contentID == b.contentID && a.pixelBounds == b.pixelBounds)
    let moved = try #require(cache.mask(path, map: map(52.5, 47), sigma: 3, clip: clip))
    #expect(cache.blurs == 1 && paths.rasterizations == 1)
    #expect(moved.contentID == a.contentID && moved.originX == a.originX + 12 && moved.originY == a.originY + 17)
    // Another radius: blurred again from the same path mask.
    _ = try #require(cache.mask(path, map: map(40.5, 30), sigma: 5, clip: clip))
    #expect(cache.blurs == 2 && paths.rasterizations == 1)
    // Through the compiler: two frames of one scene draw one mask (one contentID).
    let scene = [shadowed(Rect(20, 20, 30, 20), path, offset: Size(3, 5), radius: 5)]
    let first = try #require(shadowDraws(compile(scene)).first), second = try #require(shadowDraws(compile(scene)).first)
    guard case .mask(let m1) = first.shape, case .mask(let m2) = second.shape else {
      Issue.record("a shadowPath shadow is a coverage mask")
      return
    }
    #expect(m1.contentID == m2.contentID)
  }

  /// `shadowPath` animates (element-wise) and is not implicitly animated.
  @Test func theShadowPathAnimates() throws {
    let l = shadowed(Rect(0, 0, 40, 40), StrataPath.Path(rect: PathRect(x: 0, y: 0, width: 10, height: 10)), offset: .zero)
    let to = StrataPath.Path(rect: PathRect(x: 10, y: 20, width: 30, height: 10))
    l.add(BasicAnimation(keyPath: .shadowPath, to: to, duration: 2), forKey: "grow")
    let mid = try #require(l.presentation(at: 1).shadowPath)
    #expect(mid == StrataPath.Path(rect: PathRect(x: 5, y: 10, width: 20, height: 10)))
    #expect(!AnimatableKeyPath.implicitlyAnimated(for: l).contains(.shadowPath))
  }
}

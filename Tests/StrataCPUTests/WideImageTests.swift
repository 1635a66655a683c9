import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import Testing

/// Issue 10.7: the CPU renderer is the fallback for images too large for the GPU, so it must
/// draw every image the decoder accepts at any texel coordinate. These draws put texel
/// coordinates past 32768 and 65536 (where 16.16 fixed point in 32 bits overflows) and far
/// outside the image, and compare each pixel with a sample computed here, in `Double`,
/// straight from the image: nothing of `Sampling` or the rasterizer is reused.
@Suite struct WideImageTests {
  /// A wide image whose every texel differs from its neighbours in at least one channel,
  /// by at most 37 in each (so that a wrong bilinear weight shows, but only in proportion).
  static func wide(_ width: Int, height: Int = 1) -> Image {
    Image(width: width, height: height) { x, y in
      (UInt8(x % 256), UInt8((x / 256) % 256), UInt8((x * 37 + y * 101) % 256), 255)
    }
  }

  static let wide40000 = wide(40000, height: 2)
  static let wide70000 = wide(70000)

  /// Draws `configure`d contents of `image` on a 64 x `rows` canvas (transparent, scale 1).
  func render(_ image: Image, frame: Rect, rows: Int = 1, _ configure: (Layer) -> Void = { _ in }) -> PixelBuffer {
    let l = layer(frame) { l in
      l.contents = image
      configure(l)
    }
    return Golden.render(root(64, Double(rows), [l]), width: 64, height: rows, background: .clear)
  }

  /// The largest channel difference between `actual` and `expected(x, y)` over the canvas.
  func worst(_ actual: PixelBuffer, _ expected: (Int, Int) -> SIMD4<Double>) -> (Int, String) {
    var worst = 0, at = ""
    for y in 0..<actual.height {
      for x in 0..<actual.width {
        let a = actual[x, y], e = expected(x, y)
        let d = [Double(a.0) - e.x, Double(a.1) - e.y, Double(a.2) - e.z, Double(a.3) - e.w].map { Int(abs($0).rounded()) }.max()!
        if d > worst { (worst, at) = (d, "pixel (\(x), \(y)): \(a), expected \(e)") }
      }
    }
    return (worst, at)
  }

  /// Linear filtering at texel coordinate `(s, t)` (texel `i` covers `[i, i + 1)`), edges
  /// clamped, with exact weights.
  static func bilinear(_ img: Image, _ s: Double, _ t: Double) -> SIMD4<Double> {
    func texel(_ x: Int, _ y: Int) -> SIMD4<Double> {
      let p = img[min(max(x, 0), img.width - 1), min(max(y, 0), img.height - 1)]
      return SIMD4(Double(p.0), Double(p.1), Double(p.2), Double(p.3))
    }
    let ps = s - 0.5, pt = t - 0.5
    let x0 = Int(ps.rounded(.down)), y0 = Int(pt.rounded(.down))
    let fx = ps - Double(x0), fy = pt - Double(y0)
    let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
    let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bottom * fy
  }

  /// Nearest filtering at `(s, t)`, edges clamped.
  static func nearest(_ img: Image, _ s: Double, _ t: Double) -> SIMD4<Double> {
    let x = min(max(Int(s.rounded(.down)), 0), img.width - 1), y = min(max(Int(t.rounded(.down)), 0), img.height - 1)
    let p = img[x, y]
    return SIMD4(Double(p.0), Double(p.1), Double(p.2), Double(p.3))
  }

  /// The case: texel coordinates 33000.5 … 33063.5 at whole-texel offsets, where
  /// linear filtering returns the texels themselves.
  @Test func texelsPast32768() {
    let out = render(Self.wide40000, frame: Rect(-33000, 0, 40000, 2), rows: 2)
    let (d, at) = worst(out) { x, y in Self.bilinear(Self.wide40000, 33000.5 + Double(x), Double(y) + 0.5) }
    #expect(d == 0, "\(at)")
  }

  /// Past 65536, and between texels: the weights are 8 bits (as GPUs'), so a channel may be
  /// off by the weight's rounding times the neighbours' difference (at most 37 here, 255 at
  /// the red channel's wrap), well under 2.
  @Test(arguments: [-66000.0, -66000.25, -69936.25, -1000.75])
  func texelsPast65536(offset: Double) {
    let out = render(Self.wide70000, frame: Rect(offset, 0, 70000, 1))
    let (d, at) = worst(out) { x, _ in Self.bilinear(Self.wide70000, Double(x) + 0.5 - offset, 0.5) }
    #expect(d <= 2, "offset \(offset): \(at)")
  }

  /// Magnified twofold with nearest filtering (the fast path's exact-float branch).
  @Test func nearestPast65536() {
    let out = render(Self.wide70000, frame: Rect(-132_000.5, 0, 140_000, 1)) { $0.magnificationFilter = .nearest }
    let (d, at) = worst(out) { x, _ in Self.nearest(Self.wide70000, (Double(x) + 0.5 + 132_000.5) / 2, 0.5) }
    #expect(d == 0, "\(at)")
  }

  /// A rounded clip sends the draw down the per-pixel path (float sampling).
  @Test func perPixelPathPast65536() {
    let out = render(Self.wide70000, frame: Rect(-66000.25, 0, 70000, 1)) { l in
      l.cornerRadius = 0.25
      l.masksToBounds = true
    }
    let (d, at) = worst(out) { x, _ in Self.bilinear(Self.wide70000, Double(x) + 0.5 + 66000.25, 0.5) }
    #expect(d <= 2, "\(at)")
  }

  /// `contentsRect` beyond the unit square: texel coordinates run far outside the image
  /// (to 256,000 on a 256-texel sprite sheet, to 59,600 on the wide image), and clamp to
  /// the edge texels as `GL_CLAMP_TO_EDGE` does.
  @Test func contentsRectFarOutsideTheImageClampsToTheEdge() {
    let sheet = Image(width: 256, height: 16) { x, y in (UInt8(x), UInt8(y * 16), 0, 255) }
    let out = render(sheet, frame: Rect(0, 0, 64, 1)) { $0.contentsRect = Rect(0, 0, 1000, 1) }
    // Texel s = 4000·(x + 0.5): every pixel lies right of the sheet.
    var (d, at) = worst(out) { x, _ in Self.bilinear(sheet, 4000 * (Double(x) + 0.5), 8) }
    #expect(d <= 1, "sprite sheet: \(at)")
    let left = render(sheet, frame: Rect(0, 0, 64, 1)) { $0.contentsRect = Rect(-999, 0, 1000, 1) }
    (d, at) = worst(left) { x, _ in Self.bilinear(sheet, -999 * 256 + 4000 * (Double(x) + 0.5), 8) }
    #expect(d <= 1, "sprite sheet, from the left: \(at)")
    // Texel coordinates up to 2.5e12, beyond the fast path's fixed point (±2^40): the
    // float path draws the row, still clamped to the edge.
    let far = render(sheet, frame: Rect(0, 0, 64, 1)) { $0.contentsRect = Rect(0, 0, 1e10, 1) }
    (d, at) = worst(far) { x, _ in Self.bilinear(sheet, 4e10 * (Double(x) + 0.5), 8) }
    #expect(d <= 1, "sprite sheet, 1e10 wide: \(at)")
    // The wide image: texels 39,600 … 59,600 across 64 pixels (312.5 a pixel).
    let right = render(Self.wide40000, frame: Rect(0, 0, 64, 1)) { $0.contentsRect = Rect(0.99, 0, 0.5, 1) }
    (d, at) = worst(right) { x, _ in Self.bilinear(Self.wide40000, 39600 + 312.5 * (Double(x) + 0.5), 1) }
    #expect(d <= 2, "wide image: \(at)")
  }

  /// An analytic shadow's mask is as wide as the layer (40,008 texels): its tinted fast
  /// path samples past 32768 too. A straight edge's shadow does not depend on where along
  /// the edge it is, so the wide layer's shadow equals a narrow one's far from the corners.
  @Test func shadowMaskPast32768() {
    func shadowed(_ frame: Rect) -> PixelBuffer {
      let l = layer(frame, Color(1, 1, 1)) { l in
        l.shadowOpacity = 1
        l.shadowRadius = 2
        l.shadowOffset = Size(width: 0, height: 3)
      }
      return Golden.render(root(64, 12, [l]), width: 64, height: 12, background: .clear)
    }
    let wide = shadowed(Rect(-33000, 0, 40000, 4)), narrow = shadowed(Rect(-100, 0, 300, 4))
    let (d, at) = worst(wide) { x, y in
      let p = narrow[x, y]
      return SIMD4(Double(p.0), Double(p.1), Double(p.2), Double(p.3))
    }
    #expect(narrow[10, 8].3 > 0, "the narrow layer casts a shadow")
    #expect(d <= 1, "\(at)")
  }
}

import Strata

/// Pictures of a comparison for people: `expected | difference | actual` side by side.
///
/// The expected and actual panels are composited over a checkerboard, so transparency
/// shows. The difference panel is a heat map on a dim ghost of the reference: colour
/// differences (weighted by coverage) run from dark red through orange to yellow, alpha
/// differences, where they dominate, run in cyan; intensity is normalised to the largest
/// difference (square root, so that small differences stay visible), and every pixel that
/// failed a check is drawn at least half-bright. The differing regions of the report are
/// outlined in magenta.
public enum DiffImage {
  /// The three panels, 4 pixels apart; small images are enlarged (nearest neighbour, up to
  /// 8x) so that the panels are at least 160 pixels tall.
  public static func threePanel(expected: Image, actual: Image, result: ImageComparison) -> Image {
    let w = expected.width, h = expected.height
    let zoom = max(1, min(8, 160 / max(h, 1)))
    let gap = 4
    let pw = w * zoom, ph = h * zoom
    let outW = 3 * pw + 2 * gap
    var out = [UInt8](repeating: 0, count: outW * ph * 4)
    for i in stride(from: 0, to: out.count, by: 4) { out[i] = 40; out[i + 1] = 40; out[i + 2] = 40; out[i + 3] = 255 }
    let panels = [overCheckerboard(expected), heatmap(expected: expected, actual: actual, result: result), overCheckerboard(actual)]
    for (k, panel) in panels.enumerated() {
      let x0 = k * (pw + gap)
      for y in 0..<ph {
        for x in 0..<pw {
          let s = ((y / zoom) * w + x / zoom) * 4, d = (y * outW + x0 + x) * 4
          out[d] = panel[s]; out[d + 1] = panel[s + 1]; out[d + 2] = panel[s + 2]; out[d + 3] = 255
        }
      }
    }
    return Image(width: outW, height: ph, premultipliedPixels: out)
  }

  /// The difference panel alone, opaque RGBA8, the size of the images.
  public static func heatmap(expected: Image, actual: Image, result: ImageComparison) -> [UInt8] {
    let w = expected.width, h = expected.height, n = w * h
    let e = expected.straightPixels, a = actual.straightPixels
    var colour = [Float](repeating: 0, count: n), alpha = [Float](repeating: 0, count: n)
    var largest: Float = 0
    for i in 0..<n {
      let coverage = Float(max(e[i * 4 + 3], a[i * 4 + 3])) / 255
      var d: Float = 0
      for c in 0..<3 { d = max(d, abs(Float(a[i * 4 + c]) - Float(e[i * 4 + c]))) }
      colour[i] = d * coverage
      alpha[i] = abs(Float(a[i * 4 + 3]) - Float(e[i * 4 + 3]))
      largest = max(largest, colour[i], alpha[i])
    }
    var out = [UInt8](repeating: 255, count: n * 4)
    let ghost = expected.pixels
    for i in 0..<n {
      // The reference's luminance over mid-grey, dimmed, to find one's way around.
      let a8 = Float(ghost[i * 4 + 3]) / 255
      let lum = (0.2126 * Float(ghost[i * 4]) + 0.7152 * Float(ghost[i * 4 + 1]) + 0.0722 * Float(ghost[i * 4 + 2])) + 128 * (1 - a8)
      var rgb = SIMD3<Float>(repeating: lum * 0.22)
      let c = colour[i], al = alpha[i]
      let failed = !result.mask.isEmpty && result.mask[i] != 0
      if largest > 0 && (c > 0 || al > 0 || failed) {
        var v = (max(c, al) / largest).squareRoot()
        if failed { v = max(v, 0.5) }
        let heat =
          al > c
          ? SIMD3<Float>(0, 255 * v, 255 * v)
          : SIMD3<Float>(255 * min(1, 0.35 + v), 255 * max(0, v * 1.6 - 0.6), 40 * max(0, v * 2 - 1))
        let k = min(1, 0.35 + v)
        rgb = rgb * (1 - k) + heat * k
      }
      out[i * 4] = UInt8(min(255, rgb.x)); out[i * 4 + 1] = UInt8(min(255, rgb.y)); out[i * 4 + 2] = UInt8(min(255, rgb.z))
    }
    for r in result.regions { outline(r, in: &out, width: w, height: h) }
    return out
  }

  /// Opaque RGBA8: the image over an 8-pixel light checkerboard.
  static func overCheckerboard(_ image: Image) -> [UInt8] {
    let w = image.width, h = image.height
    let p = image.pixels
    var out = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let i = (y * w + x) * 4
        let bg: UInt32 = (x / 8 + y / 8) % 2 == 0 ? 255 : 204
        let inv = 255 - UInt32(p[i + 3])
        for c in 0..<3 { out[i + c] = UInt8(min(255, UInt32(p[i + c]) + (bg * inv + 127) / 255)) }
      }
    }
    return out
  }

  /// A magenta rectangle two pixels outside `r`, clipped to the image.
  static func outline(_ r: ImageComparison.Region, in out: inout [UInt8], width w: Int, height h: Int) {
    let x0 = r.x - 2, y0 = r.y - 2, x1 = r.x + r.width + 1, y1 = r.y + r.height + 1
    func plot(_ x: Int, _ y: Int) {
      guard x >= 0, y >= 0, x < w, y < h else { return }
      let i = (y * w + x) * 4
      out[i] = 255; out[i + 1] = 0; out[i + 2] = 255
    }
    for x in x0...x1 { plot(x, y0); plot(x, y1) }
    for y in y0...y1 { plot(x0, y); plot(x1, y) }
  }
}

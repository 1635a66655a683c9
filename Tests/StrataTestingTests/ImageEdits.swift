import Foundation
import Strata
import StrataCPU
import StrataRender

/// Image edits for the regression corpus, for what Strata cannot draw yet (gradients,
/// blur, shadows) and for simulating another backend.
enum ImageEdits {
  /// Renders `layers` on a `width` x `height` canvas over `background`.
  static func render(_ layers: [Layer], width: Int = 160, height: Int = 120, background: Color = Color(0.12, 0.12, 0.14)) -> Image {
    let root = Layer()
    root.bounds = Rect(0, 0, Double(width), Double(height))
    root.anchorPoint = .zero
    for l in layers { try! root.addSublayer(l) }
    let list = RenderListCompiler(width: width, height: height, background: background).compile(root.snapshot())
    return try! CPURenderer().render(list).image  // small scenes, within the limits
  }

  static func layer(_ frame: Rect, _ color: Color?, _ configure: (Layer) -> Void = { _ in }) -> Layer {
    let l = Layer(frame: frame)
    l.backgroundColor = color
    configure(l)
    return l
  }

  /// A horizontal three-stop gradient (`c0` at 0, `c1` at `stop`, `c2` at 1) painted over
  /// the pixels `x0..<x1 × y0..<y1`.
  static func gradient(
    over image: Image, x0: Int, y0: Int, x1: Int, y1: Int, stop: Double,
    colors: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
  ) -> Image {
    var p = image.pixels
    for x in x0..<x1 {
      let t = Double(x - x0) / Double(x1 - x0 - 1)
      let c = t <= stop
        ? colors.0 + (colors.1 - colors.0) * (t / stop)
        : colors.1 + (colors.2 - colors.1) * ((t - stop) / (1 - stop))
      for y in y0..<y1 {
        let i = (y * image.width + x) * 4
        p[i] = UInt8((c.x * 255).rounded()); p[i + 1] = UInt8((c.y * 255).rounded()); p[i + 2] = UInt8((c.z * 255).rounded()); p[i + 3] = 255
      }
    }
    return Image(width: image.width, height: image.height, premultipliedPixels: p)
  }

  /// A separable Gaussian blur of the premultiplied pixels, clamped at the image edges.
  static func blur(_ image: Image, sigma: Double) -> Image {
    let r = Int((3 * sigma).rounded(.up))
    var k = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let s = k.reduce(0, +)
    k = k.map { $0 / s }
    let w = image.width, h = image.height
    let src = image.pixels.map(Double.init)
    var tmp = [Double](repeating: 0, count: src.count), out = tmp
    for y in 0..<h {
      for x in 0..<w {
        for c in 0..<4 {
          var acc = 0.0
          for d in -r...r {
            let sx = min(max(x + d, 0), w - 1)
            acc += k[d + r] * src[(y * w + sx) * 4 + c]
          }
          tmp[(y * w + x) * 4 + c] = acc
        }
      }
    }
    for y in 0..<h {
      for x in 0..<w {
        for c in 0..<4 {
          var acc = 0.0
          for d in -r...r {
            let sy = min(max(y + d, 0), h - 1)
            acc += k[d + r] * tmp[(sy * w + x) * 4 + c]
          }
          out[(y * w + x) * 4 + c] = acc
        }
      }
    }
    return Image(width: w, height: h, premultipliedPixels: out.map { UInt8(min(255, max(0, $0.rounded()))) })
  }

  /// `top` over `bottom`, premultiplied source-over.
  static func over(_ top: Image, _ bottom: Image) -> Image {
    let t = top.pixels, b = bottom.pixels
    var out = b
    for i in stride(from: 0, to: out.count, by: 4) {
      let inv = 255 - Int(t[i + 3])
      for c in 0..<4 { out[i + c] = UInt8(min(255, Int(t[i + c]) + (Int(b[i + c]) * inv + 127) / 255)) }
    }
    return Image(width: top.width, height: top.height, premultipliedPixels: out)
  }

  /// A drop shadow of `shape` (premultiplied, on a clear canvas): its alpha, blurred,
  /// moved by `offset` pixels and tinted black at `opacity`.
  static func shadow(of shape: Image, sigma: Double, offset: (Int, Int), opacity: Double) -> Image {
    let w = shape.width, h = shape.height
    let src = shape.pixels
    var mask = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let sx = x - offset.0, sy = y - offset.1
        guard sx >= 0, sy >= 0, sx < w, sy < h else { continue }
        mask[(y * w + x) * 4 + 3] = UInt8((Double(src[(sy * w + sx) * 4 + 3]) * opacity).rounded())
      }
    }
    return blur(Image(width: w, height: h, premultipliedPixels: mask), sigma: sigma)
  }
}

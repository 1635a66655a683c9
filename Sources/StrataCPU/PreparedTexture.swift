import Strata
import StrataRender

/// An image paint in the form the pixel loop samples: the texel map and filters
/// (`mapping`) and, when trilinear filtering may be used, the mipmap chain.
struct PreparedTexture: Sendable {
  let mapping: TexelMapping
  /// Level 0 first; the images' `rgbaPixels`, shared, not copied.
  let levels: [TextureLevel]

  init(_ p: ImagePaint) {
    let t = p.texelMap
    let minFilter = p.minificationFilter, magFilter = p.magnificationFilter
    mapping = TexelMapping(
      a: Float(t.a), b: Float(t.b), c: Float(t.c), d: Float(t.d), tx: Float(t.tx), ty: Float(t.ty),
      needsLevelOfDetail: minFilter != magFilter || minFilter == .trilinear,
      minFilter: minFilter, magFilter: magFilter, bias: Float(p.minificationFilterBias),
      tint: p.tint.map { SIMD4(Float($0.red), Float($0.green), Float($0.blue), Float($0.alpha)) } ?? .one)
    let img = p.image
    let base = LevelSize(width: Int32(img.width), height: Int32(img.height), scaleX: 1, scaleY: 1)
    var lv = [TextureLevel(texels: img.rgbaPixels, size: base)]
    if minFilter == .trilinear {
      for m in img.mipmaps {
        let size = LevelSize(
          width: Int32(m.width), height: Int32(m.height),
          scaleX: Float(m.width) / Float(img.width), scaleY: Float(m.height) / Float(img.height))
        lv.append(TextureLevel(texels: m.rgbaPixels, size: size))
      }
    }
    levels = lv
  }
}

/// Everything about an image paint but its texels: plain values, which the pixel loops copy
/// without reference counting.
struct TexelMapping: Sendable {
  /// Layer plane → level-0 texels.
  let a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
  /// Whether the filter depends on the footprint (different filters, or mipmaps).
  let needsLevelOfDetail: Bool
  let minFilter: ContentsFilter
  let magFilter: ContentsFilter
  let bias: Float
  /// The tint (0…1 premultiplied), white when none.
  let tint: SIMD4<Float>

  /// Texels per device pixel (the longer axis of the footprint) for the device → layer
  /// Jacobian `j`: above 1 the image is minified.
  @inline(__always)
  func footprint(_ j: Coverage.Jacobian) -> Float {
    Sampling.texelsPerPixel(a, b, c, d, (j.dudx, j.dudy, j.dvdx, j.dvdy))
  }
}

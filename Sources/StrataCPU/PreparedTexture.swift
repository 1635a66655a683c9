import Strata
import StrataRender

/// An image paint in the form the pixel loop samples: the texel map, the filters and,
/// when trilinear filtering may be used, the mipmap chain.
struct PreparedTexture: Sendable {
  /// Layer plane → level-0 texels.
  let a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
  let levels: [TextureLevel]
  /// Whether the filter depends on the footprint (different filters, or mipmaps).
  let needsLevelOfDetail: Bool
  let minFilter: ContentsFilter
  let magFilter: ContentsFilter
  let bias: Float
  /// The tint (0…1 premultiplied), white when none.
  let tint: SIMD4<Float>

  init(_ p: ImagePaint) {
    let t = p.texelMap
    a = Float(t.a); b = Float(t.b); c = Float(t.c); d = Float(t.d); tx = Float(t.tx); ty = Float(t.ty)
    minFilter = p.minificationFilter
    magFilter = p.magnificationFilter
    bias = Float(p.minificationFilterBias)
    tint = p.tint.map { SIMD4(Float($0.red), Float($0.green), Float($0.blue), Float($0.alpha)) } ?? .one
    let img = p.image
    var lv = [TextureLevel(texels: img.packedPixels, width: Int32(img.width), height: Int32(img.height), scaleX: 1, scaleY: 1)]
    if minFilter == .trilinear {
      for m in img.mipmaps {
        lv.append(
          TextureLevel(
            texels: m.packedPixels, width: Int32(m.width), height: Int32(m.height),
            scaleX: Float(m.width) / Float(img.width), scaleY: Float(m.height) / Float(img.height)))
      }
    }
    levels = lv
    needsLevelOfDetail = minFilter != magFilter || minFilter == .trilinear
  }

  /// Texels per device pixel (the longer axis of the footprint) for the device → layer
  /// Jacobian `j`: above 1 the image is minified.
  @inline(__always)
  func footprint(_ j: Coverage.Jacobian) -> Float {
    Sampling.texelsPerPixel(a, b, c, d, (j.dudx, j.dudy, j.dvdx, j.dvdy))
  }
}

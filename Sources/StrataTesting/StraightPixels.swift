import Strata

/// Straight-alpha RGBA8 copies of an image's pixels, as SIMD vectors, for the comparator's
/// inner loops.
///
/// Uses `Image.straightPixels`' rounding, `c = (c'·255 + a/2) / a`, so that two images with
/// equal premultiplied pixels have equal straight ones.
struct StraightPixels: ~Copyable {
  let width: Int
  let height: Int
  let pixels: UnsafeMutableBufferPointer<SIMD4<UInt8>>

  init(_ image: Image) {
    width = image.width
    height = image.height
    let count = image.width * image.height
    pixels = .allocate(capacity: count)
    let src = image.unsafeBaseAddress
    let out = pixels.baseAddress!
    for i in 0..<count {
      let p = src + 4 * i
      let a = UInt32(p[3])
      if a == 255 {
        out[i] = SIMD4(p[0], p[1], p[2], 255)
      } else if a == 0 {
        out[i] = .zero
      } else {
        let h = a / 2
        out[i] = SIMD4(
          UInt8(min(255, (UInt32(p[0]) * 255 + h) / a)), UInt8(min(255, (UInt32(p[1]) * 255 + h) / a)),
          UInt8(min(255, (UInt32(p[2]) * 255 + h) / a)), UInt8(a))
      }
    }
  }

  deinit { pixels.deallocate() }
}

extension Image {
  /// The image as it comes back from a PNG file: straight alpha, then premultiplied again.
  ///
  /// References went through this round trip when they were written, so a fresh rendering
  /// goes through it too before it is compared; otherwise translucent pixels could differ
  /// by a rounding step that no renderer caused.
  var pngRoundTripped: Image {
    Image(width: width, height: height, straightPixels: straightPixels)
  }
}

import Strata

/// Premultiplied RGBA8 pixels, one `UInt32` each (red in the low byte, alpha in the high
/// one), row-major.
///
/// The comparator's passes read every pixel of both images several times (as a centre,
/// as a neighbour); one array access per pixel instead of four is most of their speed,
/// in release and debug builds alike.
enum PackedPixels {
  /// The pixels of `image`, packed.
  static func of(_ image: Image) -> [UInt32] {
    // From the pixel vectors directly: `image.pixels` would copy them into bytes first.
    let p = image.rgbaPixels, n = image.width * image.height
    var packed = [UInt32](repeating: 0, count: n)
    var out = packed.mutableSpan
    var i = 0
    while i < n {
      let v = p[i]
      out[i] = UInt32(v.x) | UInt32(v.y) << 8 | UInt32(v.z) << 16 | UInt32(v.w) << 24
      i += 1
    }
    return packed
  }
}

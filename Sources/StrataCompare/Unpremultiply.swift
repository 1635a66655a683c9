/// Straight colour from premultiplied colour by table, as `Image.straightPixels` computes
/// it: `table[a << 8 | c]` is channel `c` at alpha `a` made straight, `(c·255 + a/2) / a`
/// capped at 255, and 0 where `a` is 0.
///
/// The comparator needs straight colour of both images at every pixel. A lookup per channel
/// spares it two image-sized copies and a division per channel of every translucent pixel.
enum Unpremultiply {
  /// 65,536 entries, made once.
  static let table: [UInt8] = {
    var t = [UInt8](repeating: 0, count: 256 * 256)
    for a in 1..<256 {
      for c in 0..<256 {
        t[a << 8 | c] = a == 255 ? UInt8(c) : UInt8(Swift.min(255, (c * 255 + a / 2) / a))
      }
    }
    return t
  }()
}

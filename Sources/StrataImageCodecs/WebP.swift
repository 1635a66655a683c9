import Strata

/// WebP decoding with libwebp (`WebP+Calls.swift`): lossy and lossless still images, with
/// or without alpha. libwebp gives straight alpha, premultiplied here as PNG's pixels are.
enum WebP {
  static func decode(_ bytes: [UInt8], name: String, pixelBudget: Int) throws(ImageDecodeError) -> Image {
    let decoded = try libwebpDecode(bytes, name: name, pixelBudget: pixelBudget)
    return Image(width: decoded.width, height: decoded.height, straightPixels: decoded.pixels)
  }
}

import CWebP

/// The only place that calls libwebp. Its simple API reports errors by return value.
///
/// The pointers: the input is lent for each call with its size; the output array holds
/// `width * height * 4` bytes, and libwebp is told that size and a stride of `width * 4`.
extension WebP {
  /// Reads the bitstream's features, checks the pixel budget, and decodes to straight RGBA8.
  /// The corresponding C functions are `WebPGetFeatures` and `WebPDecodeRGBAInto`.
  static func libwebpDecode(_ bytes: [UInt8], name: String, pixelBudget: Int) throws(ImageDecodeError) -> (width: Int, height: Int, pixels: [UInt8]) {
    try unsafe bytes.withUnsafeBufferPointer { (input) throws(ImageDecodeError) in
      var features = WebPBitstreamFeatures()
      let status = unsafe WebPGetFeatures(input.baseAddress, input.count, &features)
      guard status == VP8_STATUS_OK else {
        let why =
          status == VP8_STATUS_NOT_ENOUGH_DATA ? "truncated WebP file"
          : status == VP8_STATUS_UNSUPPORTED_FEATURE ? "WebP file with an unsupported feature" : "corrupt WebP file"
        throw .corrupt(file: name, reason: why)
      }
      guard features.has_animation == 0 else { throw .unsupported(file: name, reason: "animated WebP is not supported (only still images)") }
      let width = Int(features.width), height = Int(features.height)
      try ImageDecodeError.checkBudget(width: width, height: height, budget: pixelBudget, file: name)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let ok = unsafe pixels.withUnsafeMutableBufferPointer { out in
        unsafe WebPDecodeRGBAInto(input.baseAddress, input.count, out.baseAddress, out.count, Int32(width * 4)) != nil
      }
      guard ok else { throw .corrupt(file: name, reason: "corrupt or truncated WebP file (libwebp could not decode it)") }
      return (width, height, pixels)
    }
  }
}

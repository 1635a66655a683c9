import CPNG
import Strata

/// The only place that calls libpng. It uses the simplified `png_image_*` API, which keeps
/// libpng's `setjmp`/`longjmp` error handling inside C, so no `longjmp` crosses a Swift frame.
///
/// The wrappers take and return arrays. The pointers: `png_image` holds libpng's state
/// behind an opaque pointer, freed on every path out (`png_image_free`); the input and
/// output arrays are lent for the calls with the sizes libpng was told (the output holds
/// `width * height * 4` bytes, the stride libpng uses for RGBA8 with row stride 0).
extension PNG {
  /// Decodes PNG bytes to straight RGBA8 with libpng and premultiplies them.
  ///
  /// The header is read first, and the pixel budget is checked before any pixel memory is
  /// allocated, so a hostile 60000 x 60000 header costs nothing.
  /// The corresponding C functions are `png_image_begin_read_from_memory` and
  /// `png_image_finish_read`.
  static func libpngDecode(_ bytes: [UInt8], name: String, pixelBudget: Int) throws(PNGError) -> Image {
    var image = unsafe png_image()
    unsafe image.version = png_uint_32(CPNG_IMAGE_VERSION)
    // libpng keeps the input pointer between begin_read and finish_read, so both calls run
    // inside one `withUnsafeBufferPointer`.
    return try unsafe bytes.withUnsafeBufferPointer { (input) throws(PNGError) -> Image in
      guard unsafe png_image_begin_read_from_memory(&image, input.baseAddress, input.count) != 0 else {
        let message = unsafe libpngMessage(image)
        unsafe png_image_free(&image)
        throw .corrupt(file: name, reason: explain(libpngMessage: message))
      }
      let width = unsafe Int(image.width), height = unsafe Int(image.height)
      let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
      guard !overflow, pixels <= pixelBudget else {
        unsafe png_image_free(&image)
        throw .tooLarge(file: name, width: width, height: height, budget: pixelBudget)
      }
      unsafe image.format = png_uint_32(CPNG_FORMAT_RGBA)
      // Without this flag libpng takes a 16-bit file without gAMA as linear light and
      // gamma-encodes it on the way down to 8 bits; browsers and Core Graphics treat such
      // files as sRGB, so we do too.
      unsafe image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
      var straight = [UInt8](repeating: 0, count: width * height * 4)
      let ok = unsafe straight.withUnsafeMutableBytes { out in
        unsafe png_image_finish_read(&image, nil, out.baseAddress, 0, nil)
      }
      guard ok != 0 else {
        let message = unsafe libpngMessage(image)
        unsafe png_image_free(&image)  // finish_read frees already; a second free is a no-op.
        throw .corrupt(file: name, reason: explain(libpngMessage: message))
      }
      return Image(width: width, height: height, straightPixels: straight)
    }
  }

  /// Encodes straight RGBA8 pixels as an 8-bit RGBA PNG, in memory.
  ///
  /// Compresses once into a buffer with room for incompressible data (a second pass only
  /// when even that is too small), with libpng's fast settings: encoding dominated the
  /// cost of frame sequences, and the files are a little larger. The corresponding C
  /// function is `png_image_write_to_memory`.
  static func libpngEncode(straight pixels: [UInt8], width: Int, height: Int) throws(PNGError) -> [UInt8] {
    precondition(pixels.count == width * height * 4, "PNG.encode needs width*height*4 bytes")
    guard let w = png_uint_32(exactly: width), let h = png_uint_32(exactly: height) else {
      throw .writeFailed(file: memoryName, reason: "\(width) x \(height) is too large for PNG")
    }
    func fresh() -> png_image {
      var image = unsafe png_image()
      unsafe image.version = png_uint_32(CPNG_IMAGE_VERSION)
      unsafe image.width = w
      unsafe image.height = h
      unsafe image.format = png_uint_32(CPNG_FORMAT_RGBA)
      unsafe image.flags = png_uint_32(CPNG_IMAGE_FLAG_FAST)
      return unsafe image
    }
    return try unsafe pixels.withUnsafeBufferPointer { (input) throws(PNGError) -> [UInt8] in
      // Raw size plus filter bytes, zlib's worst-case overhead and the chunks around it.
      var size = png_alloc_size_t(pixels.count + height + pixels.count / 500 + 4096)
      var output = [UInt8](repeating: 0, count: Int(size))
      for _ in 0..<2 {
        var image = unsafe fresh()
        let capacity = size
        let ok = unsafe output.withUnsafeMutableBytes { out in
          unsafe png_image_write_to_memory(&image, out.baseAddress, &size, 0, input.baseAddress, 0, nil)
        }
        if ok != 0 {
          output.removeLast(output.count - Int(size))
          return output
        }
        let message = unsafe libpngMessage(image)
        unsafe png_image_free(&image)
        // Too small: libpng set `size` to what it needs; anything else is an error.
        guard size > capacity else { throw .writeFailed(file: memoryName, reason: "libpng: \(message)") }
        output = [UInt8](repeating: 0, count: Int(size))
      }
      throw .writeFailed(file: memoryName, reason: "libpng: the encoded size kept growing")
    }
  }

  /// The name used in errors from in-memory encoding, which has no file.
  static let memoryName = "(in memory)"

  /// The NUL-terminated `message` field of a `png_image`.
  private static func libpngMessage(_ image: png_image) -> String {
    unsafe withUnsafeBytes(of: image.message) { raw in
      unsafe String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}

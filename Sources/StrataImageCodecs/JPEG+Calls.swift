import CJPEG

/// The only place that calls libjpeg-turbo, through its TurboJPEG API: libjpeg's
/// `setjmp`/`longjmp` error handling stays inside the library, and every call reports
/// failure by its return value with a message kept on the handle.
///
/// The pointers: the decompressor handle is destroyed on every path out (`tjDestroy`); the
/// input is lent for the calls with its size; the output array holds `width * height * 4`
/// bytes, the pitch the decoder is given.
extension JPEG {
  /// Reads the header, checks the pixel budget, and decodes to RGBA8 (CMYK for CMYK and
  /// YCCK files, which TurboJPEG turns into nothing else).
  ///
  /// Progressive files with an unreasonable number of scans are refused
  /// (`TJFLAG_LIMITSCANS`). A recoverable problem (a truncated file's missing rows, which
  /// come out grey) is not an error, as in browsers. The corresponding C functions are
  /// `tjDecompressHeader3` and `tjDecompress2`.
  static func turboDecode(
    _ bytes: [UInt8], name: String, pixelBudget: Int
  ) throws(ImageDecodeError) -> (width: Int, height: Int, cmyk: Bool, pixels: [UInt8]) {
    guard let handle = unsafe tjInitDecompress() else {
      throw .corrupt(file: name, reason: "libjpeg-turbo could not start a decompressor")
    }
    defer { _ = unsafe tjDestroy(handle) }
    return try unsafe bytes.withUnsafeBufferPointer { (input) throws(ImageDecodeError) in
      var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
      guard unsafe tjDecompressHeader3(handle, input.baseAddress, UInt(input.count), &width, &height, &subsampling, &colorspace) == 0 else {
        throw .corrupt(file: name, reason: explain(unsafe message(handle)))
      }
      // A header cut short before its frame gives no size rather than an error.
      guard width > 0, height > 0 else { throw .corrupt(file: name, reason: "truncated JPEG file (no image size before its end)") }
      try ImageDecodeError.checkBudget(width: Int(width), height: Int(height), budget: pixelBudget, file: name)
      let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
      let format = cmyk ? TJPF_CMYK : TJPF_RGBA
      var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
      let status = unsafe pixels.withUnsafeMutableBufferPointer { out in
        unsafe tjDecompress2(
          handle, input.baseAddress, UInt(input.count), out.baseAddress, width, width * 4, height, Int32(format.rawValue),
          TJFLAG_LIMITSCANS)
      }
      if status != 0, unsafe tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
        throw .corrupt(file: name, reason: explain(unsafe message(handle)))
      }
      return (Int(width), Int(height), cmyk, pixels)
    }
  }

  /// The handle's last error message. The corresponding C function is `tjGetErrorStr2`.
  private static func message(_ handle: tjhandle) -> String {
    guard let text = unsafe tjGetErrorStr2(handle) else { return "" }
    return unsafe String(cString: text)
  }
}

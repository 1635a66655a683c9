import Strata

/// JPEG decoding with libjpeg-turbo (`JPEG+Calls.swift`): baseline and progressive, grey,
/// YCbCr and CMYK/YCCK files.
enum JPEG {
  static func decode(_ bytes: [UInt8], name: String, pixelBudget: Int) throws(ImageDecodeError) -> Image {
    let decoded = try turboDecode(bytes, name: name, pixelBudget: pixelBudget)
    guard decoded.cmyk else {
      return Image(width: decoded.width, height: decoded.height, straightPixels: decoded.pixels)
    }
    return Image(width: decoded.width, height: decoded.height, straightPixels: rgba(fromInvertedCMYK: decoded.pixels))
  }

  /// RGBA from the CMYK samples of a CMYK or YCCK JPEG, read as Adobe's applications write
  /// them (inverted: 255 is no ink), as browsers read them: `r = c·k / 255`. No colour
  /// profile is applied.
  static func rgba(fromInvertedCMYK cmyk: [UInt8]) -> [UInt8] {
    var out = cmyk
    var i = 0
    while i < out.count {
      let k = UInt32(cmyk[i + 3])
      out[i] = UInt8((UInt32(cmyk[i]) * k + 127) / 255)
      out[i + 1] = UInt8((UInt32(cmyk[i + 1]) * k + 127) / 255)
      out[i + 2] = UInt8((UInt32(cmyk[i + 2]) * k + 127) / 255)
      out[i + 3] = 255
      i += 4
    }
    return out
  }

  /// A reason a user can act on, with libjpeg-turbo's own message in parentheses.
  static func explain(_ message: String) -> String {
    let m = message.lowercased()
    let kind =
      if m.contains("premature end") || m.contains("truncated") { "truncated JPEG file" }
      else if m.contains("not a jpeg") || m.contains("soi marker") { "not a JPEG file" }
      else if m.contains("scans") { "progressive JPEG file with too many scans" }
      else { "corrupt JPEG file" }
    return message.isEmpty ? kind : "\(kind) (libjpeg-turbo: \(message))"
  }
}

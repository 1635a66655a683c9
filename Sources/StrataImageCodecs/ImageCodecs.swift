import Strata
import StrataPNG

/// The still-image formats `ImageCodecs.decode` reads, recognised by their first bytes.
public enum ImageFormat: String, Sendable, CaseIterable {
  case png = "PNG", jpeg = "JPEG", webp = "WebP"

  /// The format whose signature `bytes` start with, or nil: PNG's 8-byte signature, JPEG's
  /// start-of-image marker followed by a marker (`FF D8 FF`), or a RIFF container of type
  /// `WEBP`. A file's name or a data URI's media type plays no part.
  public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
    return nil
  }
}

/// Decodes PNG, JPEG and WebP images into premultiplied RGBA8 `Image`s, recognising the
/// format by content.
///
/// Every decoder reads the header first and refuses an image over the pixel budget before
/// any pixel memory is allocated. Pixels come out premultiplied with the rounding PNG
/// decoding uses (`Image(width:height:straightPixels:)`), so the same picture gives the
/// same pixels in every format that stores it exactly (PNG, lossless WebP). Colour
/// profiles and EXIF orientation are not applied (lottie-ios draws a JPEG's stored pixels
/// too).
public enum ImageCodecs {
  /// Decodes an image file's bytes.
  ///
  /// - Parameters:
  ///   - name: The file's name for error messages.
  ///   - pixelBudget: The most pixels (`width * height`) accepted; larger images throw
  ///     `.tooLarge` after reading the header and before decoding.
  public static func decode(
    _ bytes: [UInt8], name: String, pixelBudget: Int = Limits.imagePixels
  ) throws(ImageDecodeError) -> Image {
    guard !bytes.isEmpty else { throw .corrupt(file: name, reason: "empty file") }
    switch ImageFormat.sniff(bytes) {
    case .png:
      do throws(PNGError) { return try PNG.decode(bytes, name: name, pixelBudget: pixelBudget) } catch {
        if case .tooLarge(_, let w, let h, let budget) = error { throw .tooLarge(file: name, width: w, height: h, budget: budget) }
        throw .corrupt(file: name, reason: error.reason)
      }
    case .jpeg: return try JPEG.decode(bytes, name: name, pixelBudget: pixelBudget)
    case .webp: return try WebP.decode(bytes, name: name, pixelBudget: pixelBudget)
    case nil: throw .unrecognised(file: name)
    }
  }
}

/// An image that could not be decoded. Each case carries the file's name as the caller
/// gave it.
public enum ImageDecodeError: Error, Equatable, CustomStringConvertible {
  /// The bytes start with no signature of a supported format.
  case unrecognised(file: String)
  /// The bytes are damaged or truncated; `reason` says how, with the library's message.
  case corrupt(file: String, reason: String)
  /// A valid image that the decoders do not read (an animated WebP).
  case unsupported(file: String, reason: String)
  /// The header promises more pixels than the budget; nothing was decoded.
  case tooLarge(file: String, width: Int, height: Int, budget: Int)

  public var file: String {
    switch self {
    case .unrecognised(let f), .corrupt(let f, _), .unsupported(let f, _), .tooLarge(let f, _, _, _): f
    }
  }

  /// What went wrong, without the file name.
  public var reason: String {
    switch self {
    case .unrecognised: "not a PNG, JPEG or WebP image"
    case .corrupt(_, let r), .unsupported(_, let r): r
    case .tooLarge(_, let w, let h, let budget): "image is \(w) x \(h) pixels, more than the limit of \(budget) pixels"
    }
  }

  public var description: String { "\(file): \(reason)" }
}

extension ImageDecodeError {
  /// Checks `width * height` against `budget` (a header's promise, before decoding).
  static func checkBudget(width: Int, height: Int, budget: Int, file: String) throws(ImageDecodeError) {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard width > 0, height > 0 else { throw .corrupt(file: file, reason: "the header gives a size of \(width) x \(height)") }
    guard !overflow, pixels <= budget else { throw .tooLarge(file: file, width: width, height: height, budget: budget) }
  }
}

import Strata

/// Reads and writes PNG files: the image codec behind `Layer.contents` and rendered output.
///
/// Decoding accepts everything libpng's simplified API does (1 to 16 bits, grey, grey and
/// alpha, palette with tRNS, Adam7 interlacing) and always yields a premultiplied RGBA8
/// `Image`. Encoding always writes 8-bit RGBA with straight alpha, as PNG requires.
public enum PNG {
  /// The largest image, in pixels, that `decode` and `read` accept unless told otherwise:
  /// 64 Mi pixels, 256 MiB of RGBA8. It guards against headers that promise absurd sizes.
  public static let defaultPixelBudget = Limits.imagePixels

  /// The 8 bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Decodes a PNG file's bytes into a premultiplied image.
  ///
  /// - Parameters:
  ///   - name: The file's name for error messages.
  ///   - pixelBudget: The most pixels (`width * height`) accepted; larger images throw
  ///     `.tooLarge` before their pixels are allocated.
  ///
  /// Memory is bounded by the input: besides the image (within `pixelBudget`), decoding
  /// allocates at most about twice the file's size plus a few megabytes, whatever its
  /// chunks claim (see `screened`).
  public static func decode(
    _ bytes: [UInt8], name: String, pixelBudget: Int = defaultPixelBudget
  ) throws(PNGError) -> Image {
    // Checked here rather than left to libpng, whose messages for these cases
    // ("invalid argument", "Not a PNG file") are less helpful than ours.
    guard !bytes.isEmpty else { throw .corrupt(file: name, reason: "empty file") }
    guard bytes.starts(with: signature) else {
      if signature.starts(with: bytes) {
        throw .corrupt(file: name, reason: "truncated PNG file (only \(bytes.count) bytes)")
      }
      throw .corrupt(file: name, reason: "not a PNG file (the PNG signature is missing)")
    }
    let chunks = try screened(bytes, name: name, pixelBudget: pixelBudget)
    return try libpngDecode(chunks, name: name, pixelBudget: pixelBudget)
  }

  /// Reads and decodes the PNG file at `path`; errors name the file as `path`.
  ///
  /// A path with a NUL character is refused: the C calls would open the part before it.
  public static func read(path: String, pixelBudget: Int = defaultPixelBudget) throws(PNGError) -> Image {
    try checkPath(path, unreadable: true)
    let bytes = try FileIO.readAll(path: path)
    return try decode(bytes, name: path, pixelBudget: pixelBudget)
  }

  /// Encodes an image as an 8-bit RGBA PNG with straight alpha.
  ///
  /// Pixels with alpha 0 lose their colour, and translucent ones may change by a rounding
  /// step when premultiplied again after decoding: PNG stores straight alpha.
  public static func encode(_ image: Image) throws(PNGError) -> [UInt8] {
    try libpngEncode(straight: image.straightPixels, width: image.width, height: image.height)
  }

  /// Encodes a render target as an 8-bit RGBA PNG with straight alpha.
  public static func encode(_ buffer: PixelBuffer) throws(PNGError) -> [UInt8] {
    try encode(buffer.image)
  }

  /// Writes `image` as a PNG file at `path`, atomically.
  ///
  /// The data goes to a temporary file beside `path` (`.name.png.tmp-<pid>`), which is then
  /// renamed over `path`: readers see the old file or the complete new one, never half of
  /// one. On failure the temporary file is removed and `path` is left as it was.
  public static func write(_ image: Image, to path: String) throws(PNGError) {
    try checkPath(path, unreadable: false)
    let bytes: [UInt8]
    do {
      bytes = try encode(image)
    } catch {
      // Name the file the caller asked for rather than the in-memory encoder.
      guard case .writeFailed(_, let reason) = error else { throw error }
      throw .writeFailed(file: path, reason: reason)
    }
    try FileIO.writeAtomically(bytes, to: path)
  }

  /// Writes a render target as a PNG file at `path`, atomically (see `write(_:to:)`).
  public static func write(_ buffer: PixelBuffer, to path: String) throws(PNGError) {
    try write(buffer.image, to: path)
  }

  /// Refuses a path that C cannot name: it ends at the first NUL, so `"a.png\0.txt"` would
  /// open `a.png`.
  private static func checkPath(_ path: String, unreadable: Bool) throws(PNGError) {
    guard path.utf8.contains(0) else { return }
    let reason = "the file name contains a NUL character"
    throw unreadable ? .unreadable(file: path, reason: reason) : .writeFailed(file: path, reason: reason)
  }

  /// Turns libpng's terse messages into a reason a user can act on, keeping the original in
  /// parentheses for bug reports.
  static func explain(libpngMessage message: String) -> String {
    let m = message.lowercased()
    let kind: String
    if m.contains("crc") {
      kind = "damaged PNG file (checksum mismatch)"
    } else if m.contains("end of data") || m.contains("not enough") || m.contains("read error")
      || m.contains("truncated") || m.contains("unexpected end")
    {
      kind = "truncated PNG file"
    } else if m.contains("not a png") {
      kind = "not a PNG file"
    } else {
      kind = "corrupt PNG file"
    }
    return message.isEmpty ? kind : "\(kind) (libpng: \(message))"
  }
}

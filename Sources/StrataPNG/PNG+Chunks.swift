/// The chunk walk that runs before libpng sees a file.
///
/// libpng trusts a chunk's length field until it reads the data: a 142-byte file whose
/// `tEXt` chunk claims 2 GB made it allocate (and touch) 2 GB before failing. And it keeps
/// every text chunk, inflating compressed ones up to 8 MB each: a 2 MB file of `zTXt`
/// chunks cost 2 GB and 20 seconds. The simplified API offers no way to set libpng's limits,
/// so the file is checked here instead, which is simple and needs no `setjmp`:
///
/// - every chunk must fit inside the file, so no length libpng reads exceeds the file size;
/// - the first chunk must be `IHDR`, and its width x height must be within the pixel
///   budget, so the image buffer and libpng's row buffers are bounded before any exist;
/// - only the chunks decoding needs reach libpng: every critical chunk (libpng must see an
///   unknown one to refuse it), and `tRNS`, `gAMA`, `cHRM`, `sRGB`, `iCCP` and `sBIT`, which
///   change the pixels. Text, time, APNG frames and private chunks are dropped.
///
/// Then libpng allocates at most: the copy made here (no more than the file), one `iCCP`
/// profile (capped at 8 MB by libpng's `PNG_USER_CHUNK_MALLOC_MAX`), row buffers (at most
/// 1,000,000 pixels wide, libpng's `PNG_USER_WIDTH_MAX`), and the image, within the budget.
/// A zlib bomb in `IDAT` inflates into the image rows and no further.
extension PNG {
  /// The ancillary chunks libpng's simplified reader uses to decode pixels.
  static let ancillaryChunksKept: Set<String> = ["tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"]

  /// The largest chunk length PNG allows (2^31 - 1).
  static let maxChunkLength = 0x7FFF_FFFF

  /// The bytes to hand to libpng: `bytes` itself when every chunk is kept, else a copy
  /// without the others. Throws for a chunk that does not fit in the file, a first chunk
  /// other than `IHDR`, and an image over `pixelBudget`.
  ///
  /// `bytes` must start with the PNG signature.
  /// - Complexity: O(number of chunks), plus one copy of the file when a chunk is dropped.
  static func screened(_ bytes: [UInt8], name: String, pixelBudget: Int) throws(PNGError) -> [UInt8] {
    var kept: [Range<Int>] = []
    var droppedAny = false
    var offset = signature.count
    var sawEnd = false
    while offset < bytes.count, !sawEnd {
      guard bytes.count - offset >= 8 else {
        throw .corrupt(file: name, reason: "truncated PNG file (it ends inside a chunk header at byte \(offset))")
      }
      let length = bigEndian(bytes, offset)
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let typeIsValid = bytes[offset + 4..<offset + 8].allSatisfy { (0x41...0x5A).contains($0 & 0xDF) }
      guard typeIsValid else {
        throw .corrupt(file: name, reason: "corrupt PNG file (invalid chunk type at byte \(offset))")
      }
      guard length <= maxChunkLength else {
        throw .corrupt(file: name, reason: "corrupt PNG file (the \(type) chunk at byte \(offset) claims \(length) bytes, more than PNG allows)")
      }
      let available = bytes.count - offset - 12
      guard length <= available else {
        throw .corrupt(
          file: name,
          reason: "truncated PNG file (the \(type) chunk at byte \(offset) claims \(length) bytes; \(max(0, available)) remain)")
      }
      if offset == signature.count {
        try checkHeader(bytes, at: offset, type: type, length: length, name: name, pixelBudget: pixelBudget)
      }
      let end = offset + 12 + length
      // Bit 5 of the first letter clear: a critical chunk.
      if bytes[offset + 4] & 0x20 == 0 || ancillaryChunksKept.contains(type) {
        if let last = kept.last, last.upperBound == offset {
          kept[kept.count - 1] = last.lowerBound..<end
        } else {
          kept.append(offset..<end)
        }
      } else {
        droppedAny = true
      }
      sawEnd = type == "IEND"
      offset = end
    }
    // Bytes after IEND are ignored by libpng; they only count as dropped for the copy.
    guard droppedAny || offset < bytes.count else { return bytes }
    var out = [UInt8](bytes[0..<signature.count])
    out.reserveCapacity(kept.reduce(signature.count) { $0 + $1.count })
    for range in kept { out.append(contentsOf: bytes[range]) }
    return out
  }

  /// Checks that the first chunk is a complete `IHDR` and its size within `pixelBudget`.
  private static func checkHeader(
    _ bytes: [UInt8], at offset: Int, type: String, length: Int, name: String, pixelBudget: Int
  ) throws(PNGError) {
    guard type == "IHDR", length == 13 else {
      throw .corrupt(file: name, reason: "corrupt PNG file (the first chunk is \(type), not a 13-byte IHDR)")
    }
    let width = bigEndian(bytes, offset + 8), height = bigEndian(bytes, offset + 12)
    // Zero sizes are left to libpng, which names them.
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= pixelBudget else {
      throw .tooLarge(file: name, width: width, height: height, budget: pixelBudget)
    }
  }

  /// The 32-bit big-endian number at `offset`.
  private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }
}

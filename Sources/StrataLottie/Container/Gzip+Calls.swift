import CZlib

/// gzip decompression with zlib, bounded: the only file that calls zlib.
///
/// The pointers: the input is lent to zlib for the whole stream (zlib's `next_in` is not
/// `const` in Debian's build, but zlib never writes through it); the output goes to a
/// 64 KiB array lent for each `inflate` call with its size; the stream's state is freed
/// on every path out (`inflateEnd`).
enum Gzip {
  /// gzip's first two bytes.
  static let magic: [UInt8] = [0x1F, 0x8B]

  /// The decompressed bytes of a gzip file, at most `limit` of them: decompression stops
  /// with an error at the first byte past the limit. Concatenated members are read one
  /// after the other; bytes after the last that do not start another member are ignored,
  /// as `gunzip` does. The corresponding C functions are `inflateInit2_`, `inflate`,
  /// `inflateReset` and `inflateEnd`.
  static func inflate(_ bytes: [UInt8], name: String, limit: Int) throws(LottieError) -> [UInt8] {
    func failure(_ message: String) -> LottieError { LottieError(fileName: name, path: "", message: message) }
    // zlib counts its input in 32 bits.
    guard bytes.count <= Int(UInt32.max) else { throw failure("the gzip file is larger than 4 GiB") }
    var stream = unsafe z_stream()
    // 15 + 16: the largest window, and a gzip header and trailer rather than zlib's.
    guard unsafe inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw failure("zlib could not start decompressing")
    }
    defer { _ = unsafe inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    return try unsafe bytes.withUnsafeBufferPointer { (input) throws(LottieError) -> [UInt8] in
      unsafe stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      unsafe stream.avail_in = UInt32(input.count)
      while true {
        let (status, produced) = unsafe chunk.withUnsafeMutableBufferPointer { out in
          unsafe stream.next_out = out.baseAddress
          unsafe stream.avail_out = UInt32(out.count)
          let status = unsafe CZlib.inflate(&stream, Z_NO_FLUSH)
          return (status, out.count - Int(unsafe stream.avail_out))
        }
        guard output.count + produced <= limit else {
          throw failure("the gzip stream decompresses to more than the limit of \(limit) bytes")
        }
        output.append(contentsOf: chunk[0..<produced])
        switch status {
        case Z_OK: continue
        case Z_STREAM_END:
          let rest = Int(unsafe stream.avail_in)
          guard rest >= 2, unsafe input[input.count - rest] == magic[0], unsafe input[input.count - rest + 1] == magic[1] else { return output }
          guard unsafe inflateReset(&stream) == Z_OK else { throw failure("zlib could not read the next gzip member") }
        case Z_BUF_ERROR where unsafe stream.avail_in == 0:
          throw failure("truncated gzip stream (it ends before its last block)")
        default:
          let message = unsafe stream.msg.map { unsafe String(cString: $0) } ?? "error \(status)"
          throw failure("corrupt gzip stream (zlib: \(message))")
        }
      }
    }
  }
}

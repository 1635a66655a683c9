/// Builds PNG chunks byte by byte, to forge files that no encoder would write.
enum PNGForge {
  /// One chunk: length, type, data and the CRC-32 of type and data.
  static func chunk(_ type: String, _ data: [UInt8], claimedLength: UInt32? = nil) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(claimedLength ?? UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  /// `png` with `chunks` inserted right after its IHDR chunk (which ends at byte 33).
  static func inserting(_ chunks: [UInt8], after png: [UInt8]) -> [UInt8] {
    Array(png[0..<33]) + chunks + Array(png[33...])
  }

  static func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }

  /// PNG's CRC-32 (ISO 3309).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      c ^= UInt32(b)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return ~c
  }
}

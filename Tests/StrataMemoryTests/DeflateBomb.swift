/// Hand-made PNG files for the memory tests: a 1 x 1 image, and zlib streams that inflate
/// about 160-fold.
enum DeflateBomb {
  /// A zlib stream that inflates to `1 + 258 * runs` bytes of "a": one literal, then
  /// `runs` copies of "the last 258 bytes again" in a fixed-Huffman block (13 bits each).
  static func zlib(runs: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    bits.writeCode(0x30 + 0x61, length: 8)  // literal "a"
    for _ in 0..<runs {
      bits.writeCode(0xC0 + (285 - 280), length: 8)  // length 258
      bits.writeCode(0, length: 5)  // distance 1
    }
    bits.writeCode(0, length: 7)  // end of block
    // Adler-32 of n bytes of "a", in closed form: a = 1 + 97n, b = n + 97n(n+1)/2.
    let n = UInt64(1 + 258 * runs)
    let a = (1 + 97 * n) % 65521, b = (n + 97 * (n * (n + 1) / 2 % 65521)) % 65521
    return [0x78, 0x01] + bits.bytes + bigEndian(UInt32(b << 16 | a))
  }

  /// A valid 1 x 1 RGBA PNG (an opaque red pixel) with `extra` chunks before its data.
  static func png(extra: [UInt8] = []) -> [UInt8] {
    let row: [UInt8] = [0, 255, 0, 0, 255]  // filter 0, then RGBA
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in row {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    // A stored (uncompressed) deflate block: BFINAL 1, BTYPE 00, LEN, NLEN.
    let idat: [UInt8] = [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF] + row + bigEndian(b << 16 | a)
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + chunk("IHDR", bigEndian(1) + bigEndian(1) + [8, 6, 0, 0, 0])
      + extra + chunk("IDAT", idat) + chunk("IEND", [])
  }

  static func chunk(_ type: String, _ data: [UInt8], claimedLength: UInt32? = nil) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(claimedLength ?? UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  static func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }

  /// PNG's CRC-32 (ISO 3309).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      c ^= UInt32(byte)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return ~c
  }

  /// Deflate's bit order: values least significant bit first, Huffman codes most
  /// significant bit first.
  struct BitWriter {
    var bytes: [UInt8] = []
    var used = 8

    mutating func bit(_ b: UInt32) {
      if used == 8 {
        bytes.append(0)
        used = 0
      }
      bytes[bytes.count - 1] |= UInt8(b & 1) << used
      used += 1
    }

    mutating func write(_ value: UInt32, count: Int) {
      for k in 0..<count { bit(value >> k) }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
      for k in (0..<length).reversed() { bit(code >> k) }
    }
  }
}

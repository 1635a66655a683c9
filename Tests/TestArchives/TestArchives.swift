/// Zip and gzip files written byte by byte for tests, so that a test can make exactly the
/// container it needs, broken ones included: entries are stored (not compressed), and the
/// sizes the directory records can be made to lie.
public enum TestZip {
  public struct Entry {
    public var name: String
    public var bytes: [UInt8]
    /// The uncompressed size written in the headers (default: the real one).
    public var claimedSize: UInt32?
    public init(_ name: String, _ bytes: [UInt8], claimedSize: UInt32? = nil) {
      self.name = name
      self.bytes = bytes
      self.claimedSize = claimedSize
    }
    public init(_ name: String, _ text: String) { self.init(name, Array(text.utf8)) }
  }

  /// A zip archive of `entries`, stored, with a central directory.
  public static func archive(_ entries: [Entry]) -> [UInt8] {
    var out: [UInt8] = [], directory: [UInt8] = []
    for e in entries {
      let offset = UInt32(out.count), name = Array(e.name.utf8), crc = CRC32.checksum(e.bytes)
      let size = UInt32(e.bytes.count), claimed = e.claimedSize ?? size
      // Local file header: version 2.0, no flags, stored, time and date 0.
      out += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
      out += le32(crc) + le32(size) + le32(claimed) + le16(UInt16(name.count)) + le16(0) + name + e.bytes
      directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
      directory += le32(crc) + le32(size) + le32(claimed) + le16(UInt16(name.count)) + le16(0) + le16(0)
      directory += le16(0) + le16(0) + le32(0) + le32(offset) + name
    }
    let start = UInt32(out.count)
    out += directory
    out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
    out += le32(UInt32(directory.count)) + le32(start) + le16(0)
    return out
  }

  static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
  static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
}

public enum TestGzip {
  /// A gzip file of `bytes` in stored deflate blocks (no compression), with its checksum.
  public static func compress(_ bytes: [UInt8]) -> [UInt8] {
    var out = header
    out += blocks(bytes, final: true)
    out += TestZip.le32(CRC32.checksum(bytes)) + TestZip.le32(UInt32(truncatingIfNeeded: bytes.count))
    return out
  }

  /// A gzip header and `count` zero bytes in stored blocks, without the last block or the
  /// trailer: enough to decompress past any limit below `count` without holding a file of
  /// that size twice.
  public static func zeros(count: Int) -> [UInt8] {
    var out = header
    out.reserveCapacity(count + count / 65535 * 5 + 32)
    let block = [UInt8](repeating: 0, count: 65535)
    var left = count
    while left > 0 {
      let n = min(left, block.count)
      out += [0] + TestZip.le16(UInt16(n)) + TestZip.le16(~UInt16(n))
      out += block[0..<n]
      left -= n
    }
    return out
  }

  static let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]

  static func blocks(_ bytes: [UInt8], final: Bool) -> [UInt8] {
    var out: [UInt8] = []
    var start = 0
    repeat {
      let n = min(bytes.count - start, 65535)
      let last = final && start + n == bytes.count
      out += [last ? 1 : 0] + TestZip.le16(UInt16(n)) + TestZip.le16(~UInt16(n)) + bytes[start..<start + n]
      start += n
    } while start < bytes.count
    return out
  }
}

/// CRC-32 (IEEE 802.3, as zip and gzip use it).
enum CRC32 {
  static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}

/// Animated PNG (APNG) files, assembled around frames that libpng encoded.
///
/// libpng writes each frame as an ordinary PNG; this type takes their chunks apart and
/// writes the APNG structure itself: `acTL` after `IHDR`, then per frame an `fcTL` and the
/// image data, as `IDAT` for the first frame (so decoders that do not know APNG show it)
/// and as `fdAT` for the others. Every chunk gets its CRC-32.
public enum APNG {
  /// A frame's display time as a fraction of a second, `numerator / denominator`.
  public struct Delay: Hashable, Sendable {
    public var numerator: UInt16
    public var denominator: UInt16

    public init(numerator: UInt16, denominator: UInt16) {
      self.numerator = numerator
      self.denominator = denominator
    }

    /// `1/fps` for whole rates up to 65535 fps, else the nearest number of milliseconds.
    public init(fps: Double) {
      if fps == fps.rounded(), fps >= 1, fps <= 65535 {
        self.init(numerator: 1, denominator: UInt16(fps))
      } else {
        self.init(numerator: UInt16(min(65535, max(1, (1000 / fps).rounded()))), denominator: 1000)
      }
    }
  }

  /// One animated PNG from PNG files of equal size (`frames`, in order).
  ///
  /// - Parameter loops: how often to play; 0 means forever.
  public static func assemble(_ frames: [[UInt8]], delay: Delay, loops: UInt32 = 0) throws(PNGError) -> [UInt8] {
    guard let first = frames.first else { throw .writeFailed(file: PNG.memoryName, reason: "an APNG needs at least one frame") }
    let head = try chunks(first)
    guard let ihdr = head.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
      throw .corrupt(file: PNG.memoryName, reason: "the first frame has no IHDR chunk")
    }
    let width = Array(ihdr.data[ihdr.data.startIndex..<ihdr.data.startIndex + 4])
    let height = Array(ihdr.data[ihdr.data.startIndex + 4..<ihdr.data.startIndex + 8])
    var out = PNG.signature
    append(ihdr.type, ihdr.data, to: &out)
    append("acTL", be32(UInt32(frames.count)) + be32(loops), to: &out)
    // The first frame's other chunks before its data (sRGB, gAMA… as libpng wrote them).
    for c in head.dropFirst() where c.type != "IDAT" && c.type != "IEND" { append(c.type, c.data, to: &out) }
    var sequence: UInt32 = 0
    for (i, frame) in frames.enumerated() {
      let cs = i == 0 ? head : try chunks(frame)
      guard i == 0 || cs.first.map({ Array($0.data) == Array(ihdr.data) }) == true else {
        throw .writeFailed(file: PNG.memoryName, reason: "frame \(i) differs from the first in size or format")
      }
      // fcTL: sequence, size, offset (0, 0), delay, dispose none, blend source.
      let control = be32(sequence) + width + height + be32(0) + be32(0) + be16(delay.numerator) + be16(delay.denominator) + [0, 0]
      append("fcTL", control, to: &out)
      sequence += 1
      for c in cs where c.type == "IDAT" {
        if i == 0 {
          append("IDAT", c.data, to: &out)
        } else {
          append("fdAT", be32(sequence) + c.data, to: &out)
          sequence += 1
        }
      }
    }
    append("IEND", [], to: &out)
    return out
  }

  /// Assembles an APNG and writes it to `path` atomically (see `PNG.write`).
  public static func write(_ frames: [[UInt8]], delay: Delay, loops: UInt32 = 0, to path: String) throws(PNGError) {
    let bytes: [UInt8]
    do {
      bytes = try assemble(frames, delay: delay, loops: loops)
    } catch {
      throw .writeFailed(file: path, reason: error.reason)
    }
    try FileIO.writeAtomically(bytes, to: path)
  }

  /// The chunks of a PNG file, in order; CRCs are not checked (libpng made them).
  public static func chunks(_ png: [UInt8]) throws(PNGError) -> [(type: String, data: ArraySlice<UInt8>)] {
    guard png.starts(with: PNG.signature) else { throw .corrupt(file: PNG.memoryName, reason: "not a PNG file") }
    var out: [(String, ArraySlice<UInt8>)] = []
    var i = 8
    while i + 12 <= png.count {
      let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
      guard i + 12 + length <= png.count else { throw .corrupt(file: PNG.memoryName, reason: "truncated PNG chunk") }
      let type = String(decoding: png[i + 4..<i + 8], as: UTF8.self)
      out.append((type, png[i + 8..<i + 8 + length]))
      i += 12 + length
    }
    return out
  }

  static func append<D: Collection<UInt8>>(_ type: String, _ data: D, to out: inout [UInt8]) {
    out += be32(UInt32(data.count))
    let body = Array(type.utf8) + Array(data)
    out += body
    out += be32(crc32(body))
  }

  static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

  /// CRC-32 (ISO 3309, polynomial 0xEDB88320), as PNG chunks use it.
  public static func crc32<D: Collection<UInt8>>(_ bytes: D) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }

  private static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }
}

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

  /// One animated PNG from PNG files of equal size (`frames`, in order), in memory.
  ///
  /// - Parameter loops: how often to play; 0 means forever.
  public static func assemble(_ frames: [[UInt8]], delay: Delay, loops: UInt32 = 0) throws(PNGError) -> [UInt8] {
    var assembler = Assembler(frameCount: frames.count, delay: delay, loops: loops, file: PNG.memoryName)
    var out: [UInt8] = []
    for frame in frames { out += try assembler.next(frame) }
    return out + (try assembler.end())
  }

  /// Writes an animated PNG from PNG files of equal size to `path`, through `Writer`.
  public static func write(_ frames: [[UInt8]], delay: Delay, loops: UInt32 = 0, to path: String) throws(PNGError) {
    let writer = try Writer(path: path, frameCount: frames.count, delay: delay, loops: loops)
    for frame in frames { try writer.append(frame) }
    try writer.finish()
  }

  /// Turns frames, one at a time, into the bytes of an APNG file: the first call also
  /// gives the signature, `IHDR`, `acTL` (which needs the frame count up front) and the
  /// first frame's other chunks. Nothing but the first `IHDR` is kept between frames.
  struct Assembler {
    let frameCount: Int
    let delay: Delay
    let loops: UInt32
    /// The name errors give.
    let file: String
    private(set) var framesDone = 0
    private var ihdr: [UInt8] = []
    private var sequence: UInt32 = 0

    init(frameCount: Int, delay: Delay, loops: UInt32, file: String) {
      (self.frameCount, self.delay, self.loops, self.file) = (frameCount, delay, loops, file)
    }

    /// The bytes for the next frame, a PNG file's bytes.
    mutating func next(_ frame: [UInt8]) throws(PNGError) -> [UInt8] {
      guard frameCount >= 1, let count = UInt32(exactly: frameCount) else {
        throw .writeFailed(file: file, reason: "an APNG needs from 1 to \(UInt32.max) frames, not \(frameCount)")
      }
      guard framesDone < frameCount else { throw .writeFailed(file: file, reason: "more than the \(frameCount) frames announced") }
      let cs: [(type: String, data: ArraySlice<UInt8>)]
      do { cs = try chunks(frame) } catch { throw .writeFailed(file: file, reason: "frame \(framesDone): \(error.reason)") }
      var out: [UInt8] = []
      if framesDone == 0 {
        guard let first = cs.first, first.type == "IHDR", first.data.count == 13 else {
          throw .writeFailed(file: file, reason: "the first frame has no IHDR chunk")
        }
        ihdr = Array(first.data)
        out = PNG.signature
        append("IHDR", ihdr, to: &out)
        append("acTL", be32(count) + be32(loops), to: &out)
        // The first frame's other chunks before its data (sRGB, gAMA… as libpng wrote them).
        for c in cs.dropFirst() where c.type != "IDAT" && c.type != "IEND" { append(c.type, c.data, to: &out) }
      } else {
        guard cs.first.map({ $0.type == "IHDR" && Array($0.data) == ihdr }) == true else {
          throw .writeFailed(file: file, reason: "frame \(framesDone) differs from the first in size or format")
        }
      }
      // fcTL: sequence, size, offset (0, 0), delay, dispose none, blend source.
      let control = be32(sequence) + ihdr[0..<8] + be32(0) + be32(0) + be16(delay.numerator) + be16(delay.denominator) + [0, 0]
      append("fcTL", control, to: &out)
      sequence += 1
      for c in cs where c.type == "IDAT" {
        if framesDone == 0 {
          append("IDAT", c.data, to: &out)
        } else {
          append("fdAT", be32(sequence) + c.data, to: &out)
          sequence += 1
        }
      }
      framesDone += 1
      return out
    }

    /// The closing `IEND` chunk, once every announced frame has been given.
    func end() throws(PNGError) -> [UInt8] {
      guard framesDone == frameCount, frameCount >= 1 else {
        throw .writeFailed(file: file, reason: "\(framesDone) of the \(frameCount) frames announced were given")
      }
      var out: [UInt8] = []
      append("IEND", [], to: &out)
      return out
    }
  }

  /// An animated PNG written to a file frame by frame, as the frames are made, so that one
  /// frame at a time is in memory. The file is an `OutputFile`: it appears whole, by
  /// rename, at `finish()`, or not at all.
  public final class Writer {
    private let file: OutputFile
    private var assembler: Assembler

    /// The name in messages (see `OutputFile.name`).
    public var name: String { file.name }

    /// Opens `path` for an APNG of `frameCount` frames (the count goes in its header).
    public init(path: String, frameCount: Int, delay: Delay, loops: UInt32 = 0) throws(PNGError) {
      file = try OutputFile(path: path)
      assembler = Assembler(frameCount: frameCount, delay: delay, loops: loops, file: file.name)
    }

    /// Appends the next frame, a PNG file's bytes of the same size and format as the first.
    public func append(_ png: [UInt8]) throws(PNGError) {
      do {
        try file.write(try assembler.next(png))
      } catch {
        file.abandon()
        throw error
      }
    }

    /// Ends the file and makes it appear; every announced frame must have been appended.
    public func finish() throws(PNGError) {
      do {
        try file.write(try assembler.end())
      } catch {
        file.abandon()
        throw error
      }
      try file.commit()
    }

    /// Gives up: no file appears (see `OutputFile.abandon()`).
    public func abandon() { file.abandon() }
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

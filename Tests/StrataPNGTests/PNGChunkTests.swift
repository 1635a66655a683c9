import Foundation
import Strata
import StrataPNG
import Testing

/// The chunk walk before libpng: lengths are checked against the file, and only the chunks
/// that decoding needs reach libpng. Peak memory for the same files is measured in
/// StrataMemoryTests.
struct PNGChunkTests {
  static func fixture(_ name: String) throws -> [UInt8] { try PNGErrorTests.fixtureBytes(name) }

  @Test(arguments: ["tEXt", "zTXt", "iCCP", "abCd", "IDAT"])
  func chunkClaimingMoreThanTheFileHas(type: String) throws {
    // 60 bytes of data under a header claiming 2^31 - 1: libpng allocated (and touched)
    // 2 GB for such a tEXt chunk before finding the file too short.
    let bytes = PNGForge.inserting(
      PNGForge.chunk(type, Array(repeating: 0x78, count: 60), claimedLength: 0x7FFF_FFFF), after: try Self.fixture("rgb8"))
    let remain = bytes.count - 33 - 12
    let e = PNGErrorTests.error { _ = try PNG.decode(bytes, name: "claim.png") }
    #expect(
      e == .corrupt(
        file: "claim.png",
        reason: "truncated PNG file (the \(type) chunk at byte 33 claims 2147483647 bytes; \(remain) remain)"))
  }

  @Test func lengthBeyondWhatPNGAllows() throws {
    let bytes = PNGForge.inserting(PNGForge.chunk("tEXt", [], claimedLength: 0x8000_0000), after: try Self.fixture("rgb8"))
    let e = PNGErrorTests.error { _ = try PNG.decode(bytes, name: "big.png") }
    #expect(
      e == .corrupt(
        file: "big.png", reason: "corrupt PNG file (the tEXt chunk at byte 33 claims 2147483648 bytes, more than PNG allows)"))
  }

  @Test func firstChunkMustBeTheHeader() throws {
    let png = try Self.fixture("rgb8")
    let bytes = Array(png[0..<8]) + PNGForge.chunk("tEXt", Array("k\0v".utf8)) + Array(png[8...])
    let e = PNGErrorTests.error { _ = try PNG.decode(bytes, name: "late.png") }
    #expect(e == .corrupt(file: "late.png", reason: "corrupt PNG file (the first chunk is tEXt, not a 13-byte IHDR)"))
  }

  @Test func invalidChunkType() throws {
    let bytes = PNGForge.inserting(PNGForge.chunk("a1b2", [1, 2, 3]), after: try Self.fixture("rgb8"))
    let e = PNGErrorTests.error { _ = try PNG.decode(bytes, name: "type.png") }
    #expect(e == .corrupt(file: "type.png", reason: "corrupt PNG file (invalid chunk type at byte 33)"))
  }

  @Test func chunkHeaderCutShort() throws {
    let png = try Self.fixture("rgb8")
    let e = PNGErrorTests.error { _ = try PNG.decode(Array(png[0..<37]), name: "cut.png") }
    #expect(e == .corrupt(file: "cut.png", reason: "truncated PNG file (it ends inside a chunk header at byte 33)"))
  }

  /// Text, time and private chunks are dropped before libpng, which would otherwise keep
  /// (and inflate) them; the pixels are those of the file without them.
  @Test func droppedChunksLeaveThePixelsAlone() throws {
    let png = try Self.fixture("rgba8")
    let extra =
      PNGForge.chunk("tEXt", Array("Comment\0hello".utf8))
      + PNGForge.chunk("zTXt", Array("Comment\0\0".utf8) + [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
      + PNGForge.chunk("tIME", [0x07, 0xE8, 1, 2, 3, 4, 5]) + PNGForge.chunk("prVt", Array(repeating: 7, count: 100))
    let plain = try PNG.decode(png, name: "plain.png")
    let decorated = try PNG.decode(PNGForge.inserting(extra, after: png), name: "decorated.png")
    #expect(decorated.width == plain.width && decorated.height == plain.height)
    #expect(decorated.pixels == plain.pixels)
  }

  /// `gAMA` changes the pixels, so it must still reach libpng: a file that says its samples
  /// are linear (gamma 1.0) decodes brighter in sRGB than the same file without it.
  @Test func gammaStillReachesLibpng() throws {
    let png = try Self.fixture("rgb8")
    let linear = PNGForge.inserting(PNGForge.chunk("gAMA", PNGForge.bigEndian(100_000)), after: png)
    let plain = try PNG.decode(png, name: "plain.png")
    let converted = try PNG.decode(linear, name: "linear.png")
    // Pixel (1, 1) is (60, 60, 200): linear 60/255 is about 133/255 in sRGB.
    let i = (1 * plain.width + 1) * 4
    #expect(plain.pixels[i] == 60)
    #expect((130...136).contains(converted.pixels[i]), "\(converted.pixels[i])")
  }

  @Test func bytesAfterTheEndAreIgnored() throws {
    let png = try Self.fixture("rgb8")
    let image = try PNG.decode(png + Array(repeating: 0xFF, count: 9), name: "tail.png")
    #expect(image.pixels == (try PNG.decode(png, name: "rgb8.png")).pixels)
  }

  @Test func pathWithNULIsRefused() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try Data(try Self.fixture("rgb8")).write(to: URL(fileURLWithPath: dir.file("a.png")))
    // C would stop at the NUL and open a.png.
    let path = dir.file("a.png\0.txt")
    #expect(
      PNGErrorTests.error { _ = try PNG.read(path: path) }
        == .unreadable(file: path, reason: "the file name contains a NUL character"))
    #expect(
      PNGErrorTests.error { try PNG.write(PixelBuffer(width: 1, height: 1), to: dir.file("b.png\0.txt")) }
        == .writeFailed(file: dir.file("b.png\0.txt"), reason: "the file name contains a NUL character"))
    #expect(try dir.contents() == ["a.png"])
  }
}

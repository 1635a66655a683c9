import Foundation
import Strata
import StrataPNG
import Testing

/// Encoding then decoding keeps premultiplied pixels: exactly where alpha is 255 or 0, and
/// within one rounding step where straight alpha has to be re-derived.
struct PNGRoundTripTests {
  /// A 16x9 image covering opaque, half-transparent and fully transparent pixels.
  static func sample() -> Image {
    Image(width: 16, height: 9) { x, y in
      let alpha: UInt8 = y < 3 ? 255 : (y < 6 ? 128 : 0)
      return (UInt8(x * 16), UInt8(y * 28), UInt8(255 - x * 7), alpha)
    }
  }

  @Test func opaqueAndTransparentPixelsSurviveExactly() throws {
    let image = Self.sample()
    let decoded = try PNG.decode(PNG.encode(image), name: "memory")
    #expect(decoded.width == 16 && decoded.height == 9)
    for y in [0, 1, 2, 6, 7, 8] {
      for x in 0..<16 {
        #expect(decoded[x, y] == image[x, y], "(\(x), \(y))")
      }
    }
  }

  @Test func halfTransparentPixelsStayWithinRounding() throws {
    let image = Self.sample()
    let decoded = try PNG.decode(PNG.encode(image), name: "memory")
    for y in 3..<6 {
      for x in 0..<16 {
        let a = image[x, y], b = decoded[x, y]
        #expect(b.3 == 128)
        for (p, q) in [(a.0, b.0), (a.1, b.1), (a.2, b.2)] {
          #expect(abs(Int(p) - Int(q)) <= 1, "(\(x), \(y)): \(a) became \(b)")
        }
      }
    }
  }

  @Test func encodesAPixelBufferLikeItsImage() throws {
    let buffer = PixelBuffer(width: 3, height: 2, fill: Color(0.2, 0.4, 0.6, 1).premultiplied)
    let bytes = try PNG.encode(buffer)
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(try PNG.decode(bytes, name: "buffer").pixels == buffer.pixels)
  }

  @Test func writesAndReadsAFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let image = Self.sample()
    try PNG.write(image, to: dir.file("out.png"))
    #expect(try dir.contents() == ["out.png"], "no temporary file is left behind")
    #expect(try PNG.read(path: dir.file("out.png")).pixels == PNG.decode(PNG.encode(image), name: "m").pixels)
  }

  @Test func overwritesAnExistingFileInOneStep() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.file("out.png")
    try PNG.write(PixelBuffer(width: 2, height: 2, fill: .clear), to: path)
    let red = PixelBuffer(width: 5, height: 1, fill: Color(1, 0, 0, 1).premultiplied)
    try PNG.write(red, to: path)
    #expect(try dir.contents() == ["out.png"])
    #expect(try PNG.read(path: path).width == 5)
  }
}

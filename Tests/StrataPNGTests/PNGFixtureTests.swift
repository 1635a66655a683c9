import Foundation
import Strata
import StrataPNG
import Testing

/// Decodes the fixtures written by `Fixtures/make_fixtures.py`, one per PNG colour type,
/// bit depth and interlace method, and checks every pixel against the generator's pattern.
struct PNGFixtureTests {
  struct Fixture: CustomTestStringConvertible, Sendable {
    let file: String
    let width: Int
    let height: Int
    /// Straight RGBA8, as the generator meant it.
    let pixel: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    var testDescription: String { file }
  }

  static let fixtures: [Fixture] = [
    Fixture(file: "rgb8", width: 4, height: 4) { x, y in (UInt8(x * 60), UInt8(y * 60), 200, 255) },
    Fixture(file: "rgba8", width: 4, height: 4) { x, y in
      (UInt8(x * 60), UInt8(y * 60), 100, [0, 85, 170, 255][x])
    },
    Fixture(file: "rgba16", width: 4, height: 4) { x, y in
      (UInt8(x * 60), UInt8(y * 60), 100, [0, 85, 170, 255][y])
    },
    Fixture(file: "grey8", width: 4, height: 4) { x, y in
      let g = UInt8(x * 16 + y * 64)
      return (g, g, g, 255)
    },
    Fixture(file: "greyalpha8", width: 4, height: 4) { x, y in
      let g = UInt8(x * 16 + y * 64)
      return (g, g, g, [255, 128, 64, 0][x])
    },
    Fixture(file: "palette_trns", width: 4, height: 4) { x, y in
      let i = (x + y) % 4
      let rgb: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
      return (rgb[i].0, rgb[i].1, rgb[i].2, [255, 128, 0, 255][i])
    },
    Fixture(file: "interlaced", width: 8, height: 8) { x, y in
      (UInt8(x * 32), UInt8(y * 32), UInt8((x * y) % 256), UInt8(255 - x * 8))
    },
  ]

  static func url(_ name: String) throws -> URL {
    try #require(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Fixtures"))
  }

  @Test(arguments: fixtures)
  func decodesFixture(_ fixture: Fixture) throws {
    let image = try PNG.read(path: Self.url(fixture.file).path)
    #expect(image.width == fixture.width && image.height == fixture.height)
    // Premultiply the expected straight pixels exactly as decoding must.
    let expected = Image(width: fixture.width, height: fixture.height) { x, y in fixture.pixel(x, y) }
    var mismatches: [String] = []
    for y in 0..<fixture.height {
      for x in 0..<fixture.width where image[x, y] != expected[x, y] {
        mismatches.append("(\(x), \(y)): got \(image[x, y]), expected \(expected[x, y])")
      }
    }
    #expect(mismatches.isEmpty, "\(fixture.file): \(mismatches.prefix(4).joined(separator: "; "))")
  }
}

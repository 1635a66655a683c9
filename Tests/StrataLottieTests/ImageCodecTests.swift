import Foundation
import Strata
import StrataImageCodecs
import StrataPNG
import Testing

/// PNG, JPEG and WebP decode to the pixels their files hold, recognised by content, and a
/// header over the pixel budget is refused before anything is decoded.
@Suite struct ImageCodecTests {
  /// Lossless WebP is exact: the same premultiplied pixels as the straight RGBA it was
  /// made from, premultiplied as PNG's are.
  @Test func losslessWebPIsExact() throws {
    let image = try ImageCodecs.decode(ImageFixtures.webpLossless, name: "t.webp")
    let straight = ImageFixtures.webpPixels.flatMap { [$0.0, $0.1, $0.2, $0.3] }
    #expect((image.width, image.height) == (4, 3))
    #expect(image.pixels == Image(width: 4, height: 3, straightPixels: straight).pixels)
  }

  /// The same pixels through PNG and lossless WebP give the same image.
  @Test func pngAndWebPAgree() throws {
    let straight = ImageFixtures.webpPixels.flatMap { [$0.0, $0.1, $0.2, $0.3] }
    let png = try PNG.encode(Image(width: 4, height: 3, straightPixels: straight))
    #expect(ImageFormat.sniff(png) == .png)
    #expect(try ImageCodecs.decode(png, name: "t.png").pixels == ImageCodecs.decode(ImageFixtures.webpLossless, name: "t.webp").pixels)
  }

  /// JPEG is lossy: each 8 x 8 quadrant of flat colour comes back within 3 levels per
  /// channel (Pillow's own decoder is within 1), opaque.
  @Test func jpegQuadrantsKeepTheirColours() throws {
    let image = try ImageCodecs.decode(ImageFixtures.jpeg, name: "t.jpg")
    #expect((image.width, image.height) == (16, 16))
    var worst = 0
    for y in 0..<16 {
      for x in 0..<16 {
        let want = ImageFixtures.jpegQuadrants[(y / 8) * 2 + x / 8], got = image[x, y]
        worst = max(worst, abs(Int(got.0) - Int(want.0)), abs(Int(got.1) - Int(want.1)), abs(Int(got.2) - Int(want.2)))
        #expect(got.3 == 255)
      }
    }
    #expect(worst <= 3, "a channel differs by \(worst)")
  }

  @Test func greyProgressiveAndCMYKJPEGs() throws {
    let grey = try ImageCodecs.decode(ImageFixtures.jpegGreyProgressive, name: "grey.jpg")
    #expect((0..<8).allSatisfy { abs(Int(grey[$0, $0].0) - 90) <= 2 && grey[$0, $0].0 == grey[$0, $0].2 && grey[$0, $0].3 == 255 })
    // Cyan 0, magenta and yellow full, black 0: red, stored inverted as Adobe writes it.
    let cmyk = try ImageCodecs.decode(ImageFixtures.jpegCMYK, name: "cmyk.jpg")
    let p = cmyk[3, 3]
    #expect(p.0 >= 250 && p.1 <= 5 && p.2 <= 5 && p.3 == 255, "\(p)")
  }

  @Test func lossyWebP() throws {
    let image = try ImageCodecs.decode(ImageFixtures.webpLossy, name: "t.webp")
    let p = image[4, 4]
    #expect(abs(Int(p.0) - 40) <= 4 && abs(Int(p.1) - 120) <= 4 && abs(Int(p.2) - 200) <= 4 && p.3 == 255, "\(p)")
  }

  /// The budget is checked against the header's size: a 16 x 16 JPEG with a budget of 100
  /// pixels, and headers rewritten to promise 30000 x 30000 (JPEG) and 16384 x 16384
  /// (WebP) pixels, whose decoding would allocate gigabytes, are refused as too large.
  @Test func headersOverTheBudgetAreRefusedBeforeDecoding() throws {
    #expect(throws: ImageDecodeError.tooLarge(file: "t.jpg", width: 16, height: 16, budget: 100)) {
      try ImageCodecs.decode(ImageFixtures.jpeg, name: "t.jpg", pixelBudget: 100)
    }
    #expect(throws: ImageDecodeError.tooLarge(file: "t.webp", width: 4, height: 3, budget: 11)) {
      try ImageCodecs.decode(ImageFixtures.webpLossless, name: "t.webp", pixelBudget: 11)
    }
    var jpeg = ImageFixtures.jpeg
    let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    jpeg.replaceSubrange(sof + 5..<sof + 9, with: [0x75, 0x30, 0x75, 0x30])  // height, width 30000
    #expect(throws: ImageDecodeError.tooLarge(file: "big.jpg", width: 30000, height: 30000, budget: Limits.imagePixels)) {
      try ImageCodecs.decode(jpeg, name: "big.jpg")
    }
    // VP8L: after the chunk header and the 0x2F signature, 14 bits of width - 1, then of
    // height - 1.
    var webp = ImageFixtures.webpLossless
    #expect(Array(webp[12..<16]) == Array("VP8L".utf8) && webp[20] == 0x2F)
    webp.replaceSubrange(21..<24, with: [0xFF, 0xFF, 0xFF])
    webp[24] |= 0x0F
    #expect(throws: ImageDecodeError.tooLarge(file: "big.webp", width: 16384, height: 16384, budget: Limits.imagePixels)) {
      try ImageCodecs.decode(webp, name: "big.webp")
    }
  }

  /// Broken and foreign files are errors naming the file, never a crash.
  @Test(arguments: [
    ([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 1, 2, 3], "truncated JPEG"),
    (Array(ImageFixtures.jpeg.prefix(200)), "JPEG"),
    (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "WebP"),
    (Array(ImageFixtures.webpLossless.prefix(40)), "WebP"),
    (Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), "not a PNG, JPEG or WebP image"),
    ([], "empty file"),
  ])
  func brokenImagesAreErrors(bytes: [UInt8], reason: String) {
    do {
      let image = try ImageCodecs.decode(bytes, name: "x.img")
      // A JPEG cut short is drawn with its missing rows grey, as browsers draw it.
      #expect(reason == "JPEG", "decoded \(image.width) x \(image.height)")
    } catch {
      #expect(error.file == "x.img")
      #expect(error.reason.contains(reason), "\(error)")
    }
  }
}

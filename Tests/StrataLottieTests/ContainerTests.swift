import Foundation
import Strata
import StrataLottie
import StrataPNG
import StrataTestArchives
import Testing

/// dotLottie containers (zip) and gzip-compressed Lottie files (`.tgs`), recognised by
/// content: the animation chosen, its images found inside, and broken or oversized
/// archives refused with errors naming the file.
@Suite struct ContainerTests {
  static func load(_ bytes: [UInt8], name: String = "anim.lottie", animation: String? = nil, strict: Bool = false) throws(LottieError) -> LottieAnimation {
    try LottieAnimation(bytes: bytes, fileName: name, baseDirectory: nil, options: LottieOptions(strict: strict, animationID: animation))
  }

  static func error(_ bytes: [UInt8], name: String = "anim.lottie", animation: String? = nil) -> LottieError? {
    do throws(LottieError) {
      _ = try load(bytes, name: name, animation: animation)
      return nil
    } catch {
      return error
    }
  }

  /// A 10 x 10 animation: a solid of `color`, or the image asset `u` + `p` when given.
  static func animation(color: String = "#ff0000", image: (u: String, p: String)? = nil) -> String {
    guard let image else { return Lottie.document(w: 10, h: 10, layers: Lottie.solid(color: color, w: 10, h: 10)) }
    return Lottie.document(
      w: 10, h: 10, layers: #"{"ty": 2, "refId": "pic", "ip": 0, "op": 20, "st": 0}"#,
      assets: #"[{"id": "pic", "w": 10, "h": 10, "u": "\#(image.u)", "p": "\#(image.p)"}]"#)
  }

  static let png = try! PNG.encode(Image(width: 2, height: 2, straight: { _, _ in (0, 0, 255, 255) }))

  static func centre(_ a: LottieAnimation) throws -> (UInt8, UInt8, UInt8, UInt8) {
    try Lottie.render(a, frame: 0, w: 10, h: 10).image[5, 5]
  }

  /// Version 1: `animations/` and `images/`; the manifest's first animation by default,
  /// another by id; images under "/images/" or by file name alone; macOS's `__MACOSX/`
  /// entries ignored.
  @Test func dotLottieVersion1() throws {
    let zip = TestZip.archive([
      .init("manifest.json", #"{"version": "1.0", "animations": [{"id": "red"}, {"id": "pic"}, {"id": "bare"}]}"#),
      .init("__MACOSX/animations/._red.json", [0, 5, 22, 7]),
      .init("animations/red.json", Self.animation()),
      .init("animations/pic.json", Self.animation(image: ("/images/", "dot.png"))),
      .init("animations/bare.json", Self.animation(image: ("", "dot.png"))),
      .init("images/dot.png", Self.png),
    ])
    #expect(try Self.centre(Self.load(zip)) == (255, 0, 0, 255))
    for id in ["pic", "bare"] {
      let a = try Self.load(zip, animation: id)
      #expect(a.warnings.isEmpty, "\(a.warnings)")
      #expect(try Self.centre(a) == (0, 0, 255, 255))
    }
    let unknown = try #require(Self.error(zip, animation: "blue"))
    #expect(unknown == LottieError(fileName: "anim.lottie", path: "", message: #"no animation "blue" in the manifest; its animations are "red", "pic", "bare""#))
  }

  /// Version 2: `a/` and `i/`, a WebP image; a missing image is a warning naming the
  /// container, not the disk.
  @Test func dotLottieVersion2() throws {
    let zip = TestZip.archive([
      .init("manifest.json", #"{"version": "2", "animations": [{"id": "Main Scene"}, {"id": "lost"}]}"#),
      .init("a/Main Scene.json", Self.animation(image: ("i/", "p.webp"))),
      .init("a/lost.json", Self.animation(image: ("/i/", "nothing.png"))),
      .init("i/p.webp", ImageFixtures.webpLossy),
    ])
    let p = try Self.centre(Self.load(zip))
    #expect(abs(Int(p.0) - 40) <= 4 && abs(Int(p.2) - 200) <= 4 && p.3 == 255, "\(p)")
    let lost = try Self.load(zip, animation: "lost")
    #expect(lost.warnings.first == LottieWarning(path: "assets[0].p", layerName: nil, message: #"image file "/i/nothing.png" not found in the dotLottie file; layers showing it are drawn empty"#))
    #expect(try Self.centre(lost) == (0, 0, 0, 0))
  }

  /// An animation id is for containers; a manifest must list animations that are there.
  @Test func manifestProblems() throws {
    let json = Array(Self.animation().utf8)
    #expect(Self.error(json, name: "a.json", animation: "x")?.message.contains("not a dotLottie container") == true)
    let cases: [([TestZip.Entry], String)] = [
      ([.init("animations/a.json", Self.animation())], "no manifest.json"),
      ([.init("manifest.json", "{nope")], "manifest.json is not valid JSON"),
      ([.init("manifest.json", #"{"animations": []}"#)], "lists no animations"),
      ([.init("manifest.json", #"{"animations": [{"id": "a"}]}"#)], "neither animations/a.json nor a/a.json"),
      ([.init("manifest.json", #"{"animations": [{"id": "a"}]}"#), .init("animations/a.json", "{]")], "not valid JSON"),
    ]
    for (entries, message) in cases {
      let error = try #require(Self.error(TestZip.archive(entries)), "\(message)")
      #expect(error.fileName == "anim.lottie" && error.message.contains(message), "\(error)")
    }
  }

  /// Limits checked on the sizes the archive records, before anything is inflated: entry
  /// count, name length, one entry's size and all entries' size.
  @Test func zipLimits() throws {
    let manifest = TestZip.Entry("manifest.json", #"{"animations": [{"id": "a"}]}"#)
    let many = (0...Limits.containerEntries).map { TestZip.Entry("f\($0)", []) }
    let cases: [([TestZip.Entry], String)] = [
      ([manifest] + many, "the zip archive has \(Limits.containerEntries + 2) entries, more than the limit of \(Limits.containerEntries)"),
      ([manifest, .init(String(repeating: "n", count: 1025), [])], "entry 1 of the zip archive has a name of 1025 bytes, more than the limit of 1024"),
      ([manifest, .init("animations/a.json", [1], claimedSize: UInt32(Limits.containerEntryBytes + 1))],
       "the zip entry \"animations/a.json\" inflates to \(Limits.containerEntryBytes + 1) bytes, more than the limit of \(Limits.containerEntryBytes)"),
      ([manifest] + (0..<5).map { TestZip.Entry("i/\($0).png", [1], claimedSize: 60 << 20) },
       "the zip archive's entries inflate to more than the limit of \(Limits.containerBytes) bytes in all"),
    ]
    for (entries, message) in cases {
      #expect(Self.error(TestZip.archive(entries)) == LottieError(fileName: "anim.lottie", path: "", message: message))
    }
  }

  /// Damaged archives and streams are errors naming the file, never a crash.
  @Test func corruptContainers() throws {
    let good = TestZip.archive([
      .init("manifest.json", #"{"animations": [{"id": "a"}]}"#), .init("animations/a.json", Self.animation()),
    ])
    _ = try Self.load(good)
    var badData = good
    let json = try #require(good.firstRange(of: Array(Self.animation().utf8)))
    badData[json.lowerBound + 20] ^= 0xFF  // inside the animation's JSON: its checksum fails
    let gz = TestGzip.compress(Array(Self.animation().utf8))
    var badCRC = gz
    badCRC[badCRC.count - 6] ^= 0xFF
    let cases: [([UInt8], String)] = [
      ([0x50, 0x4B, 0x03, 0x04, 1, 2, 3], "not a valid zip archive"),
      (Array(good.prefix(good.count - 30)), "not a valid zip archive"),
      (badData, "damaged"),
      ([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0xFF, 0xFF, 0xFF], "corrupt gzip stream"),
      (Array(gz.prefix(gz.count / 2)), "truncated gzip stream"),
      (badCRC, "corrupt gzip stream (zlib: incorrect data check)"),
    ]
    for (bytes, message) in cases {
      let error = try #require(Self.error(bytes, name: "x.bin"), "\(message)")
      #expect(error.fileName == "x.bin" && error.message.contains(message), "\(error)")
    }
  }

  /// A `.tgs` sticker is gzip-compressed Lottie JSON; its decompressed size is limited as
  /// a scene file's is.
  @Test func gzipCompressedLottie() throws {
    let a = try Self.load(TestGzip.compress(Array(Self.animation(color: "#00ff00").utf8)), name: "sticker.tgs")
    #expect(try Self.centre(a) == (0, 255, 0, 255))
    let bomb = TestGzip.zeros(count: Limits.sceneFileBytes + (1 << 16))
    #expect(
      Self.error(bomb, name: "bomb.tgs")
        == LottieError(fileName: "bomb.tgs", path: "", message: "the gzip stream decompresses to more than the limit of \(Limits.sceneFileBytes) bytes"))
  }
}

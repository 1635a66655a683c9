import Foundation
import Strata
import StrataCLI
import StrataPNG
import StrataTestArchives
import Testing

/// `strata render` with dotLottie containers and gzip-compressed Lottie files: recognised
/// by content whatever their names, `--animation` choosing a container's animation.
@Suite(.scratch) struct LottieContainerCLITests {
  static let multiple = repoRoot.appendingPathComponent("Examples/lottie/multiple_animations.lottie").path

  @Test func animationChoosesAContainersAnimation() throws {
    let dir = try scratchDirectory()
    func render(_ extra: String...) throws -> [UInt8] {
      let out = dir.appendingPathComponent("out.png").path
      let (code, c) = strata(["render", Self.multiple, "--progress", "0.5", "--size", "40x40", "-o", out, "--backend", "cpu"] + extra)
      #expect(code == .success, "\(extra): \(c.stderr)")
      defer { try? FileManager.default.removeItem(atPath: out) }
      return [UInt8](try #require(FileManager.default.contents(atPath: out)))
    }
    let first = try render()
    #expect(try render("--animation", "0") == first)
    let second = try render("--animation", "1")
    #expect(second != first)
    #expect(try render("--animation", "2") != second)
  }

  @Test func unknownAnimationListsTheIDs() throws {
    let out = try scratchDirectory().appendingPathComponent("out.png").path
    let (code, c) = strata("render", Self.multiple, "--animation", "7", "-o", out)
    #expect(code == .failure)
    #expect(c.stderr == "strata render: \(Self.multiple): no animation \"7\" in the manifest; its animations are \"0\", \"1\", \"2\"\n")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func animationIsForLottieFiles() throws {
    let dir = try scratchDirectory()
    let scene = dir.appendingPathComponent("scene.json").path
    try #"{"width": 4, "height": 4, "layers": []}"#.write(toFile: scene, atomically: true, encoding: .utf8)
    let (code, c) = strata("render", scene, "--animation", "a", "-o", dir.appendingPathComponent("o.png").path)
    #expect(code == .usage)
    #expect(c.stderr.contains("--animation is for Lottie files"), "\(c.stderr)")
  }

  /// A Telegram sticker (gzip-compressed Lottie JSON), under a name that says nothing.
  @Test func gzipCompressedLottieRenders() throws {
    let dir = try scratchDirectory()
    let sticker = dir.appendingPathComponent("sticker.bin")
    try Data(TestGzip.compress(Array(LottieCLITests.lottie.utf8))).write(to: sticker)
    let out = dir.appendingPathComponent("out.png").path
    let (code, c) = strata("render", sticker.path, "--frame", "8", "-o", out, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let image = try PNG.read(path: out)
    #expect((image.width, image.height) == (40, 20))
    #expect(Array(image.pixels[0..<4]) == [255, 0, 0, 255])
  }

  /// An image file the animation shows is an input: `-o` may not overwrite it.
  @Test func outputMayNotBeAnImageOfTheAnimation() throws {
    let dir = try scratchDirectory()
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("images"), withIntermediateDirectories: true)
    let png = dir.appendingPathComponent("images/pic.png").path
    let bytes = try PNG.encode(PixelBuffer(width: 2, height: 2, fill: PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)))
    try Data(bytes).write(to: URL(fileURLWithPath: png))
    let anim = dir.appendingPathComponent("anim.json").path
    try #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 8, "w": 4, "h": 4, "assets": [{"id": "p", "w": 4, "h": 4, "u": "images/", "p": "pic.png"}], "layers": [{"ty": 2, "refId": "p", "ip": 0, "op": 8, "st": 0}]}"#
      .write(toFile: anim, atomically: true, encoding: .utf8)
    let (code, c) = strata("render", anim, "-o", dir.appendingPathComponent("images/../images/pic.png").path)
    #expect(code == .usage)
    #expect(c.stderr.contains("would overwrite an image the scene loads"), "\(c.stderr)")
    #expect([UInt8](try #require(FileManager.default.contents(atPath: png))) == bytes)
  }

  @Test func brokenContainersAreErrors() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("out.png").path
    for (name, bytes, message) in [
      ("a.lottie", [0x50, 0x4B, 0x03, 0x04, 9, 9, 9] as [UInt8], "not a valid zip archive"),
      ("b.tgs", [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0xFF], "corrupt gzip stream"),
      ("c.lottie", TestZip.archive([.init("x.json", "{}")]), "not a dotLottie file: the zip archive has no manifest.json"),
    ] {
      let path = dir.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let (code, c) = strata("render", path, "-o", out)
      #expect(code == .failure)
      #expect(c.stderr.hasPrefix("strata render: \(path): ") && c.stderr.contains(message), "\(c.stderr)")
    }
  }
}

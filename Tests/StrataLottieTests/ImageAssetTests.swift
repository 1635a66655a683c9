import Foundation
import Strata
import StrataLottie
import StrataPNG
import StrataScratch
import Testing

/// Image assets: embedded or beside the animation, PNG, JPEG or WebP by content; a missing
/// or broken one is a warning and its layer is drawn empty; files outside the animation's
/// folder are never read.
@Suite(.scratch) struct ImageAssetTests {
  /// A 16 x 16 document showing image asset `img` (16 x 16 points) on a layer.
  static func document(asset: String, refId: String = "img") -> String {
    Lottie.document(w: 16, h: 16, layers: #"{"ty": 2, "nm": "Picture", "refId": "\#(refId)", "ip": 0, "op": 20, "st": 0}"#, assets: "[\(asset)]")
  }

  static func asset(u: String = "", p: String) -> String {
    #"{"id": "img", "w": 16, "h": 16, "u": "\#(u)", "p": "\#(p)", "e": \#(p.hasPrefix("data:") ? 1 : 0)}"#
  }

  static func load(_ json: String, in dir: URL?, strict: Bool = false) throws(LottieError) -> LottieAnimation {
    try LottieAnimation(bytes: Array(json.utf8), fileName: "test.json", baseDirectory: dir, options: LottieOptions(strict: strict))
  }

  /// A JPEG embedded under the wrong media type is still read as a JPEG (by content), and
  /// drawn: each quadrant of the rendered frame has the quadrant's colour.
  @Test func embeddedJPEGIsRecognisedByContent() throws {
    let uri = ImageFixtures.dataURI(ImageFixtures.jpeg, type: "image/png")
    let a = try Self.load(Self.document(asset: Self.asset(p: uri)), in: nil)
    #expect(a.warnings.isEmpty, "\(a.warnings)")
    let frame = try Lottie.render(a, frame: 0, w: 16, h: 16).image
    for (i, (x, y)) in [(4, 4), (12, 4), (4, 12), (12, 12)].enumerated() {
      let want = ImageFixtures.jpegQuadrants[i], got = frame[x, y]
      #expect(abs(Int(got.0) - Int(want.0)) <= 3 && abs(Int(got.1) - Int(want.1)) <= 3 && abs(Int(got.2) - Int(want.2)) <= 3, "\(got)")
    }
  }

  /// A WebP file beside the animation, named `.png`: read by content.
  @Test func webPFileBesideTheAnimation() throws {
    let dir = try Scratch.directory(prefix: "lottie-images")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("images"), withIntermediateDirectories: true)
    try Data(ImageFixtures.webpLossy).write(to: dir.appendingPathComponent("images/pic.png"))
    let a = try Self.load(Self.document(asset: Self.asset(u: "images/", p: "pic.png")), in: dir)
    #expect(a.warnings.isEmpty, "\(a.warnings)")
    let p = try Lottie.render(a, frame: 0, w: 16, h: 16).image[8, 8]
    #expect(abs(Int(p.0) - 40) <= 4 && abs(Int(p.1) - 120) <= 4 && abs(Int(p.2) - 200) <= 4 && p.3 == 255, "\(p)")
  }

  /// A missing file, an undecodable one and bad base64 are warnings at the asset's `p`;
  /// the layer showing it is drawn empty (a warning at its `refId`) and the rest of the
  /// animation is drawn. In strict mode the first is an error.
  @Test(arguments: [
    (asset(p: "missing.png"), "image file \"missing.png\" not found in the animation's folder"),
    (asset(p: "data:image/png;base64,AAAA"), "embedded image: not a PNG, JPEG or WebP image"),
    (asset(p: "data:image/jpeg;base64,/9j/4AAQ"), "embedded image:"),
    (asset(p: "data:image/png;base64,%%%"), "not valid base64"),
    (asset(p: "data:image/png,plain"), "not valid base64"),
  ])
  func brokenImagesAreDrawnEmpty(asset: String, message: String) throws {
    let dir = try Scratch.directory(prefix: "lottie-images")
    let json = Lottie.document(w: 16, h: 16, layers: #"{"ty": 2, "nm": "Picture", "refId": "img", "ip": 0, "op": 20, "st": 0}, "# + Lottie.solid(color: "#0000ff", w: 8, h: 16), assets: "[\(asset)]")
    let a = try Self.load(json, in: dir)
    #expect(a.warnings.count == 2, "\(a.warnings)")
    #expect(a.warnings.first?.path == "assets[0].p")
    #expect(a.warnings.first?.message.contains(message) == true, "\(a.warnings)")
    #expect(a.warnings.first?.message.hasSuffix("layers showing it are drawn empty") == true, "\(a.warnings)")
    #expect(a.warnings.last == LottieWarning(path: "layers[0].refId", layerName: "Picture", message: "image asset \"img\" could not be loaded; the layer is drawn empty"))
    let frame = try Lottie.render(a, frame: 0, w: 16, h: 16).image
    #expect(frame[4, 8] == (0, 0, 255, 255) && frame[12, 8] == (0, 0, 0, 0))
    let error = try #require(Self.importError(json, in: dir, strict: true))
    #expect(error.path == "assets[0].p" && error.message.contains(message), "\(error)")
  }

  /// A `refId` that names no asset draws nothing too; strict mode makes it an error.
  @Test func unknownImageAssetIsDrawnEmpty() throws {
    let json = Self.document(asset: #"{"id": "other", "layers": []}"#, refId: "nope")
    let a = try Self.load(json, in: nil)
    #expect(a.warnings == [LottieWarning(path: "layers[0].refId", layerName: "Picture", message: "no image asset with id \"nope\"; the layer is drawn empty")])
    #expect(try Lottie.render(a, frame: 0, w: 16, h: 16).image.pixels.allSatisfy { $0 == 0 })
    let error = try #require(Self.importError(json, in: nil, strict: true))
    #expect(error.path == "layers[0].refId" && error.message.contains("no image asset"), "\(error)")
  }

  /// Without a folder (bytes imported on their own) a file asset cannot be read.
  @Test func fileAssetWithoutAFolder() throws {
    let a = try Self.load(Self.document(asset: Self.asset(p: "pic.png")), in: nil)
    #expect(a.warnings.first?.message.contains("the animation was given without a folder") == true, "\(a.warnings)")
  }

  /// Paths that lead out of the animation's folder (`..`, absolute, a symbolic link
  /// pointing out) are refused with the message of a missing file, whether the file
  /// outside exists or not; paths that stay inside, through `..` or a link, are read.
  @Test func pathsOutOfTheFolderAreRefusedAlike() throws {
    let root = try Scratch.directory(prefix: "lottie-escape")
    let dir = root.appendingPathComponent("anim"), images = dir.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    let png = try PNG.encode(Image(width: 2, height: 2, straight: { _, _ in (0, 255, 0, 255) }))
    let secret = root.appendingPathComponent("secret.png")
    try Data(png).write(to: images.appendingPathComponent("ok.png"))
    try FileManager.default.createSymbolicLink(atPath: images.appendingPathComponent("out.png").path, withDestinationPath: "../../secret.png")
    try FileManager.default.createSymbolicLink(atPath: images.appendingPathComponent("in.png").path, withDestinationPath: "ok.png")

    let escapes = [("../", "secret.png"), ("", "images/../../secret.png"), ("", secret.path), ("images/", "out.png"), ("/", String(secret.path.dropFirst()))]
    func messages() throws -> [String] {
      try escapes.map { (u, p) in
        let a = try Self.load(Self.document(asset: Self.asset(u: u, p: p)), in: dir)
        return a.warnings.first?.message ?? "(no warning)"
      }
    }
    try Data(png).write(to: secret)
    let whenPresent = try messages()
    try FileManager.default.removeItem(at: secret)
    let whenAbsent = try messages()
    #expect(whenPresent == whenAbsent)
    for ((u, p), message) in zip(escapes, whenPresent) {
      #expect(message == "image file \"\(u + p)\" not found in the animation's folder; layers showing it are drawn empty")
    }
    for (u, p) in [("images/", "ok.png"), ("images/../images/", "ok.png"), ("./images/", "in.png")] {
      let a = try Self.load(Self.document(asset: Self.asset(u: u, p: p)), in: dir)
      #expect(a.warnings.isEmpty, "\(u + p): \(a.warnings)")
    }
  }

  static func importError(_ json: String, in dir: URL?, strict: Bool) -> LottieError? {
    do throws(LottieError) {
      _ = try load(json, in: dir, strict: strict)
      return nil
    } catch {
      return error
    }
  }
}

import Foundation
import Strata
import StrataCLI
import StrataPNG
import Testing

/// `strata render` with Lottie files: recognised by their contents, frames chosen by
/// Lottie frame, progress or time, sequences defaulting to the file's frames and rate.
@Suite(.scratch) struct LottieCLITests {
  /// 40 x 20 points at 10 fps over frames 0…8: a red solid fading in from frame 0 to 8,
  /// and a layer with an expression (a warning).
  static let lottie = """
    {"v": "5.7.0", "fr": 10, "ip": 0, "op": 8, "w": 40, "h": 20, "layers": [
      {"ty": 1, "nm": "Fade", "sc": "#ff0000", "sw": 40, "sh": 20, "ip": 0, "op": 8, "st": 0,
       "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 8, "s": [100]}]},
              "r": {"a": 0, "k": 0, "x": "wiggle(1, 2)"}}}
    ]}
    """

  func file(_ dir: URL) throws -> String {
    let path = dir.appendingPathComponent("anim.json").path
    try Self.lottie.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func framesProgressAndTimeSelectTheSameFrame() throws {
    let dir = try scratchDirectory()
    let anim = try file(dir)
    func render(_ args: String...) throws -> [UInt8] {
      let out = dir.appendingPathComponent("out.png").path
      let (code, c) = strata(["render", anim, "-o", out, "--backend", "cpu"] + args)
      #expect(code == .success, "\(args): \(c.stderr)")
      #expect(c.stderr.contains(#"warning: \#(anim): layers[0].ks.r.x ("Fade"): expressions are not supported"#), "\(c.stderr)")
      let bytes = try #require(FileManager.default.contents(atPath: out))
      try FileManager.default.removeItem(atPath: out)
      return [UInt8](bytes)
    }
    let byFrame = try render("--frame", "2.5")
    #expect(try render("--progress", "0.3125") == byFrame)
    #expect(try render("--time", "0.25") == byFrame)
    #expect(try render("--frame", "3") != byFrame)  // fractional frames are not rounded
    let image = try PNG.decode(byFrame, name: "out.png")
    #expect((image.width, image.height) == (40, 20))
    #expect(abs(Int(image.pixels[3]) - 80) <= 1)  // opacity 2.5 / 8, of 255
  }

  /// `--size` fits the animation with its aspect ratio kept, centred (contain); `--fit fill`
  /// stretches it, `--fit cover` fills the frame with its middle.
  @Test func sizeFitsTheAnimation() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("big.png").path
    func render(_ args: String...) throws -> Image {
      let (code, c) = strata(["render", try file(dir), "--frame", "8", "--size", "100x30.5", "-o", out, "--backend", "cpu"] + args)
      #expect(code == .success, "\(c.stderr)")
      return try PNG.read(path: out)
    }
    func pixel(_ i: Image, _ x: Int, _ y: Int) -> [UInt8] { Array(i.pixels[(y * i.width + x) * 4..<(y * i.width + x) * 4 + 4]) }
    // 40 x 20 in 100 x 30.5: scaled by 1.525 to 61 x 30.5, from x = 19.5.
    let contain = try render()
    #expect((contain.width, contain.height) == (100, 31))
    #expect(pixel(contain, 10, 10)[3] == 0 && pixel(contain, 90, 10)[3] == 0)
    #expect(pixel(contain, 50, 10) == [255, 0, 0, 255] && pixel(contain, 20, 10) == [255, 0, 0, 255])
    #expect(abs(Int(pixel(contain, 19, 10)[3]) - 128) <= 2)  // half the column is covered
    #expect(abs(Int(pixel(contain, 50, 30)[3]) - 128) <= 2)  // and half the last row
    let fill = try render("--fit", "fill")
    #expect(pixel(fill, 0, 0) == [255, 0, 0, 255] && pixel(fill, 99, 0) == [255, 0, 0, 255])
    let cover = try render("--fit", "cover")
    #expect(pixel(cover, 0, 30) == [255, 0, 0, 255] && pixel(cover, 99, 30) == [255, 0, 0, 255])
    let (bad, b) = strata("render", try file(dir), "--size", "10x10", "--fit", "stretch", "-o", out)
    #expect(bad == .usage && b.stderr.contains("--fit needs one of contain, cover, fill, got 'stretch'"), "\(b.stderr)")
  }

  /// A frame or progress outside the animation is drawn clamped, with a warning.
  @Test func framesOutsideTheAnimationAreClamped() throws {
    let dir = try scratchDirectory()
    let anim = try file(dir)
    let out = dir.appendingPathComponent("o.png").path
    let (code, c) = strata("render", anim, "--frame", "30", "-o", out, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    #expect(c.stderr.contains("warning: \(anim): --frame 30 is outside the animation's frames 0…8; frame 8 is drawn"), "\(c.stderr)")
    let clamped = try #require(FileManager.default.contents(atPath: out))
    _ = strata("render", anim, "--frame", "8", "-o", out, "--backend", "cpu")
    #expect(try #require(FileManager.default.contents(atPath: out)) == clamped)
    let (p, pc) = strata("render", anim, "--progress", "-0.5", "-o", out, "--backend", "cpu")
    #expect(p == .success && pc.stderr.contains("--progress -0.5 is outside 0…1; 0 is drawn"), "\(pc.stderr)")
  }

  /// A Lottie file cut short is reported as Lottie with its JSON error, not as a scene file
  /// with unknown properties.
  @Test func aBrokenLottieFileSaysItsJSONError() throws {
    let dir = try scratchDirectory()
    let cut = dir.appendingPathComponent("cut.json").path
    try String(Self.lottie.prefix(200)).write(toFile: cut, atomically: true, encoding: .utf8)
    let (code, c) = strata("render", cut, "-o", dir.appendingPathComponent("o.png").path)
    #expect(code == .failure)
    #expect(c.stderr.hasPrefix("strata render: \(cut): not valid JSON"), "\(c.stderr)")
  }

  @Test func sequencesDefaultToTheFilesFrames() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("anim.png").path
    let (code, c) = strata("render", try file(dir), "--format", "apng", "-o", out, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let chunks = try APNG.chunks([UInt8](try #require(FileManager.default.contents(atPath: out))))
    #expect(chunks.filter { $0.type == "fcTL" }.count == 8)
  }

  @Test func strictModeAndBadFilesFail() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("out.png").path
    let (code, c) = strata("render", try file(dir), "--strict", "-o", out)
    #expect(code == .failure)
    #expect(c.stderr.contains("layers[0].ks.r.x: (\"Fade\") expressions are not supported"), "\(c.stderr)")
    let bad = dir.appendingPathComponent("bad.json").path
    try #"{"v": "5", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 4, "ip": 0, "op": 10, "shapes": [{"ty": "fl", "c": {"a": 0, "k": "red"}}]}]}"#
      .write(toFile: bad, atomically: true, encoding: .utf8)
    let (badCode, b) = strata("render", bad, "-o", out)
    #expect(badCode == .failure)
    #expect(b.stderr == "strata render: \(bad): layers[0].shapes[0].c.k: expected a number or an array of numbers, got a string\n")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func lottieOptionsNeedALottieFile() throws {
    let dir = try scratchDirectory()
    let scene = dir.appendingPathComponent("scene.json").path
    try #"{"width": 10, "height": 10, "layers": []}"#.write(toFile: scene, atomically: true, encoding: .utf8)
    let (code, c) = strata("render", scene, "--frame", "3", "-o", dir.appendingPathComponent("o.png").path)
    #expect(code == .usage)
    #expect(c.stderr.hasPrefix("strata render: --frame is for Lottie files; '\(scene)' is a scene file\n"), "\(c.stderr)")
    let (twice, t) = strata("render", try file(dir), "--frame", "3", "--progress", "0.5", "-o", dir.appendingPathComponent("o.png").path)
    #expect(twice == .usage)
    #expect(t.stderr.contains("give one of --time, --frame, --progress and --frames, not --frame and --progress"), "\(t.stderr)")
  }
}

import Foundation
import Strata
import StrataCLI
import StrataPNG
import Testing

/// An output path that names an input, however it is spelled, is refused with exit 2 before
/// anything is written (issue 10, item 1).
@Suite struct InputProtectionTests {
  /// A directory with `s.json`, which shows `img.png`, and nothing else.
  static func sceneWithImage() throws -> URL {
    let dir = try scratchDirectory()
    let red = Image(width: 2, height: 2, premultipliedPixels: [UInt8](repeating: 0, count: 4) + [UInt8](repeating: 255, count: 12))
    try PNG.write(red, to: dir.appendingPathComponent("img.png").path)
    try #"{"width": 8, "height": 8, "layers": [{"frame": [0, 0, 8, 8], "contents": "img.png"}]}"#
      .write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    return dir
  }

  /// The directory's files and their bytes, to show that nothing changed.
  static func contents(_ dir: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
      let path = dir.appendingPathComponent(name).path
      if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        out[name] = Data("link to \(destination)".utf8)
      } else {
        out[name] = try Data(contentsOf: URL(fileURLWithPath: path))
      }
    }
    return out
  }

  /// `-o` names the scene file or its image: plainly, as `./x`, through a symbolic link
  /// and through a hard link.
  @Test(arguments: ["s.json", "img.png"], ["plain", "dot", "symlink", "hardlink"])
  func renderRefusesToOverwriteAnInput(_ input: String, _ spelling: String) throws {
    let dir = try Self.sceneWithImage()
    defer { try? FileManager.default.removeItem(at: dir) }
    var output = dir.appendingPathComponent(input).path
    switch spelling {
    case "dot": output = dir.path + "/./" + input
    case "symlink":
      output = dir.appendingPathComponent("link").path
      try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: input)
    case "hardlink":
      output = dir.appendingPathComponent("hard").path
      try FileManager.default.linkItem(atPath: dir.appendingPathComponent(input).path, toPath: output)
    default: break
    }
    let before = try Self.contents(dir)
    let scene = dir.appendingPathComponent("s.json").path
    for extra in [[String](), ["--frames", "0:2", "--format", "apng"], ["--frames", "0:2", "--format", "rgba"]] {
      let (code, c) = strata(["render", scene, "-o", output, "--backend", "cpu"] + extra)
      #expect(code == .usage, "\(spelling) \(input) \(extra): \(c.stderr)")
      let role = input == "s.json" ? "the scene file" : "an image the scene loads"
      #expect(c.stderr.contains("-o '\(output)' would overwrite \(role)"), "\(c.stderr)")
      #expect(try Self.contents(dir) == before, "\(spelling) \(input) \(extra) changed the directory")
    }
  }

  /// A frame pattern whose frame 1 is the scene's image: refused before frame 0 is written.
  @Test func framePatternThatHitsAnInputWritesNothing() throws {
    let dir = try Self.sceneWithImage()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.moveItem(at: dir.appendingPathComponent("img.png"), to: dir.appendingPathComponent("f01.png"))
    let scene = dir.appendingPathComponent("s.json")
    try #"{"width": 8, "height": 8, "layers": [{"frame": [0, 0, 8, 8], "contents": "f01.png"}]}"#
      .write(to: scene, atomically: true, encoding: .utf8)
    let before = try Self.contents(dir)
    let (code, c) = strata("render", scene.path, "--frames", "0:3", "-o", dir.path + "/./f%02d.png", "--backend", "cpu")
    #expect(code == .usage, "\(c.stderr)")
    #expect(c.stderr.contains("f01.png' would overwrite an image the scene loads"), "\(c.stderr)")
    #expect(try Self.contents(dir) == before)
    // Outside the range, or another width (%03d: f001.png), it is no input and renders.
    #expect(strata("render", scene.path, "--frames", "2:3", "-o", dir.path + "/f%02d.png", "--backend", "cpu").0 == .success)
    #expect(strata("render", scene.path, "--frames", "0:2", "-o", dir.path + "/f%03d.png", "--backend", "cpu").0 == .success)
  }

  @Test func compareRefusesADiffThatIsAnInput() throws {
    let dir = try Self.sceneWithImage()
    defer { try? FileManager.default.removeItem(at: dir) }
    let image = dir.appendingPathComponent("img.png").path, other = dir.appendingPathComponent("other.png").path
    try FileManager.default.copyItem(atPath: image, toPath: other)
    let hard = dir.appendingPathComponent("hard.png").path
    try FileManager.default.linkItem(atPath: other, toPath: hard)
    let before = try Self.contents(dir)
    for diff in [image, other, hard, dir.path + "/./img.png"] {
      let (code, c) = strata("compare", image, other, "--diff", diff)
      #expect(code == .usage, "\(diff): \(c.stderr)")
      #expect(c.stderr.contains("--diff '\(diff)' would overwrite the"), "\(c.stderr)")
    }
    #expect(try Self.contents(dir) == before)
  }

  /// Checked before any GPU is looked for, so it holds on machines without one.
  @Test func parityRefusesADiffThatIsAnInput() throws {
    let dir = try Self.sceneWithImage()
    defer { try? FileManager.default.removeItem(at: dir) }
    let before = try Self.contents(dir)
    let scene = dir.appendingPathComponent("s.json").path
    for diff in [scene, dir.appendingPathComponent("img.png").path] {
      let (code, c) = strata("parity", scene, "--diff", diff)
      #expect(code == .usage, "\(diff): \(c.stderr)")
      #expect(c.stderr.contains("--diff '\(diff)' would overwrite"), "\(c.stderr)")
    }
    #expect(try Self.contents(dir) == before)
  }
}

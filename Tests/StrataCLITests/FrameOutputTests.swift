import Foundation
import Strata
import StrataCLI
import StrataPNG
import StrataScratch
import Testing

/// `strata render --time / --frames / --format` on the animated example.
@Suite(.scratch) struct FrameOutputTests {
  static let example = repoRoot.appendingPathComponent("Examples/animation.json").path

  @Test func sameFrameTwiceGivesIdenticalPixels() throws {
    let dir = try scratchDirectory()
    let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
    for out in [a, b] {
      let (code, c) = strata("render", Self.example, "--time", "0.7", "-o", out, "--backend", "cpu")
      #expect(code == .success, "\(c.stderr)")
    }
    let x = try PNG.read(path: a).pixels, y = try PNG.read(path: b).pixels
    #expect(x == y)
    // And time matters: another time gives another picture.
    let z = dir.appendingPathComponent("z.png").path
    _ = strata("render", Self.example, "--time", "0", "-o", z, "--backend", "cpu")
    #expect(try PNG.read(path: z).pixels != x)
  }

  @Test func imageSequenceAPNGAndRawFramesAgree() throws {
    let dir = try scratchDirectory()
    let pattern = dir.appendingPathComponent("frame-%04d.png").path
    var (code, c) = strata("render", Self.example, "--frames", "3:7", "--fps", "10", "-o", pattern, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(names == ["frame-0003.png", "frame-0004.png", "frame-0005.png", "frame-0006.png"])
    // Frame 5 at 10 fps is time 0.5.
    let single = dir.appendingPathComponent("t.png").path
    _ = strata("render", Self.example, "--time", "0.5", "-o", single, "--backend", "cpu")
    let frame5 = try PNG.read(path: dir.appendingPathComponent("frame-0005.png").path)
    #expect(frame5.pixels == (try PNG.read(path: single)).pixels)

    let apng = dir.appendingPathComponent("anim.png").path
    (code, c) = strata("render", Self.example, "--frames", "3:7", "--fps", "10", "--format", "apng", "-o", apng, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: apng)))
    // A decoder that ignores APNG sees the first frame.
    #expect(try PNG.decode(bytes, name: "anim.png").pixels == (try PNG.read(path: dir.appendingPathComponent("frame-0003.png").path)).pixels)
    // Our own reading: every frame, rebuilt as a plain PNG, is the matching file.
    let frames = try APNGReader.frames(bytes)
    #expect(frames.count == 4)
    for (i, f) in frames.enumerated() {
      let want = try PNG.read(path: dir.appendingPathComponent(String(format: "frame-%04d.png", i + 3)).path)
      #expect(try PNG.decode(f, name: "frame \(i)").pixels == want.pixels, "frame \(i)")
    }

    let raw = dir.appendingPathComponent("frames.rgba").path
    (code, c) = strata("render", Self.example, "--frames", "3:7", "--fps", "10", "--format", "rgba", "-o", raw, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let rgba = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    #expect(rgba.count == 4 * 640 * 360 * 4)
    #expect(Array(rgba[(2 * 640 * 360 * 4)..<(3 * 640 * 360 * 4)]) == frame5.straightPixels)
  }

  @Test func frameUsageErrors() {
    #expect(strata("render", "a.json", "--frames", "0:10", "-o", "x.png").0 == .usage)  // no pattern
    #expect(strata("render", "a.json", "--frames", "5:5", "-o", "x%d.png").0 == .usage)
    #expect(strata("render", "a.json", "--frames", "0:5", "--time", "1", "-o", "x%d.png").0 == .usage)
    #expect(strata("render", "a.json", "--fps", "30", "-o", "x.png").0 == .usage)
    #expect(strata("render", "a.json", "--format", "gif", "-o", "x.png").0 == .usage)
    #expect(strata("render", "a.json", "-o", "-").0 == .usage)
    #expect(strata("render", "a.json", "--time", "soon", "-o", "x.png").0 == .usage)
  }
}

/// An independent APNG reader for the test: checks the chunk CRCs, acTL, the sequence
/// numbers, and turns each frame's data back into a standalone PNG.
enum APNGReader {
  struct Failure: Error, CustomStringConvertible { let description: String }

  static func frames(_ b: [UInt8]) throws -> [[UInt8]] {
    var i = 8, ihdr: [UInt8] = [], frames: [[UInt8]] = [], expectedSequence: UInt32 = 0, declared = 0
    var current: [UInt8]? = nil
    func be32(_ p: Int) -> UInt32 { UInt32(b[p]) << 24 | UInt32(b[p + 1]) << 16 | UInt32(b[p + 2]) << 8 | UInt32(b[p + 3]) }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      var crc: UInt32 = 0xFFFF_FFFF
      for x in body {
        crc ^= UInt32(x)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      }
      crc ^= 0xFFFF_FFFF
      let len = UInt32(data.count)
      return [UInt8(len >> 24), UInt8(len >> 16 & 255), UInt8(len >> 8 & 255), UInt8(len & 255)] + body
        + [UInt8(crc >> 24), UInt8(crc >> 16 & 255), UInt8(crc >> 8 & 255), UInt8(crc & 255)]
    }
    func close() {
      if let c = current { frames.append([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + c + chunk("IEND", [])) }
      current = nil
    }
    while i + 12 <= b.count {
      let n = Int(be32(i)), type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
      let data = Array(b[(i + 8)..<(i + 8 + n)])
      guard chunk(type, data) == Array(b[i..<(i + 12 + n)]) else { throw Failure(description: "bad CRC in \(type)") }
      switch type {
      case "IHDR": ihdr = data
      case "acTL": declared = Int(be32(i + 8))
      case "fcTL", "fdAT":
        guard be32(i + 8) == expectedSequence else { throw Failure(description: "sequence \(be32(i + 8)) != \(expectedSequence)") }
        expectedSequence += 1
        if type == "fcTL" {
          close()
          current = []
        } else {
          current! += chunk("IDAT", Array(data.dropFirst(4)))
        }
      case "IDAT": current! += chunk("IDAT", data)
      default: break
      }
      i += 12 + n
    }
    close()
    guard declared == frames.count else { throw Failure(description: "acTL says \(declared) frames, found \(frames.count)") }
    return frames
  }
}

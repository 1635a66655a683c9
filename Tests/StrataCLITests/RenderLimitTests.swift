import Foundation
import Strata
import StrataPNG
import Testing

/// The renderer's limits, end to end through the `strata` tool: wide images (issue 10,
/// item 7) and offscreen memory (item 8), each case a small scene written here, checked for
/// exit status, message and, for memory, the tool's peak resident memory (GNU time).
@Suite struct RenderLimitTests {
  static let mib = 1 << 20

  /// `depth` layers nested in one another, each the size of the canvas, with `members`
  /// (JSON) in each.
  static func nested(_ depth: Int, side: Int, members: String, outer: String = "") -> String {
    var layer = ""
    for i in 0..<depth {
      let extra = i == depth - 1 && !outer.isEmpty ? ", \(outer)" : ""
      let inner = layer.isEmpty ? "" : #", "sublayers": [\#(layer)]"#
      layer = ##"{"frame": [0, 0, \##(side), \##(side)], "backgroundColor": "#FF000020", \##(members)\##(extra)\##(inner)}"##
    }
    return #"{"width": \#(side), "height": \#(side), "layers": [\#(layer)]}"#
  }

  /// Twenty nested group effects on a 4096 x 4096 canvas would keep 19 or 20 canvases of
  /// 64 MiB alive at once (1.3 GB; the tool reached a peak of 1.34 GB before this limit).
  /// The frame is refused before any offscreen memory is allocated: exit status 1, a
  /// message with the figures and the limit, and a peak of the canvas plus the tool.
  @Test(arguments: [
    (#""opacity": 0.5"#, "1216 MiB", 19),
    (#""compositingFilter": "multiplyBlendMode""#, "1344 MiB", 20),
  ])
  func nestedGroupsOverTheBudgetAreRefused(members: String, need: String, depth: Int) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = dir.appendingPathComponent("nested.json")
    try Self.nested(20, side: 4096, members: members).write(to: scene, atomically: true, encoding: .utf8)
    #expect(try Data(contentsOf: scene).count < 3000)
    for backend in ["cpu", "auto"] {
      let ending = try ChildProcess.run(
        ["render", scene.path, "-o", dir.appendingPathComponent("out.png").path, "--backend", backend], directory: dir)
      #expect(ending.termination == .exited(1), "\(backend): \(ending.stderr)")
      #expect(ending.stderr == """
        strata render: the frame needs \(need) of offscreen memory at once (\(depth) nested offscreen groups, innermost: layer); \
        the limit is 1024 MiB (eight canvases' worth, at least 1 GiB). Nest fewer group effects (opacity over overlapping \
        sublayers, masks, filters, shadows, blend modes), make them smaller, or render at a smaller scale

        """, "\(backend)")
      // The canvas (64 MiB) and the tool; with a GPU, its context too.
      #expect(ending.maxResidentBytes < 64 * Self.mib + 128 * Self.mib, "\(backend): \(ending.peak)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.png").path))
  }

  /// `strata parity` holds both backends to the same budget: the frame is refused with the
  /// limit, not reported as a GPU failure (like the other parity tests, it needs a GPU;
  /// llvmpipe will do).
  @Test func parityRefusesAFrameOverTheBudget() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = dir.appendingPathComponent("nested.json")
    try Self.nested(20, side: 4096, members: #""opacity": 0.5"#).write(to: scene, atomically: true, encoding: .utf8)
    let ending = try ChildProcess.run(["parity", scene.path], directory: dir)
    #expect(ending.termination == .exited(1), "\(ending.stderr)")
    #expect(ending.stderr.hasPrefix("strata parity: the frame needs 1216 MiB of offscreen memory at once"), "\(ending.stderr)")
    // The canvas (64 MiB), the tool and a GPU context.
    #expect(ending.maxResidentBytes < 64 * Self.mib + 192 * Self.mib, "\(ending.peak)")
  }

  /// Twenty nested opacity groups, their canvas-sized layers masked to 64 x 64 pixels by
  /// the outermost: every group's surface is the mask's size, so the frame renders in the
  /// canvas (4 MiB), the tool and little more: 42 MiB measured. (Sized by their content,
  /// as before, the groups took 19 canvases, 76 MiB more.)
  @Test func maskedNestedGroupsTakeTheSizeOfTheMask() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = dir.appendingPathComponent("masked.json")
    let mask = ##""mask": {"frame": [500, 500, 64, 64], "backgroundColor": "#FFFFFF"}"##
    try Self.nested(20, side: 1024, members: #""opacity": 0.5"#, outer: mask).write(to: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.png")
    let ending = try ChildProcess.run(["render", scene.path, "-o", out.path, "--backend", "cpu"], directory: dir)
    #expect(ending.termination == .exited(0), "\(ending.stderr)")
    #expect(ending.stderr.isEmpty)
    #expect(ending.maxResidentBytes < 64 * Self.mib, "\(ending.peak)")
    // Inside the mask the nested reds add up; outside it nothing is drawn.
    let image = try PNG.read(path: out.path)
    #expect(image[530, 530].3 > 0 && image[530, 530].0 == image[530, 530].3)
    #expect(image[499, 530] == (0, 0, 0, 0) && image[530, 564] == (0, 0, 0, 0))
  }

  /// Issue 10.7: a valid 40000 x 4 PNG drawn 33000 points to the left (texel coordinates
  /// past 32768) crashed the CPU renderer; it draws the texels that lie there.
  @Test func wideImageRendersOnTheCPU() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let wide = Image(width: 40000, height: 4) { x, _ in (UInt8(x % 256), UInt8((x / 256) % 256), 128, 255) }
    try PNG.write(wide, to: dir.appendingPathComponent("wide.png").path)
    let scene = dir.appendingPathComponent("wide.json")
    try #"{"width": 64, "height": 4, "layers": [{"frame": [-33000, 0, 40000, 4], "contents": "wide.png"}]}"#
      .write(to: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.png")
    let ending = try ChildProcess.run(["render", scene.path, "-o", out.path, "--backend", "cpu"], directory: dir)
    #expect(ending.termination == .exited(0), "\(ending.stderr)")
    #expect(ending.stderr.isEmpty)
    let image = try PNG.read(path: out.path)
    for x in [0, 31, 63] {
      #expect(image[x, 2] == wide[33000 + x, 2], "pixel \(x)")
    }
  }

  /// Issue 10.7: `contentsRect` 1000 sprite sheets wide puts texel coordinates up to
  /// 256,000; every pixel lies right of the sheet and takes its edge texel.
  @Test func spriteSheetFarPastItsEdgeRendersOnTheCPU() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let sheet = Image(width: 2048, height: 16) { x, _ in (UInt8(x % 256), UInt8(x / 256), 0, 255) }
    try PNG.write(sheet, to: dir.appendingPathComponent("sheet.png").path)
    let scene = dir.appendingPathComponent("sheet.json")
    try #"{"width": 64, "height": 16, "layers": [{"frame": [0, 0, 64, 16], "contents": "sheet.png", "contentsRect": [0, 0, 1000, 1]}]}"#
      .write(to: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.png")
    let ending = try ChildProcess.run(["render", scene.path, "-o", out.path, "--backend", "cpu"], directory: dir)
    #expect(ending.termination == .exited(0), "\(ending.stderr)")
    let image = try PNG.read(path: out.path)
    for x in [0, 1, 40, 63] {
      #expect(image[x, 8] == sheet[2047, 8], "pixel \(x)")
    }
  }
}

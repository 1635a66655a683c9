import Foundation
import StrataPNG
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT and SIGTERM sent to a running `strata` (issue 10, item 6): no temporary file
/// left, no existing file changed, every frame file written whole, and the tool ends by
/// the signal (a shell's 130 or 143).
@Suite struct InterruptTests {
  /// A small scene, so that frames come fast and a long run writes all the time.
  static func smallScene(in dir: URL) throws -> String {
    let scene = dir.appendingPathComponent("s.json")
    try ##"{"width": 32, "height": 32, "layers": [{"frame": [0, 0, 16, 16], "backgroundColor": "#F00"}]}"##
      .write(to: scene, atomically: true, encoding: .utf8)
    return scene.path
  }

  /// SIGINT while the raw file is being written: the temporary file is removed and the
  /// old file of that name keeps its content.
  @Test func interruptDuringARawFileWrite() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = try Self.smallScene(in: dir)
    let out = dir.appendingPathComponent("out.rgba")
    try Data("keep me".utf8).write(to: out)
    let child = try ChildProcess.start(
      ["render", scene, "--frames", "0:100000000", "--max-frames", "100000000", "--format", "rgba", "-o", out.path, "--backend", "cpu"],
      directory: dir)
    // The temporary file exists and grows: the write is under way.
    let writing = child.waitUntil(seconds: 30) {
      SpecialFiles.temporaryFiles(in: dir).contains { name in
        ((try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(name).path)[.size] as? Int) ?? 0) > 0
      }
    }
    #expect(writing, "the raw file was never written")
    child.send(SIGINT)
    let ending = child.wait()
    #expect(ending.termination == .signaled(SIGINT), "\(ending.termination): \(ending.stderr)")
    #expect(ending.stderr.contains("stopped by SIGINT after"), "\(ending.stderr)")
    #expect(SpecialFiles.temporaryFiles(in: dir).isEmpty)
    #expect(try String(contentsOf: out, encoding: .utf8) == "keep me")
  }

  /// SIGTERM during a sequence of PNG files: it stops between frames; the files written
  /// are frames 0, 1, 2… with none missing, each a whole PNG, and no temporary file is left.
  @Test func terminateDuringAFrameSequence() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = try Self.smallScene(in: dir)
    let frames = dir.appendingPathComponent("frames")
    let child = try ChildProcess.start(
      ["render", scene, "--frames", "0:100000000", "--max-frames", "100000000", "-o", frames.path + "/f%08d.png", "--backend", "cpu"],
      directory: dir)
    let started = child.waitUntil(seconds: 30) {
      ((try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []).count >= 3
    }
    #expect(started)
    child.send(SIGTERM)
    let ending = child.wait()
    #expect(ending.termination == .signaled(SIGTERM), "\(ending.termination): \(ending.stderr)")
    #expect(ending.stderr.contains("stopped by SIGTERM after"), "\(ending.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
    #expect(names == (0..<names.count).map { String(format: "f%08d.png", $0) }, "\(names.prefix(5))…")
    for name in names {
      let image = try PNG.read(path: frames.appendingPathComponent(name).path)
      #expect(image.width == 32 && image.height == 32)
    }
  }

  /// A run stuck writing to a FIFO nobody reads: the first SIGINT waits for the frame to
  /// end, the second ends the tool at once.
  @Test func secondInterruptEndsAStuckRun() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = try Self.smallScene(in: dir)
    let fifo = dir.appendingPathComponent("pipe").path
    try SpecialFiles.fifo(fifo)
    let reader = try SpecialFiles.openReader(fifo)  // open, never read: the pipe fills up
    defer { close(reader) }
    let child = try ChildProcess.start(
      ["render", scene, "--frames", "0:100000", "--format", "rgba", "-o", fifo, "--backend", "cpu"],
      directory: dir)
    // Frames are 4 KiB; once the pipe is full the writer is blocked in the middle of one.
    let capacity = fcntl(reader, 1032)  // F_GETPIPE_SZ (Linux), not exported to Swift
    var available: Int32 = 0
    let full = child.waitUntil(seconds: 30) { ioctl(reader, UInt(FIONREAD), &available) == 0 && available >= capacity }
    #expect(full, "the pipe holds \(available) of \(capacity) bytes")
    usleep(100_000)
    child.send(SIGINT)
    usleep(300_000)
    #expect(child.isRunning, "the first SIGINT ended a run that was in the middle of a frame")
    child.send(SIGINT)
    let ending = child.wait()
    #expect(ending.termination == .signaled(SIGINT), "\(ending.termination): \(ending.stderr)")
    #expect(SpecialFiles.kind(fifo)?.type == S_IFIFO)
  }

  /// An interrupted single image leaves the existing file as it was and no temporary file.
  @Test func interruptDuringASingleImage() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = dir.appendingPathComponent("big.json")
    // Large enough to take seconds to render and encode (64 megapixels).
    try ##"{"width": 8000, "height": 8000, "layers": [{"frame": [0, 0, 8000, 8000], "backgroundColor": "#0F0", "cornerRadius": 900}]}"##
      .write(to: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.png")
    try Data("keep me".utf8).write(to: out)
    let child = try ChildProcess.start(["render", scene.path, "-o", out.path, "--backend", "cpu"], directory: dir)
    usleep(500_000)
    child.send(SIGINT)
    let ending = child.wait()
    #expect(ending.termination == .signaled(SIGINT), "\(ending.termination): \(ending.stderr)")
    #expect(SpecialFiles.temporaryFiles(in: dir).isEmpty)
    #expect(try String(contentsOf: out, encoding: .utf8) == "keep me")
  }
}

import Foundation
import Strata
import StrataPNG
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Peak resident memory of a `strata` child process (`ru_maxrss`), held to stated bounds
/// (issue 10, item 8). The tool itself, with its libraries, takes about 30 MB.
@Suite struct MemoryTests {
  static let mib = 1 << 20

  /// `--frames 0:300000000` allocates nothing per frame before the first one: the run
  /// fails at the first write (a full disk) under 100 MiB.
  @Test func hugeFrameRangeAllocatesNothingUpFront() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let full = SpecialFiles.device(like: "/dev/full", in: dir)
    let fd = open(full, O_WRONLY)
    defer { close(fd) }
    let scene = repoRoot.appendingPathComponent("Examples/animation.json").path
    let ending = try ChildProcess.run(
      ["render", scene, "--frames", "0:300000000", "--max-frames", "300000000", "--format", "rgba", "-o", "-", "--backend", "cpu"], stdout: fd, directory: dir)
    #expect(ending.termination == .exited(1), "\(ending.stderr)")
    #expect(ending.stderr == "strata render: standard output: cannot write (No space left on device)\n")
    #expect(ending.maxResidentBytes < 100 * Self.mib, "\(ending.peak)")
  }

  /// An animated PNG is written frame by frame: 32 frames of incompressible noise (1 MiB
  /// of pixels each, 24 MiB of PNG) stay under 48 MiB plus four frame-sized buffers for
  /// each frame of a batch, whatever the number of frames. (Keeping every frame, as
  /// before, took 101 MiB.)
  @Test func animatedPNGIsWrittenAsItIsMade() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let side = 512, frameBytes = side * side * 4
    // Opaque noise from a xorshift generator (fast in a debug build): 3 random bytes in 4.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var noise = [UInt8](repeating: 255, count: frameBytes)
    for i in stride(from: 0, to: frameBytes, by: 4) {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      (noise[i], noise[i + 1], noise[i + 2]) = (UInt8(truncatingIfNeeded: state), UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16))
    }
    try PNG.write(Image(width: side, height: side, premultipliedPixels: noise), to: dir.appendingPathComponent("noise.png").path)
    let scene = dir.appendingPathComponent("s.json")
    try #"{"width": 512, "height": 512, "layers": [{"frame": [0, 0, 512, 512], "contents": "noise.png"}]}"#
      .write(to: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("a.png")
    let ending = try ChildProcess.run(
      ["render", scene.path, "--frames", "0:32", "--format", "apng", "-o", out.path, "--backend", "cpu"], directory: dir)
    #expect(ending.termination == .exited(0), "\(ending.stderr)")
    let size = try #require(try FileManager.default.attributesOfItem(atPath: out.path)[.size] as? Int)
    #expect(size > 32 * frameBytes * 3 / 4, "the frames compressed: the test needs noise")
    // The batch FrameSequence renders at once: 2 frames per thread, at most 256 MiB.
    let batch = min(2 * ProcessInfo.processInfo.activeProcessorCount, (256 * Self.mib) / frameBytes)
    let bound = 48 * Self.mib + batch * 4 * frameBytes
    #expect(ending.maxResidentBytes < bound, "\(ending.peak), bound \(bound / Self.mib) MiB")
  }

  /// `parity --scale 1e6` is refused by the canvas limits `render` applies, before any
  /// pixel is allocated.
  @Test func parityHoldsToTheCanvasLimits() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = repoRoot.appendingPathComponent("Examples/showcase.json").path
    let ending = try ChildProcess.run(["parity", scene, "--scale", "1e6"], directory: dir)
    #expect(ending.termination == .exited(2), "\(ending.stderr)")
    #expect(ending.stderr.contains("--scale 1000000.0: the canvas would be 640000000 x 400000000 pixels; the limits are"), "\(ending.stderr)")
    #expect(ending.maxResidentBytes < 100 * Self.mib, "\(ending.peak)")
  }
}

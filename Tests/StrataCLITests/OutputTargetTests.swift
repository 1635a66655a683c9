import Foundation
import Strata
import StrataCLI
import StrataPNG
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Devices, FIFOs and standard output are written directly, never replaced by a regular
/// file, and their write errors read the same everywhere (issue 10, items 2 and 9).
@Suite struct OutputTargetTests {
  static let scene = repoRoot.appendingPathComponent("Examples/animation.json").path

  /// `-o` names a character device: it stays the device (with the same numbers).
  @Test func devNullStaysADevice() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let null = SpecialFiles.device(like: "/dev/null", in: dir)
    let before = try #require(SpecialFiles.kind(null))
    for extra in [["--time", "0.5"], ["--frames", "0:2", "--format", "apng"], ["--frames", "0:2", "--format", "rgba"]] {
      let (code, c) = strata(["render", Self.scene, "-o", null, "--backend", "cpu"] + extra)
      #expect(code == .success, "\(extra): \(c.stderr)")
      let after = try #require(SpecialFiles.kind(null))
      #expect(after.type == S_IFCHR && after.device == before.device, "\(extra): \(null) is no longer the device")
    }
    #expect(SpecialFiles.temporaryFiles(in: dir).isEmpty)
  }

  /// A full disk: exit 1 and one wording for every kind of output, the device intact.
  @Test func fullDiskReadsTheSameEverywhere() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let full = SpecialFiles.device(like: "/dev/full", in: dir)
    let wording = "\(full): cannot write (No space left on device)"
    for extra in [["--time", "0.5"], ["--frames", "0:2", "--format", "apng"], ["--frames", "0:2", "--format", "rgba"]] {
      let (code, c) = strata(["render", Self.scene, "-o", full, "--backend", "cpu"] + extra)
      #expect(code == .failure, "\(extra)")
      #expect(c.stderr == "strata render: \(wording)\n", "\(extra)")
      #expect(SpecialFiles.kind(full)?.type == S_IFCHR)
    }
    // Standard output on the full device: the same words, for "standard output".
    let fd = open(full, O_WRONLY)
    defer { close(fd) }
    let ending = try ChildProcess.run(
      ["render", Self.scene, "--frames", "0:2", "--format", "rgba", "-o", "-", "--backend", "cpu"], stdout: fd, directory: dir)
    #expect(ending.termination == .exited(1))
    #expect(ending.stderr == "strata render: standard output: cannot write (No space left on device)\n")
    // compare's diff image (exit 2 there: 1 means the images differ).
    let png = repoRoot.appendingPathComponent("Examples/showcase.png").path
    let (code, c) = strata("compare", png, png, "--diff", full)
    #expect(code == .usage)
    #expect(c.stderr == "strata compare: \(wording)\n")
    #expect(SpecialFiles.temporaryFiles(in: dir).isEmpty)
  }

  /// A pipe whose reader has gone: the run ends quietly with exit 1, not by SIGPIPE (141).
  @Test func closedPipeEndsTheRunQuietly() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fd = SpecialFiles.pipeWithoutReader()
    defer { close(fd) }
    let ending = try ChildProcess.run(
      ["render", Self.scene, "--frames", "0:3", "--format", "rgba", "-o", "-", "--backend", "cpu"], stdout: fd, directory: dir)
    // Quietly, as other tools end when their reader is gone; still not a success.
    #expect(ending.termination == .exited(1))
    #expect(ending.stderr == "")
  }

  /// `-o` names a FIFO: the reader gets the PNG, and the FIFO stays a FIFO.
  @Test func fifoIsWrittenDirectly() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("pipe").path
    try SpecialFiles.fifo(fifo)
    let reader = try SpecialFiles.openReader(fifo)
    defer { close(reader) }
    let null = open("/dev/null", O_WRONLY)
    defer { close(null) }
    let child = try ChildProcess.start(["render", Self.scene, "--time", "0.5", "-o", fifo, "--backend", "cpu"], stdout: null, directory: dir)
    let bytes = SpecialFiles.drain(reader, while: child)
    let ending = child.wait()
    #expect(ending.termination == .exited(0), "\(ending.stderr)")
    #expect(SpecialFiles.kind(fifo)?.type == S_IFIFO, "the FIFO was replaced")
    let file = dir.appendingPathComponent("file.png").path
    #expect(strata("render", Self.scene, "--time", "0.5", "-o", file, "--backend", "cpu").0 == .success)
    #expect(try PNG.decode(bytes, name: "fifo").pixels == (try PNG.read(path: file)).pixels)
  }

  /// `-o` through a symbolic link to a regular file: the file gets the image, the link stays.
  @Test func symlinkToAFileStaysALink() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("real.png").path, link = dir.appendingPathComponent("link.png").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.png")
    let (code, c) = strata("render", Self.scene, "-o", link, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    #expect(SpecialFiles.kind(link)?.type == S_IFLNK)
    #expect(try PNG.read(path: target).width == 640)
    #expect(SpecialFiles.temporaryFiles(in: dir).isEmpty)
  }

  /// A frame pattern below a regular file: the directory cannot be made, said the same way.
  @Test func patternDirectoryThatCannotBeMade() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    let (code, c) = strata("render", Self.scene, "--frames", "0:2", "-o", file.path + "/sub/f%d.png", "--backend", "cpu")
    #expect(code == .failure)
    #expect(c.stderr == "strata render: \(file.path): cannot write (Not a directory)\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == "x")
  }

  /// A temporary file left by a killed run with this process's id (as PID 1 in a
  /// container always has) does not block the next run.
  @Test func staleTemporaryFileDoesNotBlock() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("o.png").path
    let stale = dir.appendingPathComponent(".o.png.tmp-\(getpid())").path
    try Data("stale".utf8).write(to: URL(fileURLWithPath: stale))
    let (code, c) = strata("render", Self.scene, "-o", out, "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    #expect(try PNG.read(path: out).width == 640)
    // Someone else's file is left alone.
    #expect(try String(contentsOfFile: stale, encoding: .utf8) == "stale")
  }
}

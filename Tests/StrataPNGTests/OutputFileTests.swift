import Foundation
import Strata
import StrataPNG
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `OutputFile`: regular files replaced in one step through uniquely named temporary files,
/// devices and FIFOs written directly; and the APNG writer built on it.
struct OutputFileTests {
  @Test func temporaryNamesAreRandomAndUnique() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let target = dir.file("o.png")
    let a = try OutputFile(path: target), b = try OutputFile(path: target)
    let names = try dir.contents()
    #expect(names.count == 2)
    for name in names {
      #expect(name.wholeMatch(of: /\.o\.png\.tmp-[0-9a-f]{16}/) != nil, "\(name)")
      #expect(!name.hasSuffix("-\(getpid())"))
    }
    try a.write([1, 2, 3])
    try b.write([4, 5])
    try a.commit()
    try b.commit()
    #expect(try dir.contents() == ["o.png"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data([4, 5]))
  }

  @Test func abandonLeavesTheOldFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let target = dir.file("o.png")
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    let file = try OutputFile(path: target)
    #expect(file.isAtomic)
    try file.write(Array("new".utf8))
    file.abandon()
    #expect(try dir.contents() == ["o.png"])
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
  }

  /// Nothing is left when the object goes away unfinished (an error path that forgot).
  @Test func droppingAnUnfinishedFileRemovesIt() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    do {
      let file = try OutputFile(path: dir.file("o.png"))
      try file.write([1])
    }
    #expect(try dir.contents().isEmpty)
  }

  @Test func directoriesAndMissingDirectoriesAreErrors() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    #expect(throws: PNGError.writeFailed(file: dir.path, reason: "Is a directory")) { try OutputFile(path: dir.path) }
    let missing = dir.file("no/such/o.png")
    #expect(throws: PNGError.writeFailed(file: missing, reason: "No such file or directory")) { try OutputFile(path: missing) }
  }

  /// A FIFO is written, not replaced: the bytes come out at the other end.
  @Test func fifoIsWrittenDirectly() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let fifo = dir.file("pipe")
    #expect(mkfifo(fifo, 0o644) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    let file = try OutputFile(path: fifo)
    #expect(!file.isAtomic)
    try file.write([7, 8, 9])
    try file.commit()
    var buffer = [UInt8](repeating: 0, count: 16)
    let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
    #expect(Array(buffer.prefix(max(0, n))) == [7, 8, 9])
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(try dir.contents() == ["pipe"])
  }

  /// Frame by frame, the writer produces exactly what assembling in memory gives.
  @Test func apngWriterMatchesAssemble() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let frames = try (0..<3).map { i in
      try PNG.encode(Image(width: 4, height: 3) { x, y in (UInt8(x * 60), UInt8(y * 80), UInt8(i * 100), 255) })
    }
    let delay = APNG.Delay(fps: 24)
    let path = dir.file("a.png")
    let writer = try APNG.Writer(path: path, frameCount: 3, delay: delay)
    for f in frames { try writer.append(f) }
    try writer.finish()
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == (try APNG.assemble(frames, delay: delay)))
    #expect(try dir.contents() == ["a.png"])
  }

  /// Fewer frames than announced (the count is in the header): an error, and no file.
  @Test func apngWriterNeedsEveryFrame() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let frame = try PNG.encode(Image(width: 2, height: 2) { _, _ in (1, 2, 3, 255) })
    let writer = try APNG.Writer(path: dir.file("a.png"), frameCount: 2, delay: APNG.Delay(fps: 10))
    try writer.append(frame)
    #expect(throws: PNGError.self) { try writer.finish() }
    #expect(try dir.contents().isEmpty)
  }
}

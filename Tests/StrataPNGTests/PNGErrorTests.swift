import Foundation
import Strata
import StrataPNG
import Testing

/// Every way a PNG file can fail names the file and says what is wrong with it.
struct PNGErrorTests {
  static func fixtureBytes(_ name: String) throws -> [UInt8] {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Fixtures"))
    return try [UInt8](Data(contentsOf: url))
  }

  /// The error `body` throws; a test failure (and a placeholder) if it throws none.
  static func error(_ body: () throws -> Void) -> PNGError? {
    do {
      try body()
      Issue.record("expected a PNGError")
    } catch let error as PNGError {
      return error
    } catch {
      Issue.record("expected a PNGError, got \(error)")
    }
    return nil
  }

  @Test func missingFile() {
    let e = Self.error { _ = try PNG.read(path: "/nonexistent/images/logo.png") }
    #expect(e == .unreadable(file: "/nonexistent/images/logo.png", reason: "file not found"))
    #expect(e?.description == "/nonexistent/images/logo.png: file not found")
  }

  @Test func directoryIsNotAFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    #expect(Self.error { _ = try PNG.read(path: dir.path) } == .unreadable(file: dir.path, reason: "is a directory"))
  }

  @Test func emptyFile() {
    let e = Self.error { _ = try PNG.decode([], name: "empty.png") }
    #expect(e?.description == "empty.png: empty file")
  }

  @Test func notAPNG() {
    let e = Self.error { _ = try PNG.decode(Array("GIF89a, honest".utf8), name: "images/logo.png") }
    #expect(e?.description == "images/logo.png: not a PNG file (the PNG signature is missing)")
  }

  @Test func truncatedFile() throws {
    let bytes = try Self.fixtureBytes("rgb8")
    let e = Self.error { _ = try PNG.decode(Array(bytes.prefix(bytes.count / 2)), name: "half.png") }
    guard case .corrupt(let file, let reason) = e else {
      Issue.record("expected .corrupt, got \(String(describing: e))")
      return
    }
    #expect(file == "half.png")
    #expect(reason.hasPrefix("truncated PNG file"), "\(reason)")
  }

  @Test func truncatedSignature() {
    let e = Self.error { _ = try PNG.decode([0x89, 0x50, 0x4E], name: "x.png") }
    #expect(e?.description == "x.png: truncated PNG file (only 3 bytes)")
  }

  @Test func corruptCRC() throws {
    var bytes = try Self.fixtureBytes("rgb8")
    // Byte 29 is the last byte of the IHDR chunk's CRC (8 signature + 8 header + 13 data).
    bytes[29] ^= 0xFF
    let e = Self.error { _ = try PNG.decode(bytes, name: "crc.png") }
    guard case .corrupt(_, let reason) = e else {
      Issue.record("expected .corrupt, got \(String(describing: e))")
      return
    }
    #expect(reason.hasPrefix("damaged PNG file (checksum mismatch)"), "\(reason)")
  }

  @Test func overPixelBudget() throws {
    let bytes = try Self.fixtureBytes("interlaced")
    let e = Self.error { _ = try PNG.decode(bytes, name: "big.png", pixelBudget: 63) }
    #expect(e == .tooLarge(file: "big.png", width: 8, height: 8, budget: 63))
    #expect(e?.description == "big.png: image is 8 x 8 pixels, more than the limit of 63 pixels")
    #expect(try PNG.decode(bytes, name: "big.png", pixelBudget: 64).width == 8)
  }

  @Test func hugeHeaderIsRefusedBeforeAllocating() throws {
    // A valid IHDR promising 1,000,000 x 1,000,000 pixels (4 TB of RGBA) and no data: the
    // budget check has to fire on the header alone.
    var bytes = try Self.fixtureBytes("rgb8")
    bytes.replaceSubrange(16..<24, with: [0x00, 0x0F, 0x42, 0x40, 0x00, 0x0F, 0x42, 0x40])
    let crc = crc32(bytes[12..<29])
    bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
    let e = Self.error { _ = try PNG.decode(bytes, name: "bomb.png") }
    #expect(e == .tooLarge(file: "bomb.png", width: 1_000_000, height: 1_000_000, budget: PNG.defaultPixelBudget))
  }

  @Test func writeIntoMissingDirectoryLeavesNothing() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.file("missing/out.png")
    let e = Self.error { try PNG.write(PixelBuffer(width: 1, height: 1), to: path) }
    #expect(e == .writeFailed(file: path, reason: "No such file or directory"))
    #expect(e?.description == "\(path): cannot write (No such file or directory)")
    #expect(try dir.contents().isEmpty)
  }

  @Test func failedRenameRemovesTheTemporaryFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    // A non-empty directory where the file should go makes rename(2) fail after the data
    // was written to the temporary file.
    try FileManager.default.createDirectory(atPath: dir.file("out.png/inner"), withIntermediateDirectories: true)
    let e = Self.error { try PNG.write(PixelBuffer(width: 1, height: 1), to: dir.file("out.png")) }
    guard case .writeFailed = e else {
      Issue.record("expected .writeFailed, got \(String(describing: e))")
      return
    }
    #expect(try dir.contents() == ["out.png"])
  }

  /// PNG's CRC-32 (ISO 3309), for forging a header in a test.
  func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      c ^= UInt32(b)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return ~c
  }
}

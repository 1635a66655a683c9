import Foundation
import Strata
import StrataRender
import StrataScene
import Testing

@testable import StrataGL

/// Program binaries kept between renderers (`ProgramBinaryCache`): loaded when they match,
/// compiled again when they are damaged, refused by the driver, or of another key.
@Suite(.serialized) struct ProgramBinaryCacheTests {
  /// The showcase uses several draw variants and effect passes.
  static let list: RenderList = {
    let scene = try! SceneLoader.load(path: repoRoot.appendingPathComponent("Examples/showcase.json").path)
    return compile(scene)
  }()

  static func directory() throws -> String {
    let d = FileManager.default.temporaryDirectory.appendingPathComponent("strata-programs-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
    return d
  }

  static func renderer(_ dir: String?) throws -> GLRenderer {
    var o = GLRenderer.Options()
    o.programCacheDirectory = dir
    return try GLRenderer(options: o)
  }

  static func files(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".bin") }.sorted()
  }

  @Test(.enabled(if: GPU.runs, GPU.skipReason)) func aSecondRendererLoadsTheBinariesAndDrawsTheSamePixels() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let first = try Self.renderer(dir)
    let want = try first.render(Self.list)
    guard first.info.programBinaryFormats > 0 else {
      // Mesa with its shader cache disabled offers no binary format: no cache, no files.
      #expect(first.programCacheStats == .init())
      #expect(Self.files(dir).isEmpty)
      return
    }
    let made = first.programCacheStats
    #expect(made.stored >= 3 && made.loaded == 0 && made.rejected == 0, "\(made)")
    #expect(Self.files(dir).count == made.stored)
    let second = try Self.renderer(dir)
    #expect(try second.render(Self.list).pixels == want.pixels)
    #expect(second.programCacheStats == .init(loaded: made.stored, stored: 0, rejected: 0))
    // Without a directory, nothing is read or written.
    let none = try Self.renderer(nil)
    #expect(try none.render(Self.list).pixels == want.pixels)
    #expect(none.programCacheStats == .init())
  }

  @Test(.enabled(if: GPU.runs, GPU.skipReason)) func damagedAndRefusedBinariesAreCompiledAgain() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let first = try Self.renderer(dir)
    let want = try first.render(Self.list)
    guard first.info.programBinaryFormats > 0 else { return }
    let n = Self.files(dir).count
    try #require(n > 0)
    // Damaged: one byte of each binary flipped (the checksum no longer matches), or cut short.
    for (i, f) in Self.files(dir).enumerated() {
      let url = URL(fileURLWithPath: dir + "/" + f)
      var bytes = [UInt8](try Data(contentsOf: url))
      if i % 2 == 0 { bytes[bytes.count - 5] ^= 0x40 } else { bytes.removeLast(bytes.count / 3) }
      try Data(bytes).write(to: url)
    }
    let damaged = try Self.renderer(dir)
    #expect(try damaged.render(Self.list).pixels == want.pixels)
    #expect(damaged.programCacheStats == .init(loaded: 0, stored: n, rejected: n))
    // Refused: whole files of the right key and checksum whose binary is not the driver's.
    for f in Self.files(dir) {
      let url = URL(fileURLWithPath: dir + "/" + f)
      let bytes = [UInt8](try Data(contentsOf: url))
      let key = try #require(Self.key(of: bytes))
      let garbage = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
      try Data(ProgramBinaryCache.encode(key: key, format: 1, bytes: garbage)).write(to: url)
    }
    let refused = try Self.renderer(dir)
    #expect(try refused.render(Self.list).pixels == want.pixels)
    #expect(refused.programCacheStats == .init(loaded: 0, stored: n, rejected: n))
    // And the rewritten files load again.
    let again = try Self.renderer(dir)
    #expect(try again.render(Self.list).pixels == want.pixels)
    #expect(again.programCacheStats == .init(loaded: n, stored: 0, rejected: 0))
  }

  /// The key stored in a cache file (magic, 8-byte little-endian length, key).
  static func key(of file: [UInt8]) -> [UInt8]? {
    let m = ProgramBinaryCache.magic.count
    guard file.count > m + 8, Array(file[..<m]) == ProgramBinaryCache.magic else { return nil }
    let n = file[m..<(m + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
    guard n > 0, file.count >= m + 8 + n else { return nil }
    return Array(file[(m + 8)..<(m + 8 + n)])
  }

  /// Another driver or another shader source is another key: the file is not loaded.
  @Test func aFileHoldsExactlyItsKey() {
    let key = ProgramBinaryCache.key(driver: "Mesa\nllvmpipe\nOpenGL ES 3.2 Mesa 22.3.6", vertex: "v", fragment: "f")
    let file = ProgramBinaryCache.encode(key: key, format: 0x1234, bytes: [1, 2, 3, 4, 5])
    #expect(ProgramBinaryCache.decode(file, key: key)?.format == 0x1234)
    #expect(ProgramBinaryCache.decode(file, key: key)?.bytes == [1, 2, 3, 4, 5])
    let update = ProgramBinaryCache.key(driver: "Mesa\nllvmpipe\nOpenGL ES 3.2 Mesa 23.0.0", vertex: "v", fragment: "f")
    let edited = ProgramBinaryCache.key(driver: "Mesa\nllvmpipe\nOpenGL ES 3.2 Mesa 22.3.6", vertex: "v", fragment: "f2")
    #expect(ProgramBinaryCache.decode(file, key: update) == nil)
    #expect(ProgramBinaryCache.decode(file, key: edited) == nil)
    #expect(ProgramBinaryCache.decode(Array(file.dropLast()), key: key) == nil)
    #expect(ProgramBinaryCache.decode(file + [0], key: key) == nil)
    #expect(ProgramBinaryCache.decode([], key: key) == nil)
  }

  @Test func theDirectoryComesFromTheEnvironment() {
    typealias C = ProgramBinaryCache
    #expect(C.directory(environment: ["HOME": "/home/u"]) == "/home/u/.cache/strata/gl-programs")
    #expect(C.directory(environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "/c"]) == "/c/strata/gl-programs")
    // A relative XDG_CACHE_HOME is invalid by the XDG rules and is ignored.
    #expect(C.directory(environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "c"]) == "/home/u/.cache/strata/gl-programs")
    #expect(C.directory(environment: ["HOME": "/home/u", "STRATA_PROGRAM_CACHE": "/tmp/p"]) == "/tmp/p")
    #expect(C.directory(environment: ["HOME": "/home/u", "STRATA_PROGRAM_CACHE": "off"]) == nil)
    #expect(C.directory(environment: [:]) == nil)
  }
}

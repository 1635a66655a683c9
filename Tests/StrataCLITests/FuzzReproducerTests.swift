import Foundation
import Testing

/// The mutants that trapped or hung `strata render` before issue 15's fixes, kept in
/// `Fuzz/reproducers` by the mutation fuzzer (`Fuzz/mutate.py`; their README says which
/// class each belongs to): each now ends by itself with a picture or a message, on the CPU,
/// at the time the fuzzer rendered it.
@Suite struct FuzzReproducerTests {
  static let directory = repoRoot.appendingPathComponent("Fuzz/reproducers")

  /// `(file, --time)` as the README's table gives them.
  static let cases: [(String, String?)] = [
    ("m000101", nil), ("m002293", nil), ("m002580", "2.5"), ("m001134", nil), ("m001466", nil), ("m001484", "2.5"),
    ("m001654", "0.5"), ("m001732", "1000000"), ("m002155", "10"), ("m002388", "10"), ("m002832", nil),
  ]

  @Test func everyReproducerIsListed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }
    #expect(Set(files) == Set(Self.cases.map { "\($0.0).json" }))
  }

  @Test(arguments: cases.map { $0.0 })
  func reproducerEndsCleanly(_ name: String) throws {
    let time = Self.cases.first { $0.0 == name }?.1
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-repro-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out.png").path
    let args = ["render", Self.directory.appendingPathComponent("\(name).json").path, "-o", out, "--backend", "cpu"]
      + (time.map { ["--time", $0] } ?? [])
    let r = try ToolProcess.run(args)
    // 0 with a picture, or 1 with a message and no file; a trap is a signal's status.
    #expect(r.status == 0 || r.status == 1, "\(name): status \(r.status): \(r.stderr)")
    #expect(!r.stderr.contains("Fatal error"), "\(name): \(r.stderr)")
    #expect(FileManager.default.fileExists(atPath: out) == (r.status == 0), "\(name): status \(r.status), output \(FileManager.default.fileExists(atPath: out))")
  }
}

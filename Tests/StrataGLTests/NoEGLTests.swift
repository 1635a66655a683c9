import Foundation
import Testing

/// Without EGL the tools still render, on the CPU, and say why. Runs the built `strata`
/// binary with `STRATA_EGL_LIBRARY` pointing at a library that does not exist, which is
/// what a machine without Mesa's packages looks like to the loader.
@Suite struct NoEGLTests {
  static var strata: URL? {
    // The test bundle sits in the build directory next to the tools.
    let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
      .map { $0.appendingPathComponent("strata") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  func run(_ args: [String], env: [String: String]) throws -> (Int32, String) {
    let tool = try #require(Self.strata, "the strata tool is not built next to the tests")
    let p = Process()
    p.executableURL = tool
    p.arguments = args
    p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    try p.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return (p.terminationStatus, out)
  }

  @Test func autoRendersOnTheCPUAndInfoSaysWhy() throws {
    let noEGL = ["STRATA_EGL_LIBRARY": "/nonexistent/libEGL.so.1"]
    let (infoStatus, info) = try run(["info"], env: noEGL)
    #expect(infoStatus == 0)
    #expect(info.contains("gpu: unavailable") && info.contains("libEGL") && info.contains("auto: cpu"), "\(info)")
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-noegl-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: out) }
    let (status, text) = try run(
      ["render", repoRoot.appendingPathComponent("Examples/showcase.json").path, "-o", out.path, "--backend", "auto", "--verbose"],
      env: noEGL)
    #expect(status == 0, "\(text)")
    #expect(text.contains("backend: cpu"), "\(text)")
    #expect(FileManager.default.fileExists(atPath: out.path))

    // Asking for the GPU when there is none is an error, with no output file.
    let gpuOut = out.deletingLastPathComponent().appendingPathComponent("strata-noegl-gpu-\(UUID().uuidString).png")
    let (gpuStatus, gpuText) = try run(
      ["render", repoRoot.appendingPathComponent("Examples/showcase.json").path, "-o", gpuOut.path, "--backend", "gpu"], env: noEGL)
    #expect(gpuStatus == 1, "\(gpuText)")
    #expect(gpuText.contains("libEGL"), "\(gpuText)")
    #expect(!FileManager.default.fileExists(atPath: gpuOut.path))
  }
}

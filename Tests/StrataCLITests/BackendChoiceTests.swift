import Foundation
import StrataScratch
import Testing

/// `STRATA_BACKEND` and `STRATA_EGL_PLATFORM` are checked like flags, and `--backend auto`
/// takes only a hardware GPU. Runs the built tool, since these are read from the process
/// environment.
@Suite(.scratch) struct BackendChoiceTests {
  static let scene = repoRoot.appendingPathComponent("Examples/showcase.json").path
  static let noEGL = ["STRATA_EGL_LIBRARY": "/nonexistent/libEGL.so.1"]

  @Test func unknownBackendVariableIsAnErrorNamingIt() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("x.png").path
    let r = try ToolProcess.run(["render", Self.scene, "-o", out], env: ["STRATA_BACKEND": "bogus"])
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains("STRATA_BACKEND=bogus") && r.stderr.contains("auto, cpu or gpu"), "\(r.stderr)")
    #expect(!r.stderr.contains("--backend"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let info = try ToolProcess.run(["info"], env: ["STRATA_BACKEND": "bogus"])
    #expect(info.status == 2 && info.stderr.contains("STRATA_BACKEND=bogus"), "\(info.stderr)")
  }

  @Test func unknownPlatformVariableIsAnError() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("x.png").path
    for args in [["render", Self.scene, "-o", out], ["info"], ["parity", Self.scene]] {
      let r = try ToolProcess.run(args, env: ["STRATA_EGL_PLATFORM": "bogus"])
      #expect(r.status == 2, "\(args): \(r.stdout)\(r.stderr)")
      #expect(r.stderr.contains("STRATA_EGL_PLATFORM=bogus") && r.stderr.contains("device, gbm or surfaceless"), "\(r.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// A typo in `STRATA_GL_MASK_TILING` stops every tool before it renders, naming the
  /// variable and its values, and writes no file.
  @Test func unknownMaskTilingVariableIsAnError() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("x.png").path
    for args in [["render", Self.scene, "-o", out], ["info"], ["parity", Self.scene]] {
      let r = try ToolProcess.run(args, env: ["STRATA_GL_MASK_TILING": "maybe"])
      #expect(r.status == 2, "\(args): \(r.stdout)\(r.stderr)")
      #expect(r.stderr.contains("STRATA_GL_MASK_TILING=maybe") && r.stderr.contains("on or off"), "\(r.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// `STRATA_BACKEND=gpu` on a machine without a GPU: the error names the variable.
  @Test func missingGPUErrorNamesTheVariable() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("x.png").path
    let r = try ToolProcess.run(["render", Self.scene, "-o", out], env: Self.noEGL.merging(["STRATA_BACKEND": "gpu"]) { $1 })
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stderr.contains("STRATA_BACKEND=gpu"), "\(r.stderr)")
    #expect(!r.stderr.contains("--backend gpu"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    // The flag is named when the flag asked.
    let flag = try ToolProcess.run(["render", Self.scene, "-o", out, "--backend", "gpu"], env: Self.noEGL)
    #expect(flag.status == 1 && flag.stderr.contains("--backend gpu"), "\(flag.stderr)")
  }

  /// With `STRATA_EGL_PLATFORM`, `strata info` says that it probed that platform only.
  @Test(arguments: ["device", "gbm", "surfaceless"])
  func infoSaysWhichPlatformWasForced(_ platform: String) throws {
    let r = try ToolProcess.run(["info"], env: ["STRATA_EGL_PLATFORM": platform])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("  EGL platform: \(platform) only (STRATA_EGL_PLATFORM=\(platform))"), "\(r.stdout)")
    #expect(r.stdout.contains("auto: "), "\(r.stdout)")
  }

  /// On a machine whose only GPU is llvmpipe (this one, and CI), auto renders on the CPU
  /// and says why; `--backend gpu` still takes llvmpipe.
  @Test func autoLeavesSoftwareGPUsAlone() throws {
    let info = try ToolProcess.run(["info"])
    #expect(info.status == 0)
    guard info.stdout.contains("GL renderer: llvmpipe") else {
      // A hardware GPU (or none): auto's line must say which.
      #expect(info.stdout.contains("auto: gpu (a hardware GPU") || info.stdout.contains("auto: cpu (no GPU)"), "\(info.stdout)")
      return
    }
    let autoLine = info.stdout.split(separator: "\n").first { $0.hasPrefix("auto: ") }.map(String.init) ?? ""
    #expect(autoLine.hasPrefix("auto: cpu (") && autoLine.contains("llvmpipe") && autoLine.contains("software rasteriser"), "\(info.stdout)")

    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("auto.png").path
    let auto = try ToolProcess.run(["render", Self.scene, "-o", out, "--verbose"])
    #expect(auto.status == 0, "\(auto.stderr)")
    #expect(auto.stderr.contains("backend: cpu\n  auto: cpu (no hardware GPU: "), "\(auto.stderr)")
    let gpuOut = dir.appendingPathComponent("gpu.png").path
    let gpu = try ToolProcess.run(["render", Self.scene, "-o", gpuOut, "--verbose", "--backend", "gpu"])
    #expect(gpu.status == 0, "\(gpu.stderr)")
    #expect(gpu.stderr.contains("backend: gpu (llvmpipe"), "\(gpu.stderr)")
  }
}

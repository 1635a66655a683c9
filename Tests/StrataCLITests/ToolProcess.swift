import Foundation
import Synchronization
import Testing

/// Runs the built `strata` tool as a child process, with extra environment variables: the
/// only faithful way to test what the tool reads from its environment.
enum ToolProcess {
  static var tool: URL? {
    // The test bundle sits in the build directory next to the tools.
    let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
      .map { $0.appendingPathComponent("strata") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `strata args…` with `env` added to (or, for empty values, removed from) this
  /// process's environment.
  static func run(_ args: [String], env: [String: String] = [:]) throws -> Output {
    let tool = try #require(Self.tool, "the strata tool is not built next to the tests")
    let p = Process()
    p.executableURL = tool
    p.arguments = args
    var environment = ProcessInfo.processInfo.environment
    for name in ["STRATA_BACKEND", "STRATA_EGL_PLATFORM"] { environment[name] = nil }
    for (k, v) in env { environment[k] = v }
    p.environment = environment
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    // Read both pipes before waiting: a full pipe would block the child.
    let errData = Mutex(Data())
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      let d = err.fileHandleForReading.readDataToEndOfFile()
      errData.withLock { $0 = d }
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    p.waitUntilExit()
    return Output(
      status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
  }
}
